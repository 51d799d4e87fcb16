import styled from 'styled-components';
import type { CampaignStats } from './statsApi';
import { formatOrdinalDate, Panel } from 'shared-ui';
import { Table, type TableColumn } from 'shared-ui/workspace';

/** The profile's name and picture come with newer servers; older replies have only usernames. */
type Advocate = CampaignStats['advocates'][number] & {
  full_name?: string;
  picture_url?: string | null;
};

const COLUMNS: TableColumn<Advocate>[] = [
  {
    key: 'full_name',
    header: 'Advocate',
    render: (a) => (
      <Person>
        {a.picture_url ? (
          <Picture src={a.picture_url} alt="" />
        ) : (
          <Initial aria-hidden="true">
            {(a.full_name || a.username).charAt(0).toUpperCase()}
          </Initial>
        )}
        {a.full_name || a.username}
      </Person>
    ),
    sortable: true,
    sortValue: (a) => a.full_name || a.username,
  },
  { key: 'username', header: 'Username', sortable: true },
  { key: 'email', header: 'Email' },
  {
    key: 'joined_at',
    header: 'Joined',
    render: (a) => formatOrdinalDate(a.joined_at),
    sortable: true,
    sortValue: (a) => a.joined_at,
  },
];

/** Who joined the campaign, newest sort available by the Joined column. */
export function AdvocatesTable({ advocates }: { advocates: readonly Advocate[] }) {
  return (
    <Panel title="Advocates" gap={3}>
      <Table
        caption="Advocates who joined"
        columns={COLUMNS}
        rows={advocates}
        pageSize={10}
        emptyText="No advocates have joined this campaign yet."
      />
    </Panel>
  );
}

const Person = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(2)};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
`;

const Picture = styled.img`
  width: 28px;
  height: 28px;
  border-radius: 50%;
  object-fit: cover;
`;

const Initial = styled.span`
  display: inline-grid;
  place-items: center;
  width: 28px;
  height: 28px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.surfaceAlt};
  border: 1px solid ${({ theme }) => theme.colors.border};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

import styled from 'styled-components';
import type { CampaignStatsAdvocate as Advocate } from 'contract';
import { formatOrdinalDate, Panel } from 'shared-ui';
import { Table, type TableColumn } from 'shared-ui/workspace';

// Username, Email and Joined; the username cell also shows the profile's picture and, when the
// advocate set one, their name (three columns fit beside the products list).
const COLUMNS: TableColumn<Advocate>[] = [
  {
    key: 'username',
    header: 'Username',
    render: (a) => (
      <Person>
        {a.picture_url ? (
          <Picture src={a.picture_url} alt="" />
        ) : (
          <Initial aria-hidden="true">{a.username.charAt(0).toUpperCase()}</Initial>
        )}
        <Names>
          <strong>{a.username}</strong>
          {a.full_name !== a.username && <Muted>{a.full_name}</Muted>}
        </Names>
      </Person>
    ),
    sortable: true,
  },
  { key: 'email', header: 'Email' },
  {
    key: 'joined_at',
    header: 'Joined',
    render: (a) => formatOrdinalDate(a.joined_at),
    sortable: true,
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

const Names = styled.span`
  display: flex;
  flex-direction: column;
  min-width: 0;
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.regular};
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

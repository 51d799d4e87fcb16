import styled from 'styled-components';
import type { CampaignStats } from 'shared-api/tracking';
import { Card, Heading, formatOrdinalDate } from 'shared-ui';
import { Table, type TableColumn } from 'shared-ui/workspace';

type Advocate = CampaignStats['advocates'][number];

const COLUMNS: TableColumn<Advocate>[] = [
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
export function AdvocatesTable({ advocates }: { advocates: CampaignStats['advocates'] }) {
  return (
    <Panel as="section" aria-labelledby="stats-advocates-heading">
      <Heading level={2} size="lg" id="stats-advocates-heading">
        Advocates
      </Heading>
      <Table
        caption="Advocates who joined"
        columns={COLUMNS}
        rows={advocates}
        getRowId={(a) => a.id}
        pageSize={10}
        emptyText="No advocates have joined this campaign yet."
      />
    </Panel>
  );
}

const Panel = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(3)};
  min-width: 0;
`;

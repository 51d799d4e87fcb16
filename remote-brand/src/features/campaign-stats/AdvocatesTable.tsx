import type { CampaignStatsAdvocate as Advocate } from 'contract';
import { formatOrdinalDate, Panel } from 'shared-ui';
import { Table, type TableColumn } from 'shared-ui/workspace';
import { PersonCell } from '../../components/PersonCell';

// Username, Email and Joined; the username cell also shows the profile's picture and, when the
// advocate set one, their name (three columns fit beside the products list).
const COLUMNS: TableColumn<Advocate>[] = [
  {
    key: 'username',
    header: 'Username',
    render: (a) => (
      <PersonCell
        pictureUrl={a.picture_url}
        name={a.username}
        detail={a.full_name !== a.username ? a.full_name : null}
      />
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

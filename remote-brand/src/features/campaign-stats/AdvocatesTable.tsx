import type { CampaignStatsAdvocate as Advocate } from 'contract';
import { formatDate, Panel } from 'shared-ui';
import { Table, type TableColumn } from 'shared-ui/workspace';
import { PersonCell } from '../../components/PersonCell';
import {
  AdvocatePromotionCodes,
  GivePromotionCode,
  usePromotionCodesByAdvocate,
} from '../integrations';

// Username, Email, Joined and the advocate's Stripe promotion codes; the username cell also shows
// the profile's picture and, when the advocate set one, their name.
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
    render: (a) => formatDate(a.joined_at),
    sortable: true,
  },
];

/**
 * Who joined the campaign, newest sort available by the Joined column, with the promotion codes
 * given to each and, for the brand's team, a way to give one.
 */
export function AdvocatesTable({
  advocates,
  brandId,
  campaignId,
}: {
  advocates: readonly Advocate[];
  brandId: number | null;
  campaignId: number;
}) {
  const codes = usePromotionCodesByAdvocate(campaignId);
  const columns: TableColumn<Advocate>[] = [
    ...COLUMNS,
    {
      key: 'codes',
      header: 'Promotion codes',
      render: (a) => (
        <AdvocatePromotionCodes campaignId={campaignId} codes={codes.get(a.id) ?? []} />
      ),
    },
  ];
  return (
    <Panel title="Advocates" gap={3}>
      <Table
        caption="Advocates who joined"
        columns={columns}
        rows={advocates}
        pageSize={10}
        emptyText="No advocates have joined this campaign yet."
      />
      {brandId !== null && (
        <GivePromotionCode brandId={brandId} campaignId={campaignId} advocates={advocates} />
      )}
    </Panel>
  );
}

import type { CampaignBreakdown } from 'contract';
import { formatMoney } from 'shared-ui';
import { formatCount } from 'shared-ui/insights';
import { figureColumn, Table, type TableColumn } from 'shared-ui/workspace';

/** Per campaign: clicks, conversions, revenue and the rewards earned, sortable and selectable. */
export function BreakdownTable({
  rows,
  currency,
}: {
  rows: readonly CampaignBreakdown[];
  currency: string;
}) {
  const columns: TableColumn<CampaignBreakdown>[] = [
    {
      key: 'name',
      header: 'Name',
      sortable: true,
      render: (r) => r.campaign_name ?? `Campaign ${r.campaign_id}`,
      sortValue: (r) => r.campaign_name ?? '',
    },
    { key: 'brand_name', header: 'Brand', sortable: true },
    figureColumn('clicks', 'Clicks', (r) => formatCount(r.clicks), { sortable: true }),
    figureColumn('conversions', 'Conversions', (r) => formatCount(r.conversions), {
      sortable: true,
    }),
    figureColumn('revenue', 'Revenue', (r) => formatMoney(r.revenue, currency), { sortable: true }),
    figureColumn('rewards_paid', 'Rewards', (r) => formatMoney(r.earnings, currency), {
      sortable: true,
      sortValue: (r) => r.earnings,
    }),
  ];
  return (
    <Table
      caption="Performance by campaign"
      columns={columns}
      rows={rows}
      getRowId={(r) => r.campaign_id}
      selectable
      rowLabel={(r) => `Select ${r.campaign_name ?? `campaign ${r.campaign_id}`}`}
      emptyText="No performance data"
    />
  );
}

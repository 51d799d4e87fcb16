import type { CampaignBreakdown } from 'contract';
import { formatMoney } from 'shared-ui';
import { formatCount } from 'shared-ui/insights';
import { Table, type TableColumn } from 'shared-ui/workspace';

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
    {
      key: 'clicks',
      header: 'Clicks',
      align: 'right',
      sortable: true,
      render: (r) => formatCount(r.clicks),
    },
    {
      key: 'conversions',
      header: 'Conversions',
      align: 'right',
      sortable: true,
      render: (r) => formatCount(r.conversions),
    },
    {
      key: 'revenue',
      header: 'Revenue',
      align: 'right',
      sortable: true,
      render: (r) => formatMoney(r.revenue, currency),
    },
    {
      key: 'rewards_paid',
      header: 'Rewards',
      align: 'right',
      sortable: true,
      render: (r) => formatMoney(r.earnings, currency),
      sortValue: (r) => r.earnings,
    },
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

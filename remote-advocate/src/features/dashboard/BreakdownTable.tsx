import type { CampaignBreakdown } from 'contract';
import { formatMoney } from 'shared-ui';
import styled from 'styled-components';
import { formatCount } from 'shared-ui/insights';
import { figureColumn, Table, type TableColumn } from 'shared-ui/workspace';

/**
 * A campaign's money in each currency it earned in, one line each (as the cards list their other
 * currencies): a euro campaign shows its euros, not $0.00 of the main currency.
 */
function amounts(row: CampaignBreakdown, figure: 'revenue' | 'earnings', currency: string) {
  const lines = row.by_currency.filter((c) => c[figure] !== 0);
  if (lines.length === 0) return formatMoney(0, currency);
  return (
    <>
      {lines.map((c) => (
        <Line key={c.currency}>{formatMoney(c[figure], c.currency)}</Line>
      ))}
    </>
  );
}

const Line = styled.span`
  display: block;
`;

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
    figureColumn('revenue', 'Revenue', (r) => amounts(r, 'revenue', currency), {
      sortable: true,
    }),
    figureColumn('rewards_paid', 'Rewards', (r) => amounts(r, 'earnings', currency), {
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

import { figureColumn, Table, type TableColumn } from 'shared-ui/workspace';
import { formatMoney } from 'shared-ui';
import type { PlatformRow, TopAdvocate } from 'contract';
import { formatCount, formatPercent } from './format';
import { SOURCE_LABELS } from './SourcesDoughnut';

export type TopAdvocateRow = TopAdvocate;
export type TopPlatformRow = PlatformRow;

export function TopAdvocatesTable({
  rows,
  currency,
}: {
  rows: readonly TopAdvocateRow[];
  currency: string;
}) {
  const columns: TableColumn<TopAdvocateRow>[] = [
    { key: 'name', header: 'Advocate' },
    {
      key: 'brands',
      header: 'Brands',
      render: (r) => r.brands.join(', ') || '—',
      sortValue: (r) => r.brands.length,
    },
    figureColumn('amount', 'Revenue', (r) => formatMoney(r.amount, currency)),
    figureColumn('conversion', 'Conversions', (r) => formatCount(r.conversion)),
  ];
  return (
    <Table
      caption="Top advocates"
      columns={columns}
      rows={rows}
      emptyText="No advocate sales yet"
    />
  );
}

export function TopPlatformsTable({
  rows,
  currency,
}: {
  rows: readonly TopPlatformRow[];
  currency: string;
}) {
  const columns: TableColumn<TopPlatformRow>[] = [
    { key: 'source', header: 'Platform', render: (r) => SOURCE_LABELS[r.source] },
    figureColumn('views', 'Views', (r) => formatCount(r.views)),
    figureColumn('clicks', 'Clicks', (r) => formatCount(r.clicks)),
    figureColumn('conversions', 'Conversions', (r) => formatCount(r.conversions)),
    figureColumn('revenue', 'Revenue', (r) => formatMoney(r.revenue, currency)),
    figureColumn('percentage', 'Share', (r) => formatPercent(r.percentage)),
  ];
  return (
    <Table
      caption="Top platforms"
      columns={columns}
      rows={rows}
      getRowId={(row) => row.source}
      emptyText="No platform activity yet"
    />
  );
}

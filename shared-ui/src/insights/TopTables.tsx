import { Table, type TableColumn } from 'shared-ui/workspace';
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
    {
      key: 'amount',
      header: 'Revenue',
      align: 'right',
      render: (r) => formatMoney(r.amount, currency),
    },
    {
      key: 'conversion',
      header: 'Conversions',
      align: 'right',
      render: (r) => formatCount(r.conversion),
    },
  ];
  return (
    <Table
      caption="Top advocates"
      columns={columns}
      rows={rows}
      getRowId={(row) => row.id}
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
    { key: 'views', header: 'Views', align: 'right', render: (r) => formatCount(r.views) },
    { key: 'clicks', header: 'Clicks', align: 'right', render: (r) => formatCount(r.clicks) },
    {
      key: 'conversions',
      header: 'Conversions',
      align: 'right',
      render: (r) => formatCount(r.conversions),
    },
    {
      key: 'revenue',
      header: 'Revenue',
      align: 'right',
      render: (r) => formatMoney(r.revenue, currency),
    },
    {
      key: 'percentage',
      header: 'Share',
      align: 'right',
      render: (r) => formatPercent(r.percentage),
    },
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

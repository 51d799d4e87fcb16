import type { Payment } from 'contract';
import { useState } from 'react';
import { ErrorBanner, formatMemberSince, formatMoney, useExportableTable } from 'shared-ui';
import { figureColumn, Pagination, Table, type TableColumn } from 'shared-ui/workspace';
import { PAYMENTS_PER_PAGE, useListPaymentsQuery } from './paymentsApi';

const columns: TableColumn<Payment>[] = [
  { key: 'transaction_id', header: 'Transaction' },
  {
    key: 'advocate',
    header: 'Advocate',
    render: (p) => (
      <>
        {p.advocate_name}
        <br />
        <small>{p.advocate_email}</small>
      </>
    ),
  },
  { key: 'campaign_name', header: 'Campaign', render: (p) => p.campaign_name ?? '—' },
  figureColumn('amount', 'Amount', (p) => formatMoney(p.amount, p.currency)),
  { key: 'date', header: 'Date', render: (p) => formatMemberSince(p.date) },
];

const exportColumns = [
  { header: 'Transaction', value: (p: Payment) => p.transaction_id },
  { header: 'Advocate', value: (p: Payment) => p.advocate_name },
  { header: 'Advocate email', value: (p: Payment) => p.advocate_email },
  { header: 'Campaign', value: (p: Payment) => p.campaign_name },
  { header: 'Amount', value: (p: Payment) => p.amount },
  { header: 'Currency', value: (p: Payment) => p.currency },
  { header: 'Date', value: (p: Payment) => p.date },
] as const;

/** The brand's sales attributed to advocates, newest first, ten a page. */
export function PaymentsTable({ brandId, tz }: { brandId: number | null; tz: string }) {
  const [page, setPage] = useState(1);
  const { data, isLoading, isFetching, isError, refetch } = useListPaymentsQuery({
    page,
    brandId,
    tz,
  });
  useExportableTable(
    data && !isError ? { name: 'payments', columns: exportColumns, rows: data.results } : null,
  );

  if (isError) {
    return <ErrorBanner message="Failed to fetch payments" onRetry={() => void refetch()} />;
  }
  return (
    <>
      <Table
        caption="Payments"
        columns={columns}
        rows={data?.results ?? []}
        loading={isLoading || (isFetching && !data)}
        emptyText="No payments found."
      />
      {data && data.meta.pages > 1 && (
        <Pagination
          page={data.meta.page}
          pages={data.meta.pages}
          total={data.count}
          perPage={PAYMENTS_PER_PAGE}
          onPageChange={setPage}
        />
      )}
    </>
  );
}

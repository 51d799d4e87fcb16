import type { Payment } from 'contract';
import { useCallback, useState } from 'react';
import { useAppDispatch } from 'shared-api';
import { ErrorBanner, NetAmount, Text, formatDate, useExportableTable } from 'shared-ui';
import { formatCount, formatDay } from 'shared-ui/insights';
import { figureColumn, Pagination, Table, type TableColumn } from 'shared-ui/workspace';
import { eventLabel, SOURCE_LABELS } from '../integrations';
import {
  PAYMENTS_MAX_PER_PAGE,
  PAYMENTS_PER_PAGE,
  paymentsApi,
  useListPaymentsQuery,
  type PaymentsArgs,
} from './paymentsApi';

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
  // Net of refunds, the refunded part under it (docs/metrics.md).
  figureColumn('amount', 'Amount', (p) => (
    <NetAmount amount={p.amount} refunded={p.refunded_amount} currency={p.currency} />
  )),
  {
    key: 'source',
    header: 'Source',
    render: (p) => (
      <>
        {SOURCE_LABELS[p.reported_with]}
        {p.renewal_number !== null && (
          <>
            <br />
            <small>{eventLabel(p)}</small>
          </>
        )}
      </>
    ),
  },
  { key: 'date', header: 'Date', render: (p) => formatDate(p.date) },
];

const exportColumns = [
  { header: 'Transaction', value: (p: Payment) => p.transaction_id },
  { header: 'Advocate', value: (p: Payment) => p.advocate_name },
  { header: 'Advocate email', value: (p: Payment) => p.advocate_email },
  { header: 'Campaign', value: (p: Payment) => p.campaign_name },
  { header: 'Amount', money: (p: Payment) => [{ amount: p.amount, currency: p.currency }] },
  { header: 'Source', value: (p: Payment) => SOURCE_LABELS[p.reported_with] },
  { header: 'Type', value: (p: Payment) => eventLabel(p) },
  { header: 'Date', value: (p: Payment) => p.date },
] as const;

interface PaymentsTableProps {
  brandId: number | null;
  tz: string;
  /** The dashboard's period: the table lists the sales of these days, as the cards count them. */
  since: string;
  until: string;
}

/**
 * The brand's sales attributed to advocates in the dashboard's period, newest first, ten a page.
 * The header's Export saves every sale of the period, not the page on screen.
 */
export function PaymentsTable({ brandId, tz, since, until }: PaymentsTableProps) {
  const [shown, setPage] = useState({ page: 1, since, until });
  // A new period starts again at its first page.
  const page = shown.since === since && shown.until === until ? shown.page : 1;
  const dispatch = useAppDispatch();
  const { data, isLoading, isFetching, isError, refetch } = useListPaymentsQuery({
    page,
    brandId,
    tz,
    since,
    until,
  });

  const loadAll = useCallback(async () => {
    const rows: Payment[] = [];
    const args: Omit<PaymentsArgs, 'page'> = {
      brandId,
      tz,
      since,
      until,
      perPage: PAYMENTS_MAX_PER_PAGE,
    };
    for (let next = 1, pages = 1; next <= pages; next += 1) {
      const reply = await dispatch(
        paymentsApi.endpoints.listPayments.initiate({ ...args, page: next }, { subscribe: false }),
      ).unwrap();
      rows.push(...reply.results);
      pages = reply.meta.pages;
    }
    return rows;
  }, [dispatch, brandId, tz, since, until]);

  useExportableTable(
    data && !isError
      ? {
          name: 'payments',
          columns: exportColumns,
          rows: data.results,
          total: data.meta.total,
          loadAll,
        }
      : null,
  );

  if (isError) {
    return <ErrorBanner message="Failed to fetch payments" onRetry={() => void refetch()} />;
  }
  return (
    <>
      <Text size="sm" muted>
        Sales with a value from {formatDay(since)} to {formatDay(until)}
        {data ? ` · ${formatCount(data.meta.total)} in all` : ''}
      </Text>
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
          onPageChange={(next) => setPage({ page: next, since, until })}
        />
      )}
    </>
  );
}

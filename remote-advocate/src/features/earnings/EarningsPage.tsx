import type { EarningEntry, EarningsQuery } from 'contract';
import { EVENT_TYPES } from 'contract/rules';
import { useState } from 'react';
import {
  Badge,
  Button,
  Card,
  ErrorBanner,
  Input,
  Label,
  PageHeader,
  Select,
  formatMemberSince,
  formatMoney,
  type BadgeTone,
} from 'shared-ui';
import { Pagination, StatCard, Table, type TableColumn } from 'shared-ui/workspace';
import styled from 'styled-components';
import { TRANSACTIONS_PER_PAGE, useGetEarningsQuery, useListEarningsQuery } from './earningsApi';
import {
  ADVOCATE_PERIODS,
  DEFAULT_ADVOCATE_PERIOD,
  periodRange,
  type AdvocatePeriod,
} from '../dashboard';

const STATUS_TONE: Record<EarningEntry['status'], BadgeTone> = {
  pending: 'warning',
  approved: 'info',
  paid: 'success',
  rejected: 'danger',
};
const PAYOUT_LABEL = {
  pending: 'Pending',
  ongoing: 'Ongoing',
  successful: 'Successful',
  failed: 'Failed',
};

const columns: TableColumn<EarningEntry>[] = [
  { key: 'date', header: 'Date', render: (e) => formatMemberSince(e.created_at) },
  {
    key: 'what',
    header: 'Transaction',
    render: (e) => (
      <>
        {e.kind === 'clawback' ? 'Refund deduction' : e.event_type} · {e.conversion_ref}
        <br />
        <small>
          {e.brand_name}
          {e.campaign_name ? ` · ${e.campaign_name}` : ''}
        </small>
      </>
    ),
  },
  {
    key: 'amount',
    header: 'Amount',
    align: 'right',
    render: (e) => formatMoney(e.amount, e.currency),
  },
  {
    key: 'status',
    header: 'Status',
    render: (e) => <Badge tone={STATUS_TONE[e.status]}>{e.status}</Badge>,
  },
  {
    key: 'payout',
    header: 'Payout',
    render: (e) => (e.payout ? `Payout #${e.payout.id} · ${PAYOUT_LABEL[e.payout.status]}` : '—'),
  },
];

const typeOptions = EVENT_TYPES.map((t) => ({ value: t, label: t }));

const perCurrency = (amounts: readonly { currency: string; amount: number }[]) =>
  amounts.length === 0
    ? formatMoney(0)
    : amounts.map((a) => formatMoney(a.amount, a.currency)).join(' · ');

/** /advocate/earnings: totals, balance and the transaction history (10 a page). */
export function EarningsPage() {
  const [period, setPeriod] = useState<AdvocatePeriod>(DEFAULT_ADVOCATE_PERIOD);
  const [eventType, setEventType] = useState('');
  const [minimum, setMinimum] = useState('');
  const [page, setPage] = useState(1);
  const summary = useGetEarningsQuery();
  const query: EarningsQuery = {
    since: periodRange(period, new Date()).since,
    page,
    ...(eventType ? { event_type: eventType as EarningsQuery['event_type'] } : {}),
    // Sent as a number only when filled in.
    ...(minimum.trim() !== '' && Number.isFinite(Number(minimum))
      ? { min_value: Number(minimum) }
      : {}),
  };
  const list = useListEarningsQuery(query);
  const refresh = () => {
    void summary.refetch();
    void list.refetch();
  };

  return (
    <>
      <PageHeader
        title="Earnings"
        subtitle="Your rewards, what you can be paid, and every transaction."
      />
      {summary.isError ? (
        <ErrorBanner message="Failed to load earnings" onRetry={() => void summary.refetch()} />
      ) : (
        <Cards>
          <StatCard
            title="Total Earnings"
            value={summary.data ? perCurrency(summary.data.total_earnings) : '…'}
            hint="pending, approved and paid"
          />
          <StatCard
            title="Current Balance"
            value={summary.data ? perCurrency(summary.data.current_balance) : '…'}
            hint="approved, not yet paid"
          />
        </Cards>
      )}
      <Panel as="section" aria-label="Transaction History">
        <Filters role="search" aria-label="Filter transactions">
          <Field>
            <Label htmlFor="earnings-period">Period</Label>
            <Select
              id="earnings-period"
              options={ADVOCATE_PERIODS}
              value={period}
              onChange={(e) => {
                setPeriod(e.target.value as AdvocatePeriod);
                setPage(1);
              }}
            />
          </Field>
          <Field>
            <Label htmlFor="earnings-type">Type</Label>
            <Select
              id="earnings-type"
              placeholder="All types"
              options={typeOptions}
              value={eventType}
              onChange={(e) => {
                setEventType(e.target.value);
                setPage(1);
              }}
            />
          </Field>
          <Field>
            <Label htmlFor="earnings-min">Minimum amount</Label>
            <Input
              id="earnings-min"
              type="number"
              min={0}
              step={0.01}
              value={minimum}
              onChange={(e) => {
                setMinimum(e.target.value);
                setPage(1);
              }}
            />
          </Field>
          <Button variant="secondary" onClick={refresh}>
            Refresh
          </Button>
        </Filters>
        {list.isError ? (
          <ErrorBanner message="Failed to load earnings" onRetry={() => void list.refetch()} />
        ) : (
          <>
            <Table
              caption="Transaction History"
              showCaption
              columns={columns}
              rows={list.data?.results ?? []}
              getRowId={(e) => e.id}
              loading={list.isLoading || (list.isFetching && !list.data)}
              emptyText="No transactions found."
            />
            {list.data && list.data.meta.pages > 1 && (
              <Pagination
                page={list.data.meta.page}
                pages={list.data.meta.pages}
                total={list.data.meta.total}
                perPage={TRANSACTIONS_PER_PAGE}
                onPageChange={setPage}
              />
            )}
          </>
        )}
      </Panel>
    </>
  );
}

const Cards = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr));
  gap: ${({ theme }) => theme.spacing(3)};
  margin-bottom: ${({ theme }) => theme.spacing(4)};
`;

const Panel = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(3)};
  min-width: 0;
`;

const Filters = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.spacing(2)};
`;

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(1)};
`;

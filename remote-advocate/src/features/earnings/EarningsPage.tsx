import type { EarningEntry, EarningsQuery } from 'contract';
import { EVENT_TYPES } from 'contract/rules';
import { useState, type ChangeEvent } from 'react';
import {
  Badge,
  Button,
  Cluster,
  ErrorBanner,
  Input,
  LabelledControl,
  PageHeader,
  Panel,
  Select,
  Text,
  controlErrorProps,
  formatMemberSince,
  formatMoney,
  type BadgeTone,
  autoGrid,
  formatAmounts,
  valueOptions,
} from 'shared-ui';
import {
  figureColumn,
  ReplyPagination,
  StatCard,
  Table,
  type TableColumn,
} from 'shared-ui/workspace';
import styled from 'styled-components';
import { fieldErrors } from 'shared-api';
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
  // Held for the brand's review (a fraud rule or a publishable key): not earned yet.
  held: 'neutral',
};
const PAYOUT_LABEL = {
  pending: 'Pending',
  ongoing: 'Ongoing',
  successful: 'Successful',
  failed: 'Failed',
};

/** A month in the advocate's words: 'March 2030' (UTC, as the ledger dates its entries). */
const monthOf = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** What the entry pays for: a subscription's renewal says which one and for which month. */
function saleLabel(e: EarningEntry): string {
  if (e.event_type === 'subscription_renewal' && e.renewal_number !== null)
    return `Renewal #${e.renewal_number} (${monthOf(e.created_at)})`;
  return e.event_type;
}

const columns: TableColumn<EarningEntry>[] = [
  { key: 'date', header: 'Date', render: (e) => formatMemberSince(e.created_at) },
  {
    key: 'what',
    header: 'Transaction',
    render: (e) => (
      <>
        {e.kind === 'clawback' ? 'Refund deduction' : saleLabel(e)} · {e.conversion_ref}
        <br />
        <small>
          {e.brand_name}
          {e.campaign_name ? ` · ${e.campaign_name}` : ''}
          {e.customer ? ` · ${e.customer}` : ''}
        </small>
      </>
    ),
  },
  figureColumn('amount', 'Amount', (e) => formatMoney(e.amount, e.currency)),
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

const typeOptions = valueOptions(EVENT_TYPES);

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
  // A filter the server refuses (a negative minimum) is said at its control, not as a failure.
  const filterError = list.isError ? fieldErrors(list.error, ['min_value', 'since']) : {};
  // A changed filter shows its results from the first page.
  const filter =
    (set: (value: string) => void) =>
    (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
      set(event.target.value);
      setPage(1);
    };
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
            value={summary.data ? formatAmounts(summary.data.total_earnings) : '…'}
            hint="pending, approved and paid"
          />
          <StatCard
            title="Current Balance"
            value={summary.data ? formatAmounts(summary.data.current_balance) : '…'}
            hint="approved, not yet paid"
          />
        </Cards>
      )}
      <Panel title="Transaction History" gap={3}>
        <Cluster align="flex-end" role="search" aria-label="Filter transactions">
          <LabelledControl label="Period" htmlFor="earnings-period">
            <Select
              id="earnings-period"
              options={ADVOCATE_PERIODS}
              value={period}
              onChange={filter((value) => setPeriod(value as AdvocatePeriod))}
            />
          </LabelledControl>
          <LabelledControl label="Type" htmlFor="earnings-type">
            <Select
              id="earnings-type"
              placeholder="All types"
              options={typeOptions}
              value={eventType}
              onChange={filter(setEventType)}
            />
          </LabelledControl>
          <LabelledControl
            label="Minimum amount"
            htmlFor="earnings-min"
            error={filterError.min_value}
          >
            <Input
              id="earnings-min"
              type="number"
              min={0}
              step={0.01}
              value={minimum}
              onChange={filter(setMinimum)}
              {...controlErrorProps('earnings-min', filterError.min_value)}
            />
          </LabelledControl>
          <Button variant="secondary" onClick={refresh}>
            Refresh
          </Button>
        </Cluster>
        {filterError.min_value || filterError.since ? (
          <Text size="sm" muted>
            Change the filter above to see your transactions.
          </Text>
        ) : list.isError ? (
          <ErrorBanner message="Failed to load earnings" onRetry={() => void list.refetch()} />
        ) : (
          <>
            <Table
              caption="Transaction History"
              columns={columns}
              rows={list.data?.results ?? []}
              loading={list.isLoading || (list.isFetching && !list.data)}
              emptyText="No transactions found."
            />
            <ReplyPagination
              meta={list.data?.meta}
              perPage={TRANSACTIONS_PER_PAGE}
              onPageChange={setPage}
            />
          </>
        )}
      </Panel>
    </>
  );
}

const Cards = styled.div`
  ${autoGrid('14rem', 3)}
  margin-bottom: ${({ theme }) => theme.spacing(4)};
`;

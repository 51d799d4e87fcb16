import type { AdvocatePayoutView, EarningEntry, EarningsQuery } from 'contract';
import { EVENT_TYPES } from 'contract/rules';
import { useCallback, useState, type ChangeEvent } from 'react';
import { Link } from 'shared-ui/router';
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
  formatDate,
  formatMonth,
  formatMoney,
  type BadgeTone,
  type ExportColumn,
  useExportableTable,
  autoGrid,
  formatAmounts,
  EVENT_TYPE_LABELS,
  labelledOptions,
  PAYOUT_STATUS_LABELS,
  REWARD_STATUS_LABELS,
} from 'shared-ui';
import { figureColumn, ReplyTable, StatCard, type TableColumn } from 'shared-ui/workspace';
import styled from 'styled-components';
import { fieldErrors } from 'shared-api';
import {
  PAYOUTS_PER_PAGE,
  TRANSACTIONS_PER_PAGE,
  useGetEarningsQuery,
  useLazyListEarningsQuery,
  useListEarningsQuery,
  useListMyPayoutsQuery,
} from './earningsApi';
import { useListPayoutMethodsQuery } from '../payout-methods';
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
const PAYOUT_LABEL = PAYOUT_STATUS_LABELS;

/** A month in the advocate's words: 'March 2030' (UTC, as the ledger dates its entries). */
const monthOf = (iso: string) => formatMonth(iso, { utc: true });

/** What the entry pays for: a subscription's renewal says which one and for which month. */
function saleLabel(e: EarningEntry): string {
  if (e.event_type === 'subscription_renewal' && e.renewal_number !== null)
    return `Renewal #${e.renewal_number} (${monthOf(e.created_at)})`;
  return EVENT_TYPE_LABELS[e.event_type];
}

const columns: TableColumn<EarningEntry>[] = [
  { key: 'date', header: 'Date', render: (e) => formatDate(e.created_at) },
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
        {/* A partly refunded sale: what is left of it and what was refunded (docs/metrics.md). */}
        {e.kind === 'reward' && e.refunded_value > 0 && (
          <>
            <br />
            <small>
              Sale {formatMoney(e.value, e.currency)}, refunded{' '}
              {formatMoney(e.refunded_value, e.currency)}
            </small>
          </>
        )}
      </>
    ),
  },
  figureColumn('amount', 'Amount', (e) => formatMoney(e.amount, e.currency)),
  {
    key: 'status',
    header: 'Status',
    render: (e) => (
      <>
        <Badge tone={STATUS_TONE[e.status]}>{REWARD_STATUS_LABELS[e.status]}</Badge>
        {e.rejection_reason && <Reason>{e.rejection_reason}</Reason>}
      </>
    ),
  },
  {
    key: 'payout',
    header: 'Payout',
    render: (e) => (e.payout ? `Payout #${e.payout.id} · ${PAYOUT_LABEL[e.payout.status]}` : '—'),
  },
];

const typeOptions = labelledOptions(EVENT_TYPES, EVENT_TYPE_LABELS);

/** The transactions as the header's Export saves them: one row per entry, in its currency. */
const exportColumns: ExportColumn<EarningEntry>[] = [
  { header: 'Date', value: (e) => e.created_at.slice(0, 10) },
  { header: 'Order', value: (e) => e.conversion_ref },
  { header: 'Type', value: (e) => (e.kind === 'clawback' ? 'Refund deduction' : e.event_type) },
  { header: 'Brand', value: (e) => e.brand_name },
  { header: 'Campaign', value: (e) => e.campaign_name },
  { header: 'Amount', money: (e) => [{ amount: e.amount, currency: e.currency }] },
  { header: 'Status', value: (e) => e.status },
  { header: 'Rejection reason', value: (e) => e.rejection_reason },
  { header: 'Payout', value: (e) => (e.payout ? `#${e.payout.id} ${e.payout.status}` : null) },
];

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
  const [loadPage] = useLazyListEarningsQuery();
  // Export saves every transaction the filters select, not only the page on screen.
  const loadAll = useCallback(async () => {
    const rows: EarningEntry[] = [];
    for (let next = 1; ; next += 1) {
      const reply = await loadPage({ ...query, page: next, per_page: 100 }).unwrap();
      rows.push(...reply.results);
      if (next >= reply.meta.pages) return rows;
    }
    // The query's parts, not the object rebuilt each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loadPage, period, eventType, minimum]);
  useExportableTable(
    list.data
      ? {
          name: 'earnings',
          columns: exportColumns,
          rows: list.data.results,
          loadAll,
          total: list.data.meta.total,
        }
      : null,
  );
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
      <NoMethodWarning />
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
        ) : (
          <ReplyTable
            query={list}
            perPage={TRANSACTIONS_PER_PAGE}
            onPageChange={setPage}
            errorMessage="Failed to load earnings"
            caption="Transaction History"
            columns={columns}
            emptyText="No transactions found."
          />
        )}
      </Panel>
      <MyPayouts />
    </>
  );
}

/** Said at the top while brands cannot pay the advocate: no payout method to pay to. */
function NoMethodWarning() {
  const methods = useListPayoutMethodsQuery();
  if (!methods.data || methods.data.results.some((m) => m.is_default)) return null;
  return (
    <Warning role="alert">
      <Text weight="semibold">Add a payout method to get paid</Text>
      <Text size="sm">
        Brands cannot pay your approved rewards until you have one.{' '}
        <Link to="/advocate/settings?tab=payments">Add a payout method</Link>
      </Text>
    </Warning>
  );
}

const PAYOUT_TONE: Record<AdvocatePayoutView['status'], BadgeTone> = {
  pending: 'warning',
  ongoing: 'info',
  successful: 'success',
  failed: 'danger',
};

const payoutColumns: TableColumn<AdvocatePayoutView>[] = [
  { key: 'date', header: 'Created', render: (p) => formatDate(p.created_at) },
  { key: 'brand', header: 'Brand', render: (p) => p.brand_name },
  figureColumn('amount', 'Amount', (p) => formatMoney(p.amount, p.currency)),
  { key: 'method', header: 'Method', render: (p) => `${p.payment_type}: ${p.method}` },
  {
    key: 'status',
    header: 'Status',
    render: (p) => (
      <>
        <Badge tone={PAYOUT_TONE[p.status]}>{PAYOUT_LABEL[p.status]}</Badge>
        {p.failure_reason && <Reason>{p.failure_reason}</Reason>}
      </>
    ),
  },
];

/** The advocate's payouts from every brand, with their method and status. */
function MyPayouts() {
  const [page, setPage] = useState(1);
  const payouts = useListMyPayoutsQuery(page);
  return (
    <Panel title="Payouts" gap={3}>
      <ReplyTable
        query={payouts}
        perPage={PAYOUTS_PER_PAGE}
        onPageChange={setPage}
        caption="Payouts"
        columns={payoutColumns}
        emptyText="No payouts yet."
      />
    </Panel>
  );
}

const Reason = styled.small`
  display: block;
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

const Warning = styled.div`
  border: 1px solid ${({ theme }) => theme.colors.warning};
  border-radius: ${({ theme }) => theme.radii.md};
  padding: ${({ theme }) => theme.spacing(3)};
  margin-bottom: ${({ theme }) => theme.spacing(4)};
`;

const Cards = styled.div`
  ${autoGrid('14rem', 3)}
  margin-bottom: ${({ theme }) => theme.spacing(4)};
`;

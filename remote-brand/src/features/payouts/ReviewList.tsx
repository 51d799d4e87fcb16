import type { ReviewItem, ReviewQuery } from 'contract';
import { CREDENTIAL_KINDS, EVENT_TYPES } from 'contract/rules';
import { useState } from 'react';
import { normaliseError } from 'shared-api';
import {
  Badge,
  Button,
  Cluster,
  ErrorBanner,
  Input,
  LabelledControl,
  NetAmount,
  Select,
  Text,
  padId,
  useToast,
  autoGrid,
  CREDENTIAL_KIND_LABELS,
  EVENT_TYPE_LABELS,
  labelledOptions,
} from 'shared-ui';
import {
  actionsColumn,
  figureColumn,
  ReplyPagination,
  Table,
  type RowId,
  type TableColumn,
} from 'shared-ui/workspace';
import styled from 'styled-components';
import { eventLabel } from '../integrations';
import { holdReasonLabel, holdReasonText } from './holdReasons';
import { REVIEW_PER_PAGE, useListReviewQuery, useReviewConversionsMutation } from './payoutsApi';
import { PermittedButton } from '../../components/PermittedButton';
import { CommissionDrawer } from './CommissionDrawer';
import { REVIEW_STATUS_LABEL, reviewDay } from './reviewWords';

/** How a conversion was reported (the review list's filter and column): shared-ui's words. */
const REPORTED_WITH = CREDENTIAL_KIND_LABELS;
const reportedOptions = labelledOptions(CREDENTIAL_KINDS, REPORTED_WITH);
const statusOptions = (['held', 'pending', 'rejected'] as const).map((value) => ({
  value,
  label: REVIEW_STATUS_LABEL[value],
}));
const dayOf = reviewDay;

/** What a row's own buttons do: open it, or decide it on the spot. */
interface RowActions {
  brandId: number;
  open: (conversionId: number) => void;
  approve: (conversionId: number) => void;
  busy: boolean;
}

/*
 * Eight columns that fit beside the checkboxes at 1280 px, then the row's buttons: an order id is
 * never broken (it is what a brand searches its shop for) and carries its event type under it;
 * the advocate's id and email go under their name.
 */
const reviewColumns = ({ brandId, open, approve, busy }: RowActions): TableColumn<ReviewItem>[] => [
  {
    key: 'conversion_ref',
    header: 'Order',
    render: (r) => (
      <>
        <OrderId>{r.conversion_ref}</OrderId>
        <Muted>{eventLabel(r)}</Muted>
      </>
    ),
  },
  {
    key: 'advocate',
    header: 'Advocate',
    render: (r) => (
      <>
        {r.advocate}
        <Muted>{r.email}</Muted>
        <Muted>AID{padId(r.advocate_id, 6)}</Muted>
      </>
    ),
  },
  { key: 'campaign', header: 'Campaign', render: (r) => r.campaign_title ?? `#${r.campaign_id}` },
  // Net of refunds, as every list shows a sale (docs/metrics.md), the refunded part under it.
  figureColumn('value', 'Sale', (r) => (
    <NetAmount amount={r.value} refunded={r.refunded_value} currency={r.currency} />
  )),
  figureColumn('reward', 'Reward', (r) => (
    <NetAmount amount={r.reward_amount} refunded={r.refunded_reward} currency={r.currency} />
  )),
  {
    key: 'created_at',
    header: 'Reported',
    render: (r) => (
      <>
        <OrderId>{dayOf(r.created_at)}</OrderId>
        <Muted>{REPORTED_WITH[r.reported_with]}</Muted>
      </>
    ),
  },
  {
    key: 'hold',
    header: 'Hold ends',
    label: 'Approved on its own',
    render: (r) =>
      r.status === 'rejected' ? (
        <>
          <Badge tone="danger">Rejected</Badge>
          {r.rejection_reason && <Muted>{r.rejection_reason}</Muted>}
        </>
      ) : r.status === 'held' ? (
        <>
          <Badge tone="warning">Held for review</Badge>
          <HeldReasons aria-label="Why it is held">
            {r.hold_reasons.map((reason) => (
              <li key={reason} title={holdReasonText(reason)}>
                {holdReasonLabel(reason)}
              </li>
            ))}
          </HeldReasons>
        </>
      ) : (
        <OrderId title="Approved on its own then, unless you decide first">
          {dayOf(r.hold_ends_at)}
        </OrderId>
      ),
  },
  actionsColumn((r) => (
    <Cluster gap={1} justify="flex-end">
      <Button size="sm" variant="secondary" onClick={() => open(r.conversion_id)}>
        {r.status === 'rejected' ? 'History' : 'Review'}
      </Button>
      {r.status !== 'rejected' && (
        <PermittedButton
          brandId={brandId}
          permission="review"
          size="sm"
          loading={busy}
          onClick={() => approve(r.conversion_id)}
        >
          Approve
        </PermittedButton>
      )}
    </Cluster>
  )),
];

type Filters = Omit<ReviewQuery, 'page' | 'per_page'>;

const eventOptions = labelledOptions(EVENT_TYPES, EVENT_TYPE_LABELS);

/** A filter typed into an input: ids keep their digits only, dates come from a date picker. */
interface InputFilter {
  name: 'campaign_id' | 'advocate_id' | 'since' | 'until';
  /** The input's id, which its label points at. */
  id: string;
  label: string;
  kind: 'id' | 'date';
}
const ID_FILTERS: readonly InputFilter[] = [
  { name: 'campaign_id', id: 'review-campaign', label: 'Campaign ID', kind: 'id' },
  { name: 'advocate_id', id: 'review-advocate', label: 'Advocate ID', kind: 'id' },
];
const DATE_FILTERS: readonly InputFilter[] = [
  { name: 'since', id: 'review-since', label: 'From', kind: 'date' },
  { name: 'until', id: 'review-until', label: 'To', kind: 'date' },
];

/** A filter chosen from a list; `placeholder` is the choice of no filter. */
interface SelectFilter {
  name: 'event_type' | 'status' | 'reported_with';
  /** The select's id, which its label points at. */
  id: string;
  label: string;
  placeholder: string;
  options: { value: string; label: string }[];
}
const TYPE_FILTER: SelectFilter = {
  name: 'event_type',
  id: 'review-type',
  label: 'Event type',
  placeholder: 'All types',
  options: eventOptions,
};
const STATE_FILTERS: readonly SelectFilter[] = [
  {
    name: 'status',
    id: 'review-status',
    label: 'Status',
    placeholder: 'All',
    options: statusOptions,
  },
  {
    name: 'reported_with',
    id: 'review-reported',
    label: 'Reported with',
    placeholder: 'Any',
    options: reportedOptions,
  },
];

/** What can be done to the selected conversions, in the order of their buttons. */
const REVIEW_ACTIONS = [
  { action: 'approve', label: 'Approve selected', variant: 'primary' },
  { action: 'release', label: 'Release to hold period', variant: 'secondary' },
  { action: 'reject', label: 'Reject selected', variant: 'danger' },
] as const;

/** The brand's conversions whose reward is pending: filters, bulk approve and reject with a reason. */
export function ReviewList({ brandId }: { brandId: number }) {
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<RowId[]>([]);
  const [reason, setReason] = useState('');
  const [review, { isLoading: moving }] = useReviewConversionsMutation();
  const toast = useToast();
  const list = useListReviewQuery({ brandId, page, ...filters });
  const [opened, setOpened] = useState<number | null>(null);
  const approveOne = async (conversionId: number) => {
    try {
      const reply = await review({ brandId, action: 'approve', conversion_ids: [conversionId] });
      if ('error' in reply) throw reply.error;
      toast.success(reply.data.moved.length === 1 ? 'Commission approved' : 'Already decided');
    } catch (error) {
      toast.error(normaliseError(error, 'Failed to review conversions'));
    }
  };
  const columns = reviewColumns({
    brandId,
    open: setOpened,
    approve: (id) => void approveOne(id),
    busy: moving,
  });

  const setFilter = (name: keyof Filters, value: string) => {
    setPage(1);
    setSelected([]);
    setFilters((current) => {
      const next = { ...current } as Record<string, unknown>;
      if (value === '') delete next[name];
      else next[name] = name === 'campaign_id' || name === 'advocate_id' ? Number(value) : value;
      return next as Filters;
    });
  };

  const filterInput = ({ name, id, label, kind }: InputFilter) => (
    <LabelledControl key={name} label={label} htmlFor={id}>
      <Input
        id={id}
        {...(kind === 'id' ? { inputMode: 'numeric' } : { type: 'date' })}
        value={filters[name] ?? ''}
        onChange={(e) =>
          setFilter(name, kind === 'id' ? e.target.value.replace(/\D/g, '') : e.target.value)
        }
      />
    </LabelledControl>
  );
  const filterSelect = ({ name, id, label, placeholder, options }: SelectFilter) => (
    <LabelledControl key={name} label={label} htmlFor={id}>
      <Select
        id={id}
        placeholder={placeholder}
        options={options}
        value={filters[name] ?? ''}
        onChange={(e) => setFilter(name, e.target.value)}
      />
    </LabelledControl>
  );

  const act = async (action: 'approve' | 'reject' | 'release') => {
    if (action === 'reject' && reason.trim() === '') {
      toast.error('A reason is required to reject');
      return;
    }
    try {
      const reply = await review({
        brandId,
        action,
        conversion_ids: selected.map(Number),
        ...(reason.trim() ? { reason: reason.trim() } : {}),
      }).unwrap();
      const n = reply.moved.length;
      const done = { approve: 'approved', reject: 'rejected', release: 'released' }[action];
      toast.success(`${n} conversion${n === 1 ? '' : 's'} ${done}`);
      setSelected([]);
      setReason('');
    } catch (error) {
      toast.error(normaliseError(error, 'Failed to review conversions'));
    }
  };

  return (
    <>
      <FilterBar role="search" aria-label="Filter pending conversions">
        {ID_FILTERS.map(filterInput)}
        {filterSelect(TYPE_FILTER)}
        {DATE_FILTERS.map(filterInput)}
        {STATE_FILTERS.map(filterSelect)}
      </FilterBar>
      {list.isError ? (
        <ErrorBanner
          message="Failed to load pending conversions"
          onRetry={() => void list.refetch()}
        />
      ) : (
        <>
          <Table
            caption="Pending conversions"
            columns={columns}
            rows={list.data?.results ?? []}
            getRowId={(r) => r.conversion_id}
            rowLabel={(r) => `order ${r.conversion_ref}`}
            loading={list.isLoading}
            emptyText={
              filters.status === 'rejected'
                ? 'No rejected conversions.'
                : 'No conversions waiting for review.'
            }
            selectable
            selectedIds={selected}
            onSelectionChange={setSelected}
          />
          <ReplyPagination
            meta={list.data?.meta}
            perPage={REVIEW_PER_PAGE}
            onPageChange={(next) => {
              setSelected([]);
              setPage(next);
            }}
          />
        </>
      )}
      <Cluster align="flex-end">
        <LabelledControl label="Reason" htmlFor="review-reason">
          <Input
            id="review-reason"
            value={reason}
            maxLength={500}
            placeholder="Required to reject"
            onChange={(e) => setReason(e.target.value)}
          />
        </LabelledControl>
        {REVIEW_ACTIONS.map(({ action, label, variant }) => (
          <PermittedButton
            key={action}
            brandId={brandId}
            permission="review"
            variant={variant}
            disabled={selected.length === 0}
            loading={moving}
            onClick={() => void act(action)}
          >
            {label}
          </PermittedButton>
        ))}
        <Text size="sm" muted>
          {selected.length} selected
        </Text>
      </Cluster>
      <CommissionDrawer brandId={brandId} conversionId={opened} onClose={() => setOpened(null)} />
    </>
  );
}

const HeldReasons = styled.ul`
  margin: ${({ theme }) => theme.spacing(1)} 0 0;
  padding-left: ${({ theme }) => theme.spacing(4)};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const FilterBar = styled.div`
  ${autoGrid('9rem', 2)}
`;

/** Kept on one line: an order id or a date broken at its hyphen or space reads as two. */
const OrderId = styled.span`
  white-space: nowrap;
`;

/** A second line under a cell's main text. */
const Muted = styled.small`
  display: block;
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

import type { ReviewItem, ReviewQuery } from 'contract';
import { EVENT_TYPES } from 'contract/rules';
import { useState } from 'react';
import { normaliseError } from 'shared-api';
import {
  Badge,
  Button,
  Cluster,
  ErrorBanner,
  Input,
  LabelledControl,
  Select,
  Text,
  formatMemberSince,
  formatMoney,
  padId,
  useToast,
  autoGrid,
  valueOptions,
} from 'shared-ui';
import {
  figureColumn,
  ReplyPagination,
  Table,
  type RowId,
  type TableColumn,
} from 'shared-ui/workspace';
import styled from 'styled-components';
import { REVIEW_PER_PAGE, useListReviewQuery, useReviewConversionsMutation } from './payoutsApi';

const columns: TableColumn<ReviewItem>[] = [
  { key: 'conversion_ref', header: 'Order', render: (r) => r.conversion_ref },
  {
    key: 'advocate',
    header: 'Advocate',
    render: (r) => (
      <>
        {r.advocate} <small>(AID{padId(r.advocate_id, 6)})</small>
        <br />
        <small>{r.email}</small>
      </>
    ),
  },
  { key: 'campaign', header: 'Campaign', render: (r) => r.campaign_title ?? `#${r.campaign_id}` },
  { key: 'event_type', header: 'Type', render: (r) => r.event_type },
  figureColumn('value', 'Sale', (r) => formatMoney(r.value, r.currency)),
  figureColumn('reward', 'Reward', (r) => formatMoney(r.reward_amount, r.currency)),
  {
    key: 'created_at',
    header: 'Reported',
    render: (r) => (
      <>
        {formatMemberSince(r.created_at)}
        {r.needs_review && (
          <>
            <br />
            <Badge tone="warning">From a browser</Badge>
          </>
        )}
      </>
    ),
  },
  { key: 'hold', header: 'Approved on its own', render: (r) => formatMemberSince(r.hold_ends_at) },
];

type Filters = Omit<ReviewQuery, 'page' | 'per_page'>;

const eventOptions = valueOptions(EVENT_TYPES);

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

/** The brand's conversions whose reward is pending: filters, bulk approve and reject with a reason. */
export function ReviewList({ brandId }: { brandId: number }) {
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<RowId[]>([]);
  const [reason, setReason] = useState('');
  const [review, { isLoading: moving }] = useReviewConversionsMutation();
  const toast = useToast();
  const list = useListReviewQuery({ brandId, page, ...filters });

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

  const act = async (action: 'approve' | 'reject') => {
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
      toast.success(
        `${n} conversion${n === 1 ? '' : 's'} ${action === 'approve' ? 'approved' : 'rejected'}`,
      );
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
        <LabelledControl label="Event type" htmlFor="review-type">
          <Select
            id="review-type"
            placeholder="All types"
            options={eventOptions}
            value={filters.event_type ?? ''}
            onChange={(e) => setFilter('event_type', e.target.value)}
          />
        </LabelledControl>
        {DATE_FILTERS.map(filterInput)}
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
            emptyText="No conversions waiting for review."
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
        <Button
          disabled={selected.length === 0}
          loading={moving}
          onClick={() => void act('approve')}
        >
          Approve selected
        </Button>
        <Button
          variant="danger"
          disabled={selected.length === 0}
          loading={moving}
          onClick={() => void act('reject')}
        >
          Reject selected
        </Button>
        <Text size="sm" muted>
          {selected.length} selected
        </Text>
      </Cluster>
    </>
  );
}

const FilterBar = styled.div`
  ${autoGrid('9rem', 2)}
`;

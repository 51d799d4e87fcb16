import type { ReviewItem, ReviewQuery } from 'contract';
import { EVENT_TYPES } from 'contract/rules';
import { useState } from 'react';
import { normaliseError } from 'shared-api';
import {
  Badge,
  Button,
  ErrorBanner,
  Input,
  Label,
  Select,
  Text,
  formatMemberSince,
  formatMoney,
  padId,
  useToast,
} from 'shared-ui';
import { Pagination, Table, type RowId, type TableColumn } from 'shared-ui/workspace';
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
  { key: 'value', header: 'Sale', align: 'right', render: (r) => formatMoney(r.value, r.currency) },
  {
    key: 'reward',
    header: 'Reward',
    align: 'right',
    render: (r) => formatMoney(r.reward_amount, r.currency),
  },
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

const eventOptions = EVENT_TYPES.map((type) => ({ value: type, label: type }));

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
        <Field>
          <Label htmlFor="review-campaign">Campaign ID</Label>
          <Input
            id="review-campaign"
            inputMode="numeric"
            value={filters.campaign_id ?? ''}
            onChange={(e) => setFilter('campaign_id', e.target.value.replace(/\D/g, ''))}
          />
        </Field>
        <Field>
          <Label htmlFor="review-advocate">Advocate ID</Label>
          <Input
            id="review-advocate"
            inputMode="numeric"
            value={filters.advocate_id ?? ''}
            onChange={(e) => setFilter('advocate_id', e.target.value.replace(/\D/g, ''))}
          />
        </Field>
        <Field>
          <Label htmlFor="review-type">Event type</Label>
          <Select
            id="review-type"
            placeholder="All types"
            options={eventOptions}
            value={filters.event_type ?? ''}
            onChange={(e) => setFilter('event_type', e.target.value)}
          />
        </Field>
        <Field>
          <Label htmlFor="review-since">From</Label>
          <Input
            id="review-since"
            type="date"
            value={filters.since ?? ''}
            onChange={(e) => setFilter('since', e.target.value)}
          />
        </Field>
        <Field>
          <Label htmlFor="review-until">To</Label>
          <Input
            id="review-until"
            type="date"
            value={filters.until ?? ''}
            onChange={(e) => setFilter('until', e.target.value)}
          />
        </Field>
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
          {list.data && list.data.meta.pages > 1 && (
            <Pagination
              page={list.data.meta.page}
              pages={list.data.meta.pages}
              total={list.data.meta.total}
              perPage={REVIEW_PER_PAGE}
              onPageChange={(next) => {
                setSelected([]);
                setPage(next);
              }}
            />
          )}
        </>
      )}
      <Actions>
        <Field>
          <Label htmlFor="review-reason">Reason</Label>
          <Input
            id="review-reason"
            value={reason}
            maxLength={500}
            placeholder="Required to reject"
            onChange={(e) => setReason(e.target.value)}
          />
        </Field>
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
      </Actions>
    </>
  );
}

const FilterBar = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(9rem, 1fr));
  gap: ${({ theme }) => theme.spacing(2)};
`;

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(1)};
  min-width: 0;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.spacing(2)};
`;

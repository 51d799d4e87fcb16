import type { RefusedReportView } from 'contract';
import { useState } from 'react';
import { ErrorBanner, Stack, Text, formatMoney } from 'shared-ui';
import { figureColumn, ReplyPagination, Table, type TableColumn } from 'shared-ui/workspace';
import {
  REVIEW_PER_PAGE,
  useGetReviewSummaryQuery,
  useListRefusedReportsQuery,
} from './payoutsApi';
import { REFUSED_REASON_TEXT, refusedText, waitingText } from './reviewSummaryText';
import { reviewDay } from './reviewWords';

const columns: TableColumn<RefusedReportView>[] = [
  { key: 'conversion_ref', header: 'Order' },
  { key: 'advocate', header: 'Advocate', render: (r) => r.advocate ?? '—' },
  { key: 'campaign', header: 'Campaign', render: (r) => r.campaign_title ?? '—' },
  figureColumn('value', 'Reported value', (r) => formatMoney(r.value, r.currency)),
  figureColumn('quantity', 'Quantity', (r) => String(r.quantity)),
  {
    key: 'reason',
    header: 'Refused',
    render: (r) => <span title={r.message}>{REFUSED_REASON_TEXT[r.reason]}</span>,
  },
  { key: 'created_at', header: 'When', render: (r) => reviewDay(r.created_at) },
];

/** The review's headline: how many sales wait for a person, and the week's refused reports. */
export function ReviewHeadline({ brandId }: { brandId: number }) {
  const summary = useGetReviewSummaryQuery(brandId);
  const lines = [waitingText(summary.data), refusedText(summary.data)].filter(Boolean);
  if (lines.length === 0) return null;
  return (
    <Stack gap={1} role="status">
      {lines.map((line) => (
        <Text key={line} weight="semibold">
          {line}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * Browser reports (publishable key) refused at the door, newest first: the value they claimed,
 * the advocate whose link it was, and why. Shown only once there is one.
 */
export function RefusedReports({ brandId }: { brandId: number }) {
  const [page, setPage] = useState(1);
  const list = useListRefusedReportsQuery({ brandId, page });
  if (list.isError)
    return (
      <ErrorBanner
        message="Failed to load refused browser reports"
        onRetry={() => void list.refetch()}
      />
    );
  if (!list.data || list.data.meta.total === 0) return null;
  return (
    <Stack gap={2}>
      <Text weight="semibold">Refused browser reports</Text>
      <Text size="sm" muted>
        Sales your shop page reported with the publishable key and the product refused, such as an
        order above the product&apos;s price × quantity. Send <code>quantity</code> with orders of
        several items.
      </Text>
      <Table
        caption="Refused browser reports"
        columns={columns}
        rows={list.data.results}
        getRowId={(r) => r.id}
      />
      <ReplyPagination meta={list.data.meta} perPage={REVIEW_PER_PAGE} onPageChange={setPage} />
    </Stack>
  );
}

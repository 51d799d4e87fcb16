import type { PayoutStatus, PayoutView } from 'contract';
import { useCallback, useState } from 'react';
import { normaliseError, useAppDispatch } from 'shared-api';
import {
  Badge,
  Button,
  formatDate,
  formatMoney,
  padId,
  useExportableTable,
  useToast,
  Cluster,
  type ButtonVariant,
} from 'shared-ui';
import { figureColumn, ReplyTable, useConfirm, type TableColumn } from 'shared-ui/workspace';
import styled from 'styled-components';
import { allPayoutsApi } from './allPayoutsApi';
import { PAYOUT_STATUS_LABEL, PAYOUT_STATUS_TONE } from './moneyText';
import {
  PAYOUTS_PER_PAGE,
  useListPayoutsQuery,
  useMarkPayoutMutation,
  type PayoutMark,
} from './payoutsApi';

/** What a payout can be marked next, from which statuses, and how its button looks. */
const MARKS: readonly {
  to: PayoutMark;
  label: string;
  variant: ButtonVariant;
  from: readonly PayoutStatus[];
}[] = [
  { to: 'sent', label: 'Mark sent', variant: 'secondary', from: ['pending'] },
  { to: 'successful', label: 'Mark successful', variant: 'primary', from: ['ongoing'] },
  { to: 'failed', label: 'Mark failed', variant: 'ghost', from: ['pending', 'ongoing'] },
];

/** The payouts as the header's Export saves them: one line per payout, amounts as numbers. */
const exportColumns = [
  { header: 'Payout', value: (p: PayoutView) => p.id },
  { header: 'Advocate ID', value: (p: PayoutView) => `AID${padId(p.advocate_id, 6)}` },
  { header: 'Advocate', value: (p: PayoutView) => p.advocate },
  { header: 'Email', value: (p: PayoutView) => p.email },
  { header: 'Payment type', value: (p: PayoutView) => p.payment_type },
  { header: 'Method', value: (p: PayoutView) => p.method },
  { header: 'Amount', money: (p: PayoutView) => [{ amount: p.amount, currency: p.currency }] },
  { header: 'Date', value: (p: PayoutView) => p.date },
  { header: 'Status', value: (p: PayoutView) => PAYOUT_STATUS_LABEL[p.status] },
  { header: 'Failure reason', value: (p: PayoutView) => p.failure_reason },
] as const;

/**
 * The brand's payouts with the actions each status allows. Six columns, so that amount, date and
 * status stay in view beside the buttons at 1280 px: who is paid and how each take one column
 * of two lines.
 */
export function PayoutsTable({ brandId }: { brandId: number }) {
  const [page, setPage] = useState(1);
  const list = useListPayoutsQuery({ brandId, page });
  const dispatch = useAppDispatch();
  const loadAll = useCallback(
    () =>
      dispatch(
        allPayoutsApi.endpoints.listAllPayouts.initiate({ brandId }, { subscribe: false }),
      ).unwrap(),
    [dispatch, brandId],
  );
  useExportableTable(
    list.data && !list.isError
      ? {
          name: 'payouts',
          columns: exportColumns,
          rows: list.data.results,
          total: list.data.meta.total,
          loadAll,
        }
      : null,
  );
  const [markPayout, { isLoading: marking }] = useMarkPayoutMutation();
  const { confirm, dialog } = useConfirm();
  const toast = useToast();

  const mark = async (payout: PayoutView, to: PayoutMark) => {
    if (to === 'failed') {
      const ok = await confirm({
        title: 'Mark payout failed?',
        message: `The ${formatMoney(payout.amount, payout.currency)} it holds go back to ${payout.advocate}'s balance for the next payout.`,
        confirmLabel: 'Mark failed',
        tone: 'danger',
      });
      if (!ok) return;
    }
    try {
      await markPayout({ id: payout.id, mark: to }).unwrap();
      toast.success(`Payout ${payout.id} marked ${to === 'sent' ? 'sent' : to}`);
    } catch (error) {
      toast.error(normaliseError(error, 'Failed to update payout'));
    }
  };

  const columns: TableColumn<PayoutView>[] = [
    {
      key: 'advocate',
      header: 'Advocate',
      render: (p) => (
        <>
          {p.advocate}
          <Muted>{p.email}</Muted>
          <Muted>AID{padId(p.advocate_id, 6)}</Muted>
        </>
      ),
    },
    {
      key: 'method',
      header: 'Method',
      render: (p) => (
        <>
          {p.payment_type}
          <Muted>{p.method}</Muted>
        </>
      ),
    },
    figureColumn('amount', 'Amount', (p) => formatMoney(p.amount, p.currency)),
    { key: 'date', header: 'Date', render: (p) => <NoWrap>{formatDate(p.date)}</NoWrap> },
    {
      key: 'status',
      header: 'Status',
      render: (p) => (
        <>
          <Badge tone={PAYOUT_STATUS_TONE[p.status]}>{PAYOUT_STATUS_LABEL[p.status]}</Badge>
          {p.failure_reason && <Muted>{p.failure_reason}</Muted>}
        </>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      actions: true,
      render: (p) => (
        <Cluster gap={1} align="stretch">
          {MARKS.filter((m) => m.from.includes(p.status)).map((m) => (
            <Button
              key={m.to}
              size="sm"
              variant={m.variant}
              disabled={marking}
              onClick={() => void mark(p, m.to)}
            >
              {m.label}
            </Button>
          ))}
        </Cluster>
      ),
    },
  ];

  return (
    <ReplyTable
      query={list}
      perPage={PAYOUTS_PER_PAGE}
      onPageChange={setPage}
      caption="Payouts"
      columns={columns}
      emptyText="No payouts yet."
    >
      {dialog}
    </ReplyTable>
  );
}

/** A second line under a cell's main text: the email, the id, the account. */
const Muted = styled.small`
  display: block;
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

const NoWrap = styled.span`
  white-space: nowrap;
`;

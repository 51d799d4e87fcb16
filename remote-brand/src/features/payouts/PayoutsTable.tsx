import type { PayoutStatus, PayoutView } from 'contract';
import { useState } from 'react';
import { normaliseError } from 'shared-api';
import {
  Badge,
  Button,
  ErrorBanner,
  formatMemberSince,
  formatMoney,
  useToast,
  Cluster,
  type ButtonVariant,
} from 'shared-ui';
import {
  figureColumn,
  ReplyPagination,
  Table,
  useConfirm,
  type TableColumn,
} from 'shared-ui/workspace';
import { PAYOUT_STATUS_LABEL, PAYOUT_STATUS_TONE } from './moneyText';
import { payeeColumns } from './payeeColumns';
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

/** The brand's payouts with the actions each status allows. */
export function PayoutsTable({ brandId }: { brandId: number }) {
  const [page, setPage] = useState(1);
  const list = useListPayoutsQuery({ brandId, page });
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
    ...payeeColumns<PayoutView>(),
    { key: 'payment_type', header: 'Payment type' },
    { key: 'method', header: 'Method' },
    figureColumn('amount', 'Amount', (p) => formatMoney(p.amount, p.currency)),
    { key: 'date', header: 'Date', render: (p) => formatMemberSince(p.date) },
    {
      key: 'status',
      header: 'Status',
      render: (p) => (
        <Badge tone={PAYOUT_STATUS_TONE[p.status]}>{PAYOUT_STATUS_LABEL[p.status]}</Badge>
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

  if (list.isError)
    return <ErrorBanner message="Failed to load payouts" onRetry={() => void list.refetch()} />;
  return (
    <>
      <Table
        caption="Payouts"
        columns={columns}
        rows={list.data?.results ?? []}
        loading={list.isLoading}
        emptyText="No payouts yet."
      />
      <ReplyPagination meta={list.data?.meta} perPage={PAYOUTS_PER_PAGE} onPageChange={setPage} />
      {dialog}
    </>
  );
}

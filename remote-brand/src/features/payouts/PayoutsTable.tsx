import type { PayoutView } from 'contract';
import { useState } from 'react';
import { normaliseError } from 'shared-api';
import {
  Badge,
  Button,
  ErrorBanner,
  formatMemberSince,
  formatMoney,
  padId,
  useToast,
} from 'shared-ui';
import { Pagination, Table, useConfirm, type TableColumn } from 'shared-ui/workspace';
import styled from 'styled-components';
import { PAYOUT_STATUS_LABEL, PAYOUT_STATUS_TONE } from './moneyText';
import {
  PAYOUTS_PER_PAGE,
  useListPayoutsQuery,
  useMarkPayoutMutation,
  type PayoutMark,
} from './payoutsApi';

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
    { key: 'advocate_id', header: 'Advocate ID', render: (p) => `AID${padId(p.advocate_id, 6)}` },
    { key: 'advocate', header: 'Advocate', render: (p) => p.advocate },
    { key: 'email', header: 'Email', render: (p) => p.email },
    { key: 'payment_type', header: 'Payment type', render: (p) => p.payment_type },
    { key: 'method', header: 'Method', render: (p) => p.method },
    {
      key: 'amount',
      header: 'Amount',
      align: 'right',
      render: (p) => formatMoney(p.amount, p.currency),
    },
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
        <Row>
          {p.status === 'pending' && (
            <Button
              size="sm"
              variant="secondary"
              disabled={marking}
              onClick={() => void mark(p, 'sent')}
            >
              Mark sent
            </Button>
          )}
          {p.status === 'ongoing' && (
            <Button size="sm" disabled={marking} onClick={() => void mark(p, 'successful')}>
              Mark successful
            </Button>
          )}
          {(p.status === 'pending' || p.status === 'ongoing') && (
            <Button
              size="sm"
              variant="ghost"
              disabled={marking}
              onClick={() => void mark(p, 'failed')}
            >
              Mark failed
            </Button>
          )}
        </Row>
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
        getRowId={(p) => p.id}
        loading={list.isLoading}
        emptyText="No payouts yet."
      />
      {list.data && list.data.meta.pages > 1 && (
        <Pagination
          page={list.data.meta.page}
          pages={list.data.meta.pages}
          total={list.data.meta.total}
          perPage={PAYOUTS_PER_PAGE}
          onPageChange={setPage}
        />
      )}
      {dialog}
    </>
  );
}

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing(1)};
`;

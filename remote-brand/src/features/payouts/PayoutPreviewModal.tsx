import type { PayoutPreviewReply } from 'contract';
import { Button, Stack, Text, formatAmounts, formatMoney } from 'shared-ui';
import { figureColumn, Modal, Table, type TableColumn } from 'shared-ui/workspace';
import { payeeColumns } from './payeeColumns';

type Payable = PayoutPreviewReply['payouts'][number];
type Blocked = PayoutPreviewReply['blocked'][number];

const payableColumns: TableColumn<Payable>[] = [
  ...payeeColumns<Payable>(),
  figureColumn('amount', 'Amount', (p) => formatMoney(p.amount, p.currency)),
  { key: 'method', header: 'Method', render: (p) => `${p.payment_type}: ${p.method}` },
];

const blockedColumns: TableColumn<Blocked>[] = [
  ...payeeColumns<Blocked>(),
  figureColumn('amount', 'Balance', (b) => formatMoney(b.amount, b.currency)),
  { key: 'reason', header: 'Why not paid', render: (b) => b.message },
];

export interface PayoutPreviewModalProps {
  /** The preview shown, or null when closed. */
  preview: PayoutPreviewReply | null;
  confirming: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * What "Create payouts" will create, per advocate and currency, and who will not be paid and
 * why; nothing is paid until Confirm.
 */
export function PayoutPreviewModal({
  preview,
  confirming,
  onConfirm,
  onClose,
}: PayoutPreviewModalProps) {
  const n = preview?.payouts.length ?? 0;
  return (
    <Modal
      open={preview !== null}
      onClose={onClose}
      title="Create payouts"
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={confirming} disabled={n === 0} onClick={onConfirm}>
            {n === 0 ? 'Nothing to pay' : `Confirm ${n} payout${n === 1 ? '' : 's'}`}
          </Button>
        </>
      }
    >
      {preview && (
        <Stack gap={3}>
          <Text>
            {n === 0
              ? 'No approved balance can be paid now.'
              : `${n} payout${n === 1 ? '' : 's'} totalling ${formatAmounts(preview.totals)}.`}
          </Text>
          <Table
            caption="Payouts to create"
            columns={payableColumns}
            rows={preview.payouts}
            getRowId={(p) => `${p.advocate_id}-${p.currency}`}
            emptyText="No payouts to create."
          />
          {preview.blocked.length > 0 && (
            <>
              <Text weight="semibold">Not paid this time</Text>
              <Table
                caption="Not paid this time"
                columns={blockedColumns}
                rows={preview.blocked}
                getRowId={(b) => `${b.advocate_id}-${b.currency}`}
              />
            </>
          )}
        </Stack>
      )}
    </Modal>
  );
}

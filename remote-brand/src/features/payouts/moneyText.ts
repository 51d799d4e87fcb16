import type { PayoutStatus } from 'contract';
import { PAYOUT_STATUS_LABELS, type BadgeTone } from 'shared-ui';

/** shared-ui's words for a payout's state (its one label table). */
export const PAYOUT_STATUS_LABEL = PAYOUT_STATUS_LABELS;

export const PAYOUT_STATUS_TONE: Record<PayoutStatus, BadgeTone> = {
  pending: 'warning',
  ongoing: 'info',
  successful: 'success',
  failed: 'danger',
};

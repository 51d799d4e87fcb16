import type { PayoutStatus } from 'contract';
import type { BadgeTone } from 'shared-ui';

export const PAYOUT_STATUS_LABEL: Record<PayoutStatus, string> = {
  pending: 'Pending',
  ongoing: 'Ongoing',
  successful: 'Successful',
  failed: 'Failed',
};

export const PAYOUT_STATUS_TONE: Record<PayoutStatus, BadgeTone> = {
  pending: 'warning',
  ongoing: 'info',
  successful: 'success',
  failed: 'danger',
};

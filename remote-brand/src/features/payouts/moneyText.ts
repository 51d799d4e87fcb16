import type { CurrencyAmount, PayoutStatus } from 'contract';
import type { BadgeTone } from 'shared-ui';
import { formatMoney } from 'shared-ui';

/** Amounts per currency, one per line: money is never added across currencies. */
export const amountsText = (amounts: readonly CurrencyAmount[]): string =>
  amounts.length === 0
    ? formatMoney(0)
    : amounts.map((a) => formatMoney(a.amount, a.currency)).join(' · ');

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

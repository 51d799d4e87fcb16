// Defaults of a brand's money settings and the reasons the system writes on the moves it makes.

/** Days a reward waits for refunds before it is approved on its own (0: approved at once). */
export const DEFAULT_HOLD_DAYS = 30;
/** The least approved balance, per advocate and currency, that a payout pays. */
export const DEFAULT_PAYOUT_MINIMUM = 10;

export const HOLD_ZERO_REASON = 'Hold period of 0 days: approved on arrival';
export const HOLD_ENDED_REASON = 'Hold period ended';
export const APPROVED_BY_BRAND = 'Approved by the brand';
export const RELEASED_BY_BRAND = 'Released by the brand: approved when the hold period ends';
/** The move that holds a reward for a person, naming the rules (contract HOLD_REASONS). */
export const heldReason = (rules: readonly string[]) => `Held for review: ${rules.join(', ')}`;
export const REFUND_REASON = 'Refund reported by the merchant';
export const payoutCreatedReason = (payoutId: number) => `Paid in payout ${payoutId}`;
export const payoutFailedReason = (payoutId: number, why: string | null) =>
  `Payout ${payoutId} failed${why ? `: ${why}` : ''}`;

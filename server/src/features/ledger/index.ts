// The ledger feature as other features may use it: they import from here, never its other files.
export { pagedEntries, type EntryFilters } from './entries.js';
export { recordMoves, refundConversion, reviewConversions } from './moves.js';
export {
  DISPUTE_HOLD,
  rewardAfterRefund,
  settleConversion,
  type RefundedShare,
  type RefundOutcome,
  type SettleInput,
} from './settle.js';
export {
  APPROVED_BY_BRAND,
  DEFAULT_HOLD_DAYS,
  heldReason,
  RELEASED_BY_BRAND,
  HOLD_ZERO_REASON,
  payoutCreatedReason,
  payoutFailedReason,
} from './reasons.js';
export { payoutSettings, savePayoutSettings } from './settings.js';

import type { HoldReason } from 'contract';

/** What each reason a reward is held for means, as the review list shows it. */
export const HOLD_REASON_TEXT: Record<HoldReason, string> = {
  publishable_key: 'Reported from a browser (publishable key)',
  self_referral: "Customer's email is the advocate's or on their domain",
  visitor_velocity: 'Same visitor converted too often for this advocate today',
  address_velocity: 'Too many conversions from one address this hour',
  paid_ads: 'Click came from a paid ad; the campaign forbids paid ads',
  duplicate_payout: "Payout account is also another advocate's",
  disposable_email: 'Advocate signed up with a disposable email',
  dispute: 'The customer disputed the payment; held until the dispute is closed',
};

/** The same, short enough for a table cell (the long text is its tooltip). */
export const HOLD_REASON_LABEL: Record<HoldReason, string> = {
  publishable_key: 'Browser report',
  self_referral: 'Self-referral',
  visitor_velocity: 'Repeat visitor',
  address_velocity: 'Busy address',
  paid_ads: 'Paid ad',
  duplicate_payout: 'Shared payout account',
  disposable_email: 'Disposable email',
  dispute: 'Open dispute',
};

const lookup = (table: Record<HoldReason, string>, reason: string): string =>
  (table as Record<string, string>)[reason] ?? reason;
export const holdReasonText = (reason: string): string => lookup(HOLD_REASON_TEXT, reason);
export const holdReasonLabel = (reason: string): string => lookup(HOLD_REASON_LABEL, reason);

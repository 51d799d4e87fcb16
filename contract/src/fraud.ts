// Fraud and abuse (docs/fraud.md): a brand's fraud settings and the names of the reasons a reward
// is held for a person.
import { Type, type Static } from 'typebox';
import { Money } from './common.js';
import { LIMITS } from './rules.js';

/**
 * Why a reward is held, as stored on it (rewards.hold_reasons) and shown in review:
 * - publishable_key: reported from a browser with the brand's public key;
 * - self_referral: the customer's email is the advocate's, or on the advocate's own (non-public) domain;
 * - visitor_velocity: the click's visitor converted for this advocate more than the daily maximum;
 * - address_velocity: more conversions than the hourly maximum reported from one client address;
 * - paid_ads: the click's landing URL carried an ad click id while the campaign forbids paid ads;
 * - duplicate_payout: another advocate is paid to the same PayPal address or bank account;
 * - disposable_email: the advocate signed up with a disposable email address;
 * - dispute: the customer disputed the payment (a chargeback) and the dispute is still open.
 */
export const HOLD_REASONS = [
  'publishable_key',
  'self_referral',
  'visitor_velocity',
  'address_velocity',
  'paid_ads',
  'duplicate_payout',
  'disposable_email',
  'dispute',
] as const;
export type HoldReason = (typeof HOLD_REASONS)[number];

/** GET/PUT brand/{id}/fraud-settings/ (no row: these defaults). */
export const FraudSettings = Type.Object({
  /** Whether conversions may be reported with the brand's publishable (browser) key. Default true. */
  publishable_keys: Type.Boolean(),
  /** Days a click attributes a publishable-key conversion. Default 90. */
  attribution_window_days: Type.Integer({ minimum: 1, maximum: LIMITS.attributionWindowDaysMax }),
  /** Largest order value a publishable key may report without a product. Default 10,000. */
  max_order_value: Money({ exclusiveMinimum: 0 }),
  /** Which rules hold a reward (each default true). */
  rules: Type.Object({
    self_referral: Type.Boolean(),
    visitor_velocity: Type.Boolean(),
    paid_ads: Type.Boolean(),
    duplicate_payout: Type.Boolean(),
    disposable_email: Type.Boolean(),
  }),
  /** A visitor converting for one advocate more than this many times a day is held. Default 3. */
  visitor_daily_max: Type.Integer({ minimum: 1, maximum: LIMITS.visitorDailyMax }),
  /** More publishable-key conversions than this from one address in an hour are held. Default 20. */
  address_hourly_max: Type.Integer({ minimum: 1, maximum: LIMITS.addressHourlyMax }),
});
export type FraudSettings = Static<typeof FraudSettings>;

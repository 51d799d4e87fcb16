// Money: the brand's review of pending conversions, payout settings, payouts, refunds, the
// advocate's earnings and payout methods. Amounts are per currency and never added across
// currencies; every amount is exact to the cent.
import { Type, type Static, type TSchema } from 'typebox';
import { Day, Email, Money, Nullable, RowId } from './common.js';
import { EventTypeValue, saleFields } from './conversions.js';
import { DateTime, NullableString, pageCounts, SuccessReply } from './replies.js';
import {
  CONVERSION_STATUSES,
  CREDENTIAL_KINDS,
  LIMITS,
  PAYOUT_METHOD_TYPES,
  PAYOUT_STATUSES,
  REFUSED_REPORT_REASONS,
  REWARD_KINDS,
  REWARD_STATUSES,
} from './rules.js';

const DateOnly = Day('YYYY-MM-DD (UTC day)');
const Page = Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, description: 'From 1' }));
const PerPage = (options: { default?: number } = {}) =>
  Type.Optional(Type.Integer({ minimum: 1, maximum: 100, ...options }));
const Currency = Type.String({ pattern: '^[A-Z]{3}$' });
const Timestamp = DateTime();

/** A page of a money list: its rows, and total, page and pages. */
const MoneyPage = <T extends TSchema>(row: T) =>
  Type.Object({ results: Type.Array(row), meta: Type.Object(pageCounts) });

/** The advocate a money row is about, as the brand's lists name them. */
const advocateRef = {
  advocate_id: Type.Integer(),
  advocate: Type.String(),
  email: Type.String(),
};

/** An amount in one currency. */
export const CurrencyAmount = Type.Object({ currency: Currency, amount: Type.Number() });
export type CurrencyAmount = Static<typeof CurrencyAmount>;

// --- Brand settings ---

export const PayoutSettings = Type.Object({
  hold_days: Type.Integer({
    minimum: 0,
    maximum: LIMITS.holdDaysMax,
    description: 'Days a reward waits before it is approved on its own (0: at once)',
  }),
  payout_minimum: Money({
    minimum: 0,
    description: "Least approved balance a payout pays, in the reward's currency",
  }),
});
export type PayoutSettings = Static<typeof PayoutSettings>;

/** The settings as read: saved_at says whether the brand ever saved them (null: the defaults). */
export const PayoutSettingsReply = Type.Object({
  ...PayoutSettings.properties,
  saved_at: Nullable(DateTime({ description: 'When last saved; null while never saved' })),
});
export type PayoutSettingsReply = Static<typeof PayoutSettingsReply>;

// --- Review ---

export const ReviewQuery = Type.Object({
  campaign_id: Type.Optional(RowId),
  advocate_id: Type.Optional(RowId),
  event_type: Type.Optional(EventTypeValue),
  since: Type.Optional(DateOnly),
  until: Type.Optional(DateOnly),
  /** How the conversion was reported: secret key, publishable key or a signed-in user. */
  reported_with: Type.Optional(Type.Enum(CREDENTIAL_KINDS)),
  /**
   * held: only rewards a rule or a publishable key holds for a person; pending: only the others
   * (both by default); rejected: the rejected ones, with their reason (reopened while unpaid).
   */
  status: Type.Optional(
    Type.Union([Type.Literal('pending'), Type.Literal('held'), Type.Literal('rejected')]),
  ),
  page: Page,
  per_page: PerPage(),
});
export type ReviewQuery = Static<typeof ReviewQuery>;

export const ReviewItem = Type.Object({
  conversion_id: Type.Integer(),
  conversion_ref: Type.String(),
  campaign_id: Type.Integer(),
  campaign_title: NullableString,
  ...advocateRef,
  /** value and reward_amount are the sale and the reward net of refunds (docs/metrics.md). */
  ...saleFields,
  /** The part of the sale refunded so far (0: none); value + refunded_value is the sale as paid. */
  refunded_value: Type.Number(),
  /** The part of the reward refunds took back (0: none). */
  refunded_reward: Type.Number(),
  /** Held for a person (a publishable key or a fraud rule): the hold job never approves it. */
  needs_review: Type.Boolean(),
  /** The list holds pending, held and rejected ones; one conversion's detail may be any status. */
  status: Type.Enum(REWARD_STATUSES),
  /** The sale's status (a refunded one is settled: never reopened). */
  conversion_status: Type.Enum(CONVERSION_STATUSES),
  /** A rejected one's reason (the last move's), else null. */
  rejection_reason: NullableString,
  /** Why it is held: the rules' names (HOLD_REASONS), empty when pending. */
  hold_reasons: Type.Array(Type.String()),
  reported_with: Type.Enum(CREDENTIAL_KINDS),
  /** For a subscription_renewal: which renewal of the customer's subscription (1 = the first). */
  renewal_number: Nullable(Type.Integer()),
  created_at: Timestamp,
  /** When the hold period ends and the reward is approved on its own. */
  hold_ends_at: Timestamp,
});
export type ReviewItem = Static<typeof ReviewItem>;

export const ReviewListReply = MoneyPage(ReviewItem);
export type ReviewListReply = Static<typeof ReviewListReply>;

export const ReviewBody = Type.Object({
  /** release: a held reward goes back on the hold clock (approved when the hold period ends). */
  action: Type.Union([Type.Literal('approve'), Type.Literal('reject'), Type.Literal('release')]),
  conversion_ids: Type.Array(RowId, { minItems: 1, maxItems: 500 }),
  reason: Type.Optional(Type.String({ maxLength: 500, description: 'Required to reject' })),
});
export type ReviewBody = Static<typeof ReviewBody>;

export const ReviewReply = SuccessReply({
  /** Conversions whose reward moved. */
  moved: Type.Array(Type.Integer()),
  /** Asked for but not moved (not the brand's, or no longer in a status the action moves). */
  skipped: Type.Array(Type.Integer()),
});
export type ReviewReply = Static<typeof ReviewReply>;

export const ReviewConversionParams = Type.Object({ id: RowId, conversionId: RowId });
export type ReviewConversionParams = Static<typeof ReviewConversionParams>;

/** One step of a commission's life, oldest first. */
export const TIMELINE_KINDS = [
  'click',
  'conversion',
  'provider_event',
  'fraud_rule',
  'hold',
  'decision',
  'payout',
] as const;
export const TimelineEntry = Type.Object({
  at: Timestamp,
  kind: Type.Enum(TIMELINE_KINDS),
  /** What happened, in a sentence. */
  title: Type.String(),
  /** Its evidence or reason, when it has one. */
  detail: NullableString,
  /** Who did it (a person's name), null when the product or a provider did. */
  actor: NullableString,
});
export type TimelineEntry = Static<typeof TimelineEntry>;

export const ReviewDetail = Type.Object({
  ...ReviewItem.properties,
  /** It may be reopened: rejected, not refunded, unpaid. */
  reopenable: Type.Boolean(),
  timeline: Type.Array(TimelineEntry),
});
export type ReviewDetail = Static<typeof ReviewDetail>;

export const ReopenBody = Type.Object({
  reason: Type.Optional(Type.String({ maxLength: 500 })),
});
export type ReopenBody = Static<typeof ReopenBody>;

export const ReopenReply = SuccessReply({ conversion: ReviewDetail });
export type ReopenReply = Static<typeof ReopenReply>;

/** What waits for the brand: the dashboard's and sidebar's count, and the week's refusals. */
export const ReviewSummary = Type.Object({
  /** Rewards held for a person. */
  held: Type.Integer(),
  /** Rewards on the hold clock (approved on their own when it ends). */
  pending: Type.Integer(),
  /** Browser reports refused in the last 7 days, per reason (most first). */
  refused_this_week: Type.Object({
    total: Type.Integer(),
    by_reason: Type.Array(
      Type.Object({ reason: Type.Enum(REFUSED_REPORT_REASONS), count: Type.Integer() }),
    ),
  }),
});
export type ReviewSummary = Static<typeof ReviewSummary>;

export const RefusedReportView = Type.Object({
  id: Type.Integer(),
  conversion_ref: Type.String(),
  reason: Type.Enum(REFUSED_REPORT_REASONS),
  message: Type.String(),
  value: Type.Number(),
  currency: Type.String(),
  quantity: Type.Integer(),
  campaign_id: Nullable(Type.Integer()),
  campaign_title: NullableString,
  advocate_id: Nullable(Type.Integer()),
  advocate: NullableString,
  created_at: Timestamp,
});
export type RefusedReportView = Static<typeof RefusedReportView>;

export const RefusedReportQuery = Type.Object({ page: Page, per_page: PerPage() });
export type RefusedReportQuery = Static<typeof RefusedReportQuery>;

export const RefusedReportListReply = MoneyPage(RefusedReportView);
export type RefusedReportListReply = Static<typeof RefusedReportListReply>;

// --- Refunds (merchant server, secret key) ---

export const RefundBody = Type.Object({
  conversionRef: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
  reason: Type.Optional(Type.String({ maxLength: 500 })),
});
export type RefundBody = Static<typeof RefundBody>;

export const RefundReply = SuccessReply({
  duplicate: Type.Boolean(),
  conversion_id: Type.Integer(),
  conversion_ref: Type.String(),
  reward_status: Type.Enum(REWARD_STATUSES),
  /** The negative entry the next payout deducts (refund after payment), else null. */
  clawback_amount: Nullable(Type.Number()),
});
export type RefundReply = Static<typeof RefundReply>;

// --- Payouts (brand) ---

export const PayoutView = Type.Object({
  id: Type.Integer(),
  ...advocateRef,
  /** 'PayPal' or 'Bank transfer'. */
  payment_type: Type.String(),
  /** The PayPal email, or the bank and the account's last 4 characters. */
  method: Type.String(),
  amount: Type.Number(),
  currency: Type.String(),
  date: Timestamp,
  status: Type.Enum(PAYOUT_STATUSES),
  rewards: Type.Integer({ description: 'Ledger entries it pays (negative ones deducted)' }),
  failure_reason: NullableString,
});
export type PayoutView = Static<typeof PayoutView>;

export const PayoutListQuery = Type.Object({
  status: Type.Optional(Type.Enum(PAYOUT_STATUSES)),
  page: Page,
  per_page: PerPage(),
});
export type PayoutListQuery = Static<typeof PayoutListQuery>;

export const PayoutListReply = MoneyPage(PayoutView);
export type PayoutListReply = Static<typeof PayoutListReply>;

/** An advocate's approved, unpaid balance in one currency. */
export const AdvocateBalance = Type.Object({
  ...advocateRef,
  currency: Type.String(),
  amount: Type.Number(),
  /** The balance reaches the brand's minimum. */
  due: Type.Boolean(),
  /** The advocate has a default payout method (else listed as needing one). */
  has_method: Type.Boolean(),
});
export type AdvocateBalance = Static<typeof AdvocateBalance>;

export const PayoutSummary = Type.Object({
  /** Approved, unpaid, per currency: what the brand owes. */
  balance: Type.Array(CurrencyAmount),
  /** What creating payouts now would pay, per currency. */
  next_payout: Type.Object({ totals: Type.Array(CurrencyAmount), advocates: Type.Integer() }),
  /** The last batch of payouts created. */
  previous_payout: Nullable(
    Type.Object({ date: Timestamp, totals: Type.Array(CurrencyAmount), payouts: Type.Integer() }),
  ),
  advocates: Type.Array(AdvocateBalance),
  settings: PayoutSettings,
});
export type PayoutSummary = Static<typeof PayoutSummary>;

export const CreatePayoutsReply = SuccessReply({
  payouts: Type.Array(PayoutView),
  /** Due balances left unpaid because the advocate has no default payout method. */
  needs_method: Type.Array(AdvocateBalance),
  /** The preview confirmed was confirmed before: these are its payouts, nothing new was created. */
  duplicate: Type.Boolean(),
});
export type CreatePayoutsReply = Static<typeof CreatePayoutsReply>;

/** Why a balance is not in a preview's payouts. */
export const PAYOUT_BLOCKS = ['no_method', 'below_minimum'] as const;
export type PayoutBlock = (typeof PAYOUT_BLOCKS)[number];

export const PayoutPreviewItem = Type.Object({
  ...advocateRef,
  currency: Type.String(),
  amount: Type.Number(),
  /** 'PayPal' or 'Bank transfer'. */
  payment_type: Type.String(),
  /** The PayPal email, or the bank and the account's last 4 characters. */
  method: Type.String(),
  /** Ledger entries it would pay (negative ones deducted). */
  rewards: Type.Integer(),
});
export type PayoutPreviewItem = Static<typeof PayoutPreviewItem>;

export const PayoutPreviewBlocked = Type.Object({
  ...advocateRef,
  currency: Type.String(),
  amount: Type.Number(),
  reason: Type.Enum(PAYOUT_BLOCKS),
  /** The reason in words ('No payout method', 'Below the 10.00 minimum'). */
  message: Type.String(),
});
export type PayoutPreviewBlocked = Static<typeof PayoutPreviewBlocked>;

/** POST brand/{id}/payouts/preview/: what confirming `preview_id` would create. */
export const PayoutPreviewReply = Type.Object({
  preview_id: Type.String(),
  created_at: Timestamp,
  /** What the payouts would pay, per currency. */
  totals: Type.Array(CurrencyAmount),
  payouts: Type.Array(PayoutPreviewItem),
  /** Balances that will not be paid, and why. */
  blocked: Type.Array(PayoutPreviewBlocked),
});
export type PayoutPreviewReply = Static<typeof PayoutPreviewReply>;

/** POST brand/{id}/payouts/: `{ preview_id }` confirms a preview (without it: pay what is due now). */
export const CreatePayoutsBody = Type.Object({
  preview_id: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
});
export type CreatePayoutsBody = Static<typeof CreatePayoutsBody>;

export const PayoutFailedBody = Type.Object({
  reason: Type.Optional(Type.String({ maxLength: 500 })),
});
export type PayoutFailedBody = Static<typeof PayoutFailedBody>;

export const PayoutReply = SuccessReply({ payout: PayoutView });
export type PayoutReply = Static<typeof PayoutReply>;

export const PAYOUT_EXPORT_FORMATS = ['paypal', 'wise'] as const;
export type PayoutExportFormat = (typeof PAYOUT_EXPORT_FORMATS)[number];
export const PayoutExportQuery = Type.Object({
  format: Type.Enum(PAYOUT_EXPORT_FORMATS),
  currency: Currency,
  status: Type.Optional(Type.Enum(PAYOUT_STATUSES, { description: 'Default pending' })),
});
export type PayoutExportQuery = Static<typeof PayoutExportQuery>;

// --- Earnings (advocate) ---

export const EarningsSummary = Type.Object({
  /** Pending, approved and paid entries (negative ones included), per currency. */
  total_earnings: Type.Array(CurrencyAmount),
  /** Approved, unpaid entries (refunds after payment deducted), per currency. */
  current_balance: Type.Array(CurrencyAmount),
});
export type EarningsSummary = Static<typeof EarningsSummary>;

export const EarningsQuery = Type.Object({
  since: Type.Optional(DateOnly),
  until: Type.Optional(DateOnly),
  event_type: Type.Optional(EventTypeValue),
  min_value: Type.Optional(
    Type.Number({ minimum: 0, maximum: 9_999_999_999.99, description: 'Least reward amount' }),
  ),
  page: Page,
  per_page: PerPage({ default: 10 }),
});
export type EarningsQuery = Static<typeof EarningsQuery>;

export const EarningEntry = Type.Object({
  id: Type.Integer(),
  kind: Type.Enum(REWARD_KINDS),
  conversion_id: Type.Integer(),
  conversion_ref: Type.String(),
  created_at: Timestamp,
  event_type: EventTypeValue,
  campaign_id: Type.Integer(),
  campaign_name: NullableString,
  brand_name: Type.String(),
  /** The sale net of refunds. */
  value: Type.Number(),
  /** The part of the sale refunded so far (0: none). */
  refunded_value: Type.Number(),
  amount: Type.Number(),
  currency: Type.String(),
  status: Type.Enum(REWARD_STATUSES),
  payout: Nullable(
    Type.Object({ id: Type.Integer(), status: Type.Enum(PAYOUT_STATUSES), date: Timestamp }),
  ),
  /** For a subscription_renewal: which renewal of the customer's subscription (1 = the first). */
  renewal_number: Nullable(Type.Integer()),
  /** The customer, masked for the advocate (j•••@example.com), when the brand's tracking knows one. */
  customer: NullableString,
  /** Why a rejected entry was rejected (the brand's reason, a refund), else null. */
  rejection_reason: NullableString,
});
export type EarningEntry = Static<typeof EarningEntry>;

/** One of the advocate's payouts, as Earnings lists them. */
export const AdvocatePayoutView = Type.Object({
  id: Type.Integer(),
  brand_id: Type.Integer(),
  brand_name: Type.String(),
  amount: Type.Number(),
  currency: Type.String(),
  status: Type.Enum(PAYOUT_STATUSES),
  /** 'PayPal' or 'Bank transfer'. */
  payment_type: Type.String(),
  /** The PayPal email, or the bank and the account's last 4 characters. */
  method: Type.String(),
  created_at: Timestamp,
  sent_at: Nullable(Timestamp),
  completed_at: Nullable(Timestamp),
  failure_reason: NullableString,
});
export type AdvocatePayoutView = Static<typeof AdvocatePayoutView>;

export const AdvocatePayoutsQuery = Type.Object({ page: Page, per_page: PerPage({ default: 10 }) });
export type AdvocatePayoutsQuery = Static<typeof AdvocatePayoutsQuery>;

export const AdvocatePayoutListReply = MoneyPage(AdvocatePayoutView);
export type AdvocatePayoutListReply = Static<typeof AdvocatePayoutListReply>;

export const EarningsListReply = MoneyPage(EarningEntry);
export type EarningsListReply = Static<typeof EarningsListReply>;

// --- Payout methods (advocate) ---

export const PayoutMethodBody = Type.Object({
  type: Type.Enum(PAYOUT_METHOD_TYPES),
  paypal_email: Type.Optional(Email),
  account_holder: Type.Optional(Type.String({ maxLength: 150 })),
  bank_name: Type.Optional(Type.String({ maxLength: 150 })),
  account_number: Type.Optional(
    Type.String({ maxLength: 40, description: 'IBAN or account number (letters, digits, spaces)' }),
  ),
  bank_code: Type.Optional(
    Type.String({ maxLength: 40, description: 'Sort code, routing number or SWIFT/BIC' }),
  ),
  bank_country: Type.Optional(Type.String({ maxLength: 2 })),
  is_default: Type.Optional(Type.Boolean()),
});
export type PayoutMethodBody = Static<typeof PayoutMethodBody>;

export const PayoutMethodView = Type.Object({
  id: Type.Integer(),
  type: Type.Enum(PAYOUT_METHOD_TYPES),
  paypal_email: NullableString,
  account_holder: NullableString,
  bank_name: NullableString,
  account_number: NullableString,
  bank_code: NullableString,
  bank_country: NullableString,
  is_default: Type.Boolean(),
  created_at: Timestamp,
});
export type PayoutMethodView = Static<typeof PayoutMethodView>;

export const PayoutMethodListReply = Type.Object({ results: Type.Array(PayoutMethodView) });
export type PayoutMethodListReply = Static<typeof PayoutMethodListReply>;

export const PayoutMethodReply = SuccessReply({ method: PayoutMethodView });
export type PayoutMethodReply = Static<typeof PayoutMethodReply>;

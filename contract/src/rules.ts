// Shared rules: the vocabularies, patterns, limits and validation messages that the database's
// CHECK constraints, the server's request schemas and the browser's forms all read, so a form can
// never accept what the server refuses. The remotes bundle it (nothing else from 'contract' reaches
// a browser at run time), so its one dependency is ipaddr.js, for the address rule (addresses.ts).
import { isPublicHost } from './addresses.js';
import { isWholeMills } from './currency.js';

export { isPublicAddress, isPublicHost } from './addresses.js';

/** Roles a user can hold; the session's active role is one of them. */
export const ROLE_CODES = ['brand_owner', 'advocate'] as const;
export type RoleCode = (typeof ROLE_CODES)[number];
/** The same roles as the user record names them (`roles` of GET user/me/ and of sign-in). */
export const ROLE_NAMES = ['Brand Owner', 'Advocate'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];
/** Every spelling a client may send for a role, including the legacy alias 'Brand'. */
export const ROLE_INPUTS = ['Brand Owner', 'Brand', 'Advocate', 'brand_owner', 'advocate'] as const;
export type RoleInput = (typeof ROLE_INPUTS)[number];

export const BRAND_TYPES = ['company', 'product'] as const;
export type BrandType = (typeof BRAND_TYPES)[number];
export const BRAND_SIZES = ['2-50', '51-200', '201-500', '500+'] as const;
export type BrandSize = (typeof BRAND_SIZES)[number];

/** Currencies a product is priced in; amounts in different currencies are never added up. */
export const CURRENCIES = ['USD', 'NGN', 'EUR', 'GBP'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const PRODUCT_STATUSES = ['active', 'inactive', 'discontinued', 'out_of_stock'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
export const CAMPAIGN_STATUSES = ['active', 'inactive', 'completed', 'cancelled'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
export const COMMISSION_TYPES = ['percentage', 'flat'] as const;
export type CommissionType = (typeof COMMISSION_TYPES)[number];
/**
 * How an advocate joins a campaign: open (at once), application (the brand approves first; share
 * links only once approved) or invite_only (only advocates the brand invited).
 */
export const JOIN_MODES = ['open', 'application', 'invite_only'] as const;
export type JoinMode = (typeof JOIN_MODES)[number];
export const APPLICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
/** A brand's application question: free text, or one choice among its options. */
export const APPLICATION_QUESTION_TYPES = ['text', 'choice'] as const;
export type ApplicationQuestionType = (typeof APPLICATION_QUESTION_TYPES)[number];

/** Where a share-link click came from. */
export const CLICK_SOURCES = ['direct', 'social', 'email', 'others'] as const;
export type ClickSource = (typeof CLICK_SOURCES)[number];
export const DEVICE_CLASSES = ['mobile', 'tablet', 'desktop'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

/** What a notification is about: the drawer's Filter narrows by these. */
export const NOTIFICATION_KINDS = [
  'conversion',
  'commission',
  'payout',
  'advocate',
  'webhook',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  conversion: 'Conversions',
  commission: 'Commissions',
  payout: 'Payouts',
  advocate: 'Advocates',
  webhook: 'Webhooks',
};

/**
 * The kinds each role is sent: a brand owner hears of sales, joins and disabled webhooks; an
 * advocate of their sales, commissions, payouts and their place in a brand's program. The
 * server's announcements are typed by it (features/notifications/compose.ts, the webhooks
 * worker) and the drawer's Filter offers exactly these, so neither offers what never comes.
 */
export const NOTIFICATION_KINDS_BY_ROLE = {
  brand_owner: ['conversion', 'advocate', 'webhook'],
  advocate: ['conversion', 'commission', 'payout', 'advocate'],
} as const satisfies Record<RoleCode, readonly NotificationKind[]>;

export const API_KEY_KINDS = ['secret', 'publishable'] as const;
export type ApiKeyKind = (typeof API_KEY_KINDS)[number];

export const EVENT_TYPES = [
  'purchase',
  'subscription',
  'signup',
  'subscription_created',
  'subscription_renewal',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];
/** A conversion's review follows its reward; refunded and rejected ones count nowhere. */
export const CONVERSION_STATUSES = ['pending', 'approved', 'rejected', 'refunded'] as const;
export type ConversionStatus = (typeof CONVERSION_STATUSES)[number];
/**
 * How a conversion was reported: a secret key (a merchant server), a publishable key (the browser
 * script), a signed-in user (the SDK tester), or a verified webhook of a billing provider (Stripe,
 * Paddle, Lemon Squeezy, Shopify).
 */
export const CREDENTIAL_KINDS = [
  'secret',
  'publishable',
  'user',
  'stripe',
  'paddle',
  'lemonsqueezy',
  'shopify',
] as const;
export type CredentialKind = (typeof CREDENTIAL_KINDS)[number];
/** held: a fraud rule or a publishable key asks a person to look; the hold job never approves it. */
export const REWARD_STATUSES = ['pending', 'approved', 'paid', 'rejected', 'held'] as const;
export type RewardStatus = (typeof REWARD_STATUSES)[number];
/** A reward for a conversion, or the negative entry a refund after payment leaves (deducted by the next payout). */
export const REWARD_KINDS = ['reward', 'clawback'] as const;
export type RewardKind = (typeof REWARD_KINDS)[number];
/** Where an advocate is paid: PayPal or bank transfer. */
export const PAYOUT_METHOD_TYPES = ['paypal', 'bank'] as const;
export type PayoutMethodType = (typeof PAYOUT_METHOD_TYPES)[number];
export const PAYOUT_STATUSES = ['pending', 'ongoing', 'successful', 'failed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** Why a browser report (publishable key) was refused at the door; each refusal is kept for the brand. */
export const REFUSED_REPORT_REASONS = [
  'over_price_cap',
  'over_max_order_value',
  'currency_mismatch',
] as const;
export type RefusedReportReason = (typeof REFUSED_REPORT_REASONS)[number];

/**
 * Patterns as source strings: JSON Schema patterns carry no flags, so the server and the forms
 * compile exactly the same expression (`new RegExp(PATTERNS.x)`) and cannot disagree.
 */
export const PATTERNS = {
  sixDigits: '^[0-9]{6}$',
  numericId: '^[1-9][0-9]{0,9}$',
  notBlank: '\\S',
  /** A plus or a digit, then at least 6 digits, spaces, parentheses or hyphens. */
  phone: '^[+0-9][0-9\\s()-]{6,}$',
  /**
   * http:// or https:// (in any letter case, as URL schemes are), then a host containing a dot.
   * Also the only URLs accepted as redirect targets and image sources, so javascript:, data:
   * and friends never get stored. Share links redirect visitors to these, so a URL may not
   * carry a user name or password, nor name a loopback, private or link-local IPv4 address or
   * an IPv6 literal: a public page is never there. The text is only the first check: the host
   * as a browser reads it must pass the address rule too (hasPublicHost, addresses.ts).
   */
  /** A Stripe webhook endpoint's signing secret, as its dashboard shows it. */
  stripeWebhookSecret: '^whsec_[A-Za-z0-9+/=_-]{8,200}$',
  /** A Stripe restricted API key; its prefix says its mode (rk_test_ or rk_live_). */
  stripeRestrictedKey: '^rk_(test|live)_[A-Za-z0-9]{8,250}$',
  /**
   * A brand's slug (its program page, /programs/{slug}): 3 to 48 lower-case letters, digits and
   * hyphens, starting and ending with a letter or digit (the database checks the same).
   */
  slug: '^[a-z0-9](?:[a-z0-9-]{1,46}[a-z0-9])$',
  httpUrl:
    '^[hH][tT][tT][pP][sS]?://(?![^\\s/?#]*@)(?!\\[|(?:0|10|127)\\.|169\\.254\\.|192\\.168\\.|172\\.(?:1[6-9]|2[0-9]|3[01])\\.)[^\\s/?#.]+(\\.[^\\s/?#.]+)+([/?#]\\S*)?$',
} as const;
export type PatternName = keyof typeof PATTERNS;

/** How many products a list call returns when it names no limit. */
export const PRODUCT_FETCH_LIMIT = 50;

export const LIMITS = {
  passwordMin: 8,
  passwordMax: 1024,
  emailMax: 254,
  usernameMax: 150,
  personNameMax: 150,
  phoneMax: 32,
  urlMax: 2048,
  /** numeric(12,2) */
  moneyMax: 9_999_999_999.99,
  campaignDurationMin: 1,
  budgetLimitMin: 0,
  /** int4 */
  idMax: 2_147_483_647,
  /** Days a reward may wait before it is approved on its own (payout settings; from 0). */
  holdDaysMax: 365,
  /** Days a click may attribute a browser-reported conversion (fraud settings; from 1). */
  attributionWindowDaysMax: 365,
  /** A percentage reward above this would pay more than the sale. */
  percentageRewardMax: 100,
  /** Months of renewals a campaign may pay for (recurring_months; 0: only the first payment). */
  recurringMonthsMax: 120,
  /** Fraud settings' velocity limits (each from 1). */
  visitorDailyMax: 10_000,
  addressHourlyMax: 100_000,
  /** A brand's program page: its application questions, their options and the answers. */
  applicationQuestionsMax: 5,
  questionLabelMax: 200,
  questionOptionsMax: 10,
  questionOptionMax: 100,
  answerMax: 2000,
  /** Emails per bulk invitation of advocates (POST brand/{brandId}/advocate-invitations/). */
  advocateInvitationsMax: 500,
  rejectReasonMax: 500,
} as const;

/** The messages a user reads when a field is refused, by the form and by the server alike. */
export const MESSAGES = {
  usernameRequired: 'Username is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email format',
  passwordRequired: 'Password is required',
  passwordTooShort: `Password must be at least ${LIMITS.passwordMin} characters`,
  confirmRequired: 'Confirm Password is required',
  passwordsMustMatch: 'Passwords must match',
  otpInvalid: 'Enter the 6-digit code',
  brandNameRequired: 'Brand name is required',
  phoneInvalid: 'Enter a valid phone number',
  urlInvalid: 'Enter a valid URL starting with http:// or https://',
  nameRequired: 'Name is required',
  priceAboveZero: 'Price must be greater than 0',
  currencyRequired: 'Currency is required',
  statusRequired: 'Status is required',
  stripeSecretInvalid: 'A signing secret starts with whsec_',
  stripeKeyInvalid: 'A restricted key starts with rk_live_ or rk_test_',
  slugInvalid:
    'Use 3 to 48 lower-case letters, digits and hyphens, starting and ending with a letter or digit',
} as const;

/** The server's message for a failed pattern (its validator reports only the pattern). */
export const PATTERN_MESSAGES: Record<PatternName, string> = {
  sixDigits: 'must be a 6-digit code',
  numericId: 'must be a positive integer id',
  notBlank: 'must not be blank',
  phone: MESSAGES.phoneInvalid,
  httpUrl: MESSAGES.urlInvalid,
  stripeWebhookSecret: MESSAGES.stripeSecretInvalid,
  stripeRestrictedKey: MESSAGES.stripeKeyInvalid,
  slug: MESSAGES.slugInvalid,
};

/**
 * A slug proposed from a brand's name (brand creation, the edit form's suggestion): lower case,
 * runs of other characters become one hyphen, at most 40 characters; null when fewer than 3 remain
 * (the caller then picks brand-<id>). The migration that gave existing brands their slug does the same.
 */
export function slugFromName(name: string): string | null {
  const base = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/^-+|-+$/g, '');
  return base.length >= 3 ? base : null;
}

/**
 * The WHATWG URL parser, global in browsers and in Node; declared here because this package is
 * compiled without the DOM or Node type libraries (it runs in both).
 */
declare const URL: new (url: string) => { hostname: string };

/**
 * True when the URL's host, as a browser reads it, passes the address rule (isPublicHost: not
 * localhost or *.localhost, and no loopback, private, link-local, shared, multicast, broadcast,
 * benchmarking, documentation or other special-purpose address). A browser also reads
 * `0177.0.0.1`, `0x7f.1`, `2130706433` or `①②⑦.0.0.1` as 127.0.0.1: the WHATWG URL parser
 * (`URL`, in browsers and Node alike) turns every such notation into the dotted decimal form,
 * which is what is judged. A URL it cannot parse is refused.
 */
export function hasPublicHost(value: string): boolean {
  let hostname: string;
  try {
    hostname = new URL(value).hostname;
  } catch {
    return false;
  }
  return isPublicHost(hostname);
}

/**
 * True when `value` is money as the API takes it: a finite number of whole thousandths (the
 * finest minor unit, KWD's fils; binary floating point noise tolerated, so 19.99 * 3 computed by
 * a client passes as 59.97), at most LIMITS.moneyMax in size, and 0 or at least a thousandth:
 * 5e-324 or 1e-320 are within the noise of 0, yet not 0, and the database would store them as 0
 * (or a "price > 0" check would fail). Whether it is whole minor units of its own currency (no
 * third decimal in USD) is currency.ts's minorUnitProblem, where the currency is known.
 */
export function isMoneyAmount(value: number): boolean {
  if (!Number.isFinite(value) || Math.abs(value) > LIMITS.moneyMax) return false;
  return isWholeMills(value) && (Math.round(value * 1000) !== 0 || value === 0);
}

const compiled = new Map<string, RegExp>();
/**
 * True when `value` matches the named pattern exactly as the server's validator would (for
 * httpUrl, that includes the host as a browser reads it: hasPublicHost).
 */
export function matchesPattern(name: PatternName, value: string): boolean {
  let regex = compiled.get(name);
  if (!regex) compiled.set(name, (regex = new RegExp(PATTERNS[name], 'u')));
  return regex.test(value) && (name !== 'httpUrl' || hasPublicHost(value));
}

/**
 * A website typed without its scheme ("lumenroast.test", "www.shop.example/about") gets https://
 * in front, as a browser's address bar would; anything else (a scheme already, blank, a value
 * that is no host) is returned trimmed and then judged by the httpUrl rule as it is. The brand
 * form and the server both apply this before validating, so they accept the same inputs.
 */
export function withWebScheme(value: string): string {
  const trimmed = value.trim();
  return /^[^\s/:?#@]+\.[^\s/:?#@.]+(?:[/?#:]\S*)?$/u.test(trimmed)
    ? `https://${trimmed}`
    : trimmed;
}

/** An application question as the checks below read it (contract/brands ApplicationQuestion). */
export interface QuestionLike {
  id: string;
  label: string;
  type: ApplicationQuestionType;
  required: boolean;
  options?: string[];
}

/**
 * What is wrong with a brand's questions beyond their shape (ids repeated, a choice without 2
 * options, a text question with options), as a message naming the question; null when fine.
 * The server and the edit form both call it.
 */
export function questionsProblem(questions: readonly QuestionLike[]): string | null {
  const seen = new Set<string>();
  for (const [index, question] of questions.entries()) {
    const name = `Question ${index + 1}`;
    if (seen.has(question.id)) return `${name}: its id repeats another question's`;
    seen.add(question.id);
    const options = question.options ?? [];
    if (question.type === 'choice' && options.length < 2)
      return `${name}: a choice question needs at least 2 options`;
    if (question.type === 'text' && options.length > 0)
      return `${name}: a text question has no options`;
    if (new Set(options.map((option) => option.trim())).size !== options.length)
      return `${name}: its options repeat`;
  }
  return null;
}

/**
 * What is wrong with the answers to `questions` (a required one left blank, a choice not among
 * its options, an answer to no question), naming the question; null when fine.
 */
export function answersProblem(
  questions: readonly QuestionLike[],
  answers: readonly { question_id: string; answer: string }[],
): string | null {
  const byId = new Map(answers.map((answer) => [answer.question_id, answer.answer.trim()]));
  if (byId.size !== answers.length) return 'Each question is answered once';
  for (const answer of answers)
    if (!questions.some((question) => question.id === answer.question_id))
      return 'An answer names no question of this brand';
  for (const question of questions) {
    const answer = byId.get(question.id) ?? '';
    if (answer === '') {
      if (question.required) return `"${question.label}" needs an answer`;
      continue;
    }
    if (question.type === 'choice' && !(question.options ?? []).includes(answer))
      return `"${question.label}": pick one of its options`;
  }
  return null;
}

/**
 * What a reward rule pays, in words: '10% of each sale', '5.00 per sale' (a flat amount is in the
 * currency of each sale, so no symbol is given). The program page and its first paint both say it.
 */
export function payText(rule: {
  commission_type: CommissionType;
  commission_value: number;
}): string {
  if (rule.commission_type === 'flat') return `${rule.commission_value.toFixed(2)} per sale`;
  return `${Number(rule.commission_value.toFixed(2))}% of each sale`;
}

// Removing an advocate from a brand (issue 36): what the removal form and the server share.

/** What becomes of the advocate's pending (and held) rewards: kept for review, or rejected. */
export const PENDING_CHOICES = ['keep', 'reject'] as const;
export type PendingChoice = (typeof PENDING_CHOICES)[number];

/** removed: they may join again; banned: joining and applying are refused. */
export const REMOVAL_STATUSES = ['removed', 'banned'] as const;
export type RemovalStatus = (typeof REMOVAL_STATUSES)[number];

/** The removal reason's length limit. */
export const REMOVAL_REASON_MAX = 500;

/** What a banned advocate is told when they try to join or apply again. */
export const BANNED_FROM_BRAND =
  "You can't join this brand's campaigns: the brand has removed you from its program.";

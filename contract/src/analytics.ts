// Statistics calls: brand stats (brand/stats/, brand/stats/{brandId}/), the advocate's own stats
// (me/stats/, me/stats/{brandId}/), attributed sales (payments/), a brand's advocates
// (brands/advocates/), advocate performance and conversions (advocates/performance/,
// advocates/conversions/). What every figure means is written once in docs/metrics.md.
//
// Conventions of every reply here:
// - Money is never added across currencies. A single amount (total_revenue, amount, earnings…)
//   is in the reply's `currency` (the `currency` query parameter, else the scope's main
//   currency); the other currencies are listed in a `by_currency` array beside it.
// - A rate or percentage with nothing to divide by is 0. A figure the product cannot know is null.
// - A change against the previous period (change_percentage, progress) is null when the previous
//   period had nothing to compare with (a figure from nothing is new, not +∞%), and 0 only when
//   the figure is unchanged.
// - Days are the caller's days in the `tz` query parameter (an IANA zone, default UTC); a time
//   series has one point per day of the range, oldest first, zero-filled.
import { Type, type Static, type TInteger } from 'typebox';
import { Day, Nullable, RowId } from './common.js';
import { EventTypeValue } from './conversions.js';
import { brandRef, DateTime, NullableString, pageCounts } from './replies.js';
import { CLICK_SOURCES, CREDENTIAL_KINDS, type ClickSource } from './rules.js';

// ---------------------------------------------------------------------------------------------
// Query pieces

/** An IANA time zone name ('Europe/Paris', 'UTC'); an unknown one is a 400 naming `tz`. */
export const TimeZoneQuery = Type.String({
  minLength: 1,
  maxLength: 64,
  default: 'UTC',
  description: 'IANA time zone of the caller (default UTC): days and "today" are its days',
});
/** A currency code; amounts are reported in it (default: the scope's main currency). */
export const CurrencyQuery = Type.String({
  pattern: '^[A-Za-z]{3}$',
  description: 'Report single amounts in this currency (default: the main currency)',
});
/** A calendar day in the caller's zone. */
export const DayQuery = Day('YYYY-MM-DD, a day in the caller’s zone (tz)');
const ZeroOne = Type.Union([Type.Literal(0), Type.Literal(1)]);
export const StatsDays = Type.Union(
  [Type.Literal(7), Type.Literal(30), Type.Literal(90), Type.Literal(365)],
  { default: 30 },
);
export const PlatformsMetric = Type.Enum(['revenue', 'conversions', 'views', 'clicks'], {
  default: 'revenue',
});
export type PlatformsMetric = Static<typeof PlatformsMetric>;
export const ClickSourceValue = Type.Enum(CLICK_SOURCES);

/** GET brand/stats/, brand/stats/{brandId}/, me/stats/, me/stats/{brandId}/. */
export const StatsQuery = Type.Object({
  days: Type.Optional(StatsDays),
  timeseries: Type.Optional(ZeroOne),
  platforms_metric: Type.Optional(PlatformsMetric),
  platforms_limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 20, default: 5 })),
  tz: Type.Optional(TimeZoneQuery),
  currency: Type.Optional(CurrencyQuery),
});
export type StatsQuery = Static<typeof StatsQuery>;

export const StatsParams = Type.Object({ brandId: RowId });
export type StatsParams = Static<typeof StatsParams>;

// ---------------------------------------------------------------------------------------------
// Shared reply pieces

/** One day of a time series: `date` is YYYY-MM-DD in the caller's zone. */
export const SeriesPoint = Type.Object({ date: Type.String(), amount: Type.Number() });
export type SeriesPoint = Static<typeof SeriesPoint>;

/** `page` and `per_page` of a paged query (from 1; at most 100 rows a page). */
const pageQuery = (perPageDefault: number) => ({
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: perPageDefault })),
});

/** `since` and `until`: the days of a range, both included. */
const dayRange = { since: Type.Optional(DayQuery), until: Type.Optional(DayQuery) };

/** The campaign a row belongs to (it may have no title) and its brand. */
const campaignRef = { campaign_id: Type.Integer(), campaign_name: NullableString, ...brandRef };

/** Paged result meta. */
export const PageMeta = Type.Object({
  ...pageCounts,
  per_page: Type.Integer(),
  count: Type.Integer({ description: 'Rows on this page' }),
});
export type PageMeta = Static<typeof PageMeta>;

/** When and for which window the figures were computed. */
export const StatsMeta = Type.Object({
  generated_at: DateTime({ description: 'When these figures were computed' }),
  tz: Type.String(),
  since: Type.String({ description: 'First day of the range (YYYY-MM-DD, caller’s zone)' }),
  until: Type.String({
    description: 'Last day of the range (YYYY-MM-DD, caller’s zone), included',
  }),
  previous_since: Type.String({
    description: 'First day of the previous period of the same length',
  }),
  previous_until: Type.String(),
  currency: Type.String({ description: 'Currency of every single money figure of the reply' }),
  brand_ids: Type.Array(Type.Integer(), { description: 'The brands the figures cover' }),
});
export type StatsMeta = Static<typeof StatsMeta>;

/** Money of one currency. */
export const CurrencyTotals = Type.Object({
  currency: Type.String(),
  conversions: Type.Integer(),
  total_revenue: Type.Number(),
  rewards: Type.Number(),
  net_revenue: Type.Number(),
});
export type CurrencyTotals = Static<typeof CurrencyTotals>;

// ---------------------------------------------------------------------------------------------
// Brand stats and personal stats (one shape: the advocate's insights show the same widgets)

/** A person as the statistics name them. */
export const PersonRef = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
});
export type PersonRef = Static<typeof PersonRef>;

export const TopAdvocate = Type.Object({
  ...PersonRef.properties,
  brands: Type.Array(Type.String(), { description: 'Names of the scope’s brands they joined' }),
  amount: Type.Number({ description: 'Revenue in the range, in meta.currency' }),
  conversion: Type.Integer({ description: 'Counted conversions in the range (all currencies)' }),
});
export type TopAdvocate = Static<typeof TopAdvocate>;

export const PlatformRow = Type.Object({
  source: ClickSourceValue,
  views: Type.Integer({ description: 'Impressions (every redirect by a person)' }),
  clicks: Type.Integer(),
  conversions: Type.Integer(),
  revenue: Type.Number({ description: 'In meta.currency' }),
  percentage: Type.Number({
    description: 'Share of the chosen metric, in percent (0 when the total is 0)',
  }),
});
export type PlatformRow = Static<typeof PlatformRow>;

/** Counted clicks per click source. */
const clicksPerSource = Object.fromEntries(CLICK_SOURCES.map((source) => [source, Type.Integer()]));
export const BySource = Type.Object(clicksPerSource as Record<ClickSource, TInteger>);
export type BySource = Static<typeof BySource>;

/** A change against the previous period of the same length; null when that period had nothing. */
const Change = (what: string) =>
  Nullable(
    Type.Number({
      description: `${what} against the previous period of the same length, in percent (2 decimals); null when the previous figure is 0`,
    }),
  );

export const Stats = Type.Object({
  advocates: Type.Object({
    total: Type.Integer({
      description: 'Distinct advocates who joined a campaign of the scope (all time)',
    }),
    previous_total: Type.Integer({
      description: 'The same when the range began: advocates who had joined before its first day',
    }),
    change_percentage: Change('total against previous_total'),
    top_advocates: Type.Array(TopAdvocate),
  }),
  engagement: Type.Object({
    clicks: Type.Integer(),
    impressions: Type.Integer(),
    reach: Type.Integer({ description: 'Unique visitors (= visitors.unique_visitors)' }),
    leads: Type.Integer({ description: 'Counted signup conversions' }),
  }),
  referrals: Type.Object({
    count: Type.Integer({ description: 'Counted conversions of every type (= conversions.count)' }),
  }),
  conversions: Type.Object({
    count: Type.Integer(),
    rate: Type.Number({ description: 'conversions / clicks × 100, 2 decimals; 0 without clicks' }),
    previous_count: Type.Integer({ description: 'Counted conversions of the previous period' }),
    change_percentage: Change('count'),
  }),
  revenue: Type.Object({
    currency: Type.String(),
    total_revenue: Type.Number({ description: 'Gross value of counted conversions, in currency' }),
    net_revenue: Type.Number({ description: 'total_revenue minus the advocates’ rewards on it' }),
    net_profit: Nullable(Type.Number({ description: 'Unknown: the product does not know costs' })),
    previous_total_revenue: Type.Number({
      description: 'total_revenue of the previous period of the same length, in currency',
    }),
    change_percentage: Change('total_revenue'),
    timeseries: Type.Array(SeriesPoint),
    timeseries_net_revenue: Type.Array(SeriesPoint),
    timeseries_net_profit: Nullable(Type.Array(SeriesPoint)),
    by_currency: Type.Array(CurrencyTotals),
  }),
  visitors: Type.Object({
    unique_visitors: Type.Integer(),
    avg_sessions_per_day: Type.Number({
      description: 'Counted clicks / days of the range, 2 decimals',
    }),
    avg_session_duration: Nullable(
      Type.Number({ description: 'Always null: no session tracking' }),
    ),
  }),
  performance: Type.Object({
    previous_clicks: Type.Integer({ description: 'Counted clicks of the previous period' }),
    progress: Change('Counted clicks'),
    by_source: BySource,
  }),
  platforms: Type.Object({ metric: PlatformsMetric, top: Type.Array(PlatformRow) }),
  meta: StatsMeta,
});
export type Stats = Static<typeof Stats>;

/** Reply of brand/stats/, brand/stats/{brandId}/, me/stats/ and me/stats/{brandId}/. */
export const StatsReply = Type.Object({ data: Stats });
export type StatsReply = Static<typeof StatsReply>;
/** The brand dashboard's and insights' reply. */
export type BrandStats = Stats;
/** The advocate's own figures (advocate insights): the same widgets as the brand's. */
export type PersonalStats = Stats;

// ---------------------------------------------------------------------------------------------
// GET payments/: a brand's attributed sales (counted conversions with a value), newest first

export const PaymentsQuery = Type.Object({
  ...pageQuery(10),
  brand_id: Type.Optional(RowId),
  user_id: Type.Optional(RowId),
  ...dayRange,
  summary: Type.Optional(ZeroOne),
  tz: Type.Optional(TimeZoneQuery),
  currency: Type.Optional(CurrencyQuery),
});
export type PaymentsQuery = Static<typeof PaymentsQuery>;

export const Payment = Type.Object({
  id: Type.Integer(),
  transaction_id: Type.String({ description: 'The brand’s conversion reference (order id)' }),
  advocate: PersonRef,
  advocate_name: Type.String(),
  advocate_email: Type.String(),
  /** The sale net of refunds. */
  amount: Type.Number(),
  /** The part of the sale refunded so far (0: none); amount + refunded_amount is the sale as paid. */
  refunded_amount: Type.Number(),
  currency: Type.String(),
  /** The reward net of refunds. */
  reward_amount: Type.Number(),
  /** The part of the reward refunds took back (0: none). */
  refunded_reward: Type.Number(),
  event_type: EventTypeValue,
  /** How it was reported: stripe (the webhook), publishable (the browser script), secret (a server), user (the SDK tester). */
  reported_with: Type.Enum(CREDENTIAL_KINDS),
  /** For a subscription_renewal: which renewal of the customer's subscription (1 = the first). */
  renewal_number: Nullable(Type.Integer()),
  status: Type.String({ description: 'The conversion’s status' }),
  date: Type.String({ description: 'YYYY-MM-DD in the caller’s zone' }),
  created_at: DateTime(),
  ...campaignRef,
});
export type Payment = Static<typeof Payment>;

export const PaymentsSummary = Type.Object({
  total_amount: Type.Number({ description: 'Sum of the matching sales in currency' }),
  currency: Type.String(),
  by_currency: Type.Array(
    Type.Object({ currency: Type.String(), total_amount: Type.Number(), count: Type.Integer() }),
  ),
});
export type PaymentsSummary = Static<typeof PaymentsSummary>;

export const PaymentsReply = Type.Object({
  results: Type.Array(Payment),
  count: Type.Integer({ description: 'Matching sales on all pages' }),
  meta: PageMeta,
  summary: Type.Optional(PaymentsSummary),
  generated_at: DateTime(),
});
export type PaymentsReply = Static<typeof PaymentsReply>;

// ---------------------------------------------------------------------------------------------
// GET brands/advocates/: the advocates who joined the caller's brands (list, or one profile)

export const BrandAdvocatesQuery = Type.Object({
  brand_id: Type.Optional(RowId),
  campaign_id: Type.Optional(RowId),
  advocate_id: Type.Optional(RowId),
  status: Type.Optional(
    Type.Enum(['active', 'inactive', 'draft', 'running', 'completed'], {
      description:
        'active or inactive: the advocate’s account; running, draft or completed: advocates of a ' +
        'campaign that is active, paused (inactive) or completed',
    }),
  ),
  q: Type.Optional(Type.String({ maxLength: 100, description: 'Part of the name or email' })),
  ...pageQuery(20),
  currency: Type.Optional(CurrencyQuery),
});
export type BrandAdvocatesQuery = Static<typeof BrandAdvocatesQuery>;

export const AdvocateCampaignRef = Type.Object({
  campaign_id: Type.Integer(),
  campaign_name: NullableString,
  brand_id: Type.Integer(),
  joined_at: DateTime(),
});
export type AdvocateCampaignRef = Static<typeof AdvocateCampaignRef>;

/** A list item and the profile record at once (all-time figures on the caller's brands). */
export const AdvocateRecord = Type.Object({
  id: Type.Integer(),
  name: Type.String({ description: 'The full name of their profile, else their name or username' }),
  picture_url: Nullable(
    Type.String({ description: 'Their profile picture (a signed, expiring URL), if they set one' }),
  ),
  username: Type.String(),
  email: Type.String(),
  is_active: Type.Boolean(),
  joined_at: DateTime({ description: 'First join of one of the brands' }),
  advocate: PersonRef,
  totals: Type.Object({
    currency: Type.String(),
    clicks: Type.Integer(),
    conversions: Type.Integer(),
    gross_revenue: Type.Number(),
    net_revenue: Type.Number(),
    rewards: Type.Number({ description: 'Rewards on counted conversions, in currency' }),
    rewards_paid: Type.Number({ description: 'Rewards already paid out, in currency' }),
    by_currency: Type.Array(CurrencyTotals),
  }),
  brands: Type.Array(
    Type.Object({
      ...brandRef,
      gross_revenue: Type.Number(),
      conversions: Type.Integer(),
    }),
  ),
  campaigns: Type.Array(AdvocateCampaignRef),
});
export type AdvocateRecord = Static<typeof AdvocateRecord>;
export type AdvocateListItem = AdvocateRecord;
export type AdvocateProfile = AdvocateRecord;

export const BrandAdvocatesReply = Type.Object({
  data: Type.Array(AdvocateRecord),
  meta: PageMeta,
  generated_at: DateTime(),
});
export type BrandAdvocatesReply = Static<typeof BrandAdvocatesReply>;

// ---------------------------------------------------------------------------------------------
// GET advocates/performance/ and advocates/conversions/

const AdvocateFilters = {
  ...dayRange,
  tz: Type.Optional(TimeZoneQuery),
  advocate_id: Type.Optional(RowId),
  brand_id: Type.Optional(RowId),
  campaign_id: Type.Optional(RowId),
  event_type: Type.Optional(EventTypeValue),
  min_value: Type.Optional(Type.Number({ minimum: 0, maximum: 9_999_999_999.99 })),
  q: Type.Optional(
    Type.String({
      maxLength: 100,
      description: 'Part of a campaign or brand name, or of the order reference (conversions)',
    }),
  ),
  currency: Type.Optional(CurrencyQuery),
};

export const PerformanceQuery = Type.Object({
  ...AdvocateFilters,
  timeseries: Type.Optional(ZeroOne),
});
export type PerformanceQuery = Static<typeof PerformanceQuery>;

export const PerformanceMetrics = Type.Object({
  clicks: Type.Integer(),
  subscribers: Type.Integer({
    description: 'Counted subscription and subscription_created conversions',
  }),
  customers: Type.Integer({ description: 'Counted purchase conversions' }),
  conversions: Type.Integer(),
  revenue: Type.Number({ description: 'In currency' }),
  earnings: Type.Number({ description: 'Rewards on counted conversions, in currency' }),
});
export type PerformanceMetrics = Static<typeof PerformanceMetrics>;

/** The figures of one line of a breakdown. */
const breakdownFigures = {
  clicks: Type.Integer(),
  conversions: Type.Integer(),
  revenue: Type.Number(),
  earnings: Type.Number(),
};

export const CampaignBreakdown = Type.Object({
  ...campaignRef,
  ...breakdownFigures,
  by_currency: Type.Array(
    Type.Object({ currency: Type.String(), revenue: Type.Number(), earnings: Type.Number() }),
    {
      description:
        'Revenue and earnings in every currency the campaign earned in (revenue and earnings above are the main currency only)',
    },
  ),
});
export type CampaignBreakdown = Static<typeof CampaignBreakdown>;

export const BrandBreakdown = Type.Object({ ...brandRef, ...breakdownFigures });
export type BrandBreakdown = Static<typeof BrandBreakdown>;

export const Performance = Type.Object({
  metrics: PerformanceMetrics,
  timeseries: Type.Object({ revenue: Type.Array(SeriesPoint), earnings: Type.Array(SeriesPoint) }),
  breakdown: Type.Array(CampaignBreakdown),
  breakdown_by_campaign: Type.Array(CampaignBreakdown),
  breakdown_by_brand: Type.Array(BrandBreakdown),
  summary: Type.Object({
    total_earnings: Type.Number(),
    net_earnings: Type.Number({ description: 'The part of total_earnings approved or paid' }),
    currency: Type.String(),
    by_currency: Type.Array(
      Type.Object({
        currency: Type.String(),
        conversions: Type.Integer(),
        revenue: Type.Number(),
        total_earnings: Type.Number(),
        net_earnings: Type.Number(),
      }),
    ),
  }),
  meta: Type.Object({
    generated_at: DateTime(),
    tz: Type.String(),
    since: Type.String(),
    until: Type.String(),
    currency: Type.String(),
    advocate_id: Type.Integer(),
  }),
});
export type Performance = Static<typeof Performance>;
export type AdvocatePerformance = Performance;

export const PerformanceReply = Type.Object({ data: Performance });
export type PerformanceReply = Static<typeof PerformanceReply>;

export const ConversionsQuery = Type.Object({
  ...AdvocateFilters,
  ...pageQuery(10),
});
export type ConversionsQuery = Static<typeof ConversionsQuery>;

/** A conversion/transaction record of the advocate's earnings history. */
export const ConversionRecord = Type.Object({
  id: Type.Integer(),
  transaction_id: Type.String({ description: 'The brand’s conversion reference' }),
  created_at: DateTime(),
  timestamp: DateTime(),
  date: Type.String({ description: 'YYYY-MM-DD in the caller’s zone' }),
  event_type: EventTypeValue,
  ...campaignRef,
  value: Type.Number({ description: 'The sale net of refunds' }),
  amount: Type.Number({ description: 'The same as value' }),
  /** The part of the sale refunded so far (0: none). */
  refunded_value: Type.Number(),
  currency: Type.String(),
  earnings: Type.Number({ description: 'The advocate’s reward on it, net of refunds' }),
  status: Type.String({ description: 'The conversion’s status' }),
  reward_status: NullableString,
});
export type ConversionRecord = Static<typeof ConversionRecord>;

export const ConversionsReply = Type.Object({
  data: Type.Array(ConversionRecord),
  count: Type.Integer({ description: 'Matching conversions on all pages' }),
  meta: PageMeta,
  generated_at: DateTime(),
});
export type ConversionsReply = Static<typeof ConversionsReply>;

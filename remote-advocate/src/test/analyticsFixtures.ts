import type { CampaignBreakdown, Performance, PerformanceReply } from 'contract';
import { makeSeries } from 'shared-ui/test-utils';

export function makeBreakdown(overrides: Partial<CampaignBreakdown> = {}): CampaignBreakdown {
  return {
    campaign_id: 11,
    campaign_name: 'Spring Launch',
    brand_id: 3,
    brand_name: 'Acme Coffee',
    clicks: 40,
    conversions: 3,
    revenue: 180,
    earnings: 18,
    // All in the main currency unless the test says otherwise.
    by_currency: [
      { currency: 'USD', revenue: overrides.revenue ?? 180, earnings: overrides.earnings ?? 18 },
    ],
    ...overrides,
  };
}

/** An advocate's performance over 30 days; zeros unless `metrics` and `breakdown` say otherwise. */
export function makePerformance({
  metrics = {},
  breakdown = [],
  revenue = () => 0,
  currency = 'USD',
  byCurrency = [],
}: {
  metrics?: Partial<Performance['metrics']>;
  breakdown?: CampaignBreakdown[];
  revenue?: (day: number) => number;
  currency?: string;
  byCurrency?: Performance['summary']['by_currency'];
} = {}): Performance {
  const full = {
    clicks: 0,
    subscribers: 0,
    customers: 0,
    conversions: 0,
    revenue: 0,
    earnings: 0,
    ...metrics,
  };
  return {
    metrics: full,
    timeseries: {
      revenue: makeSeries(30, revenue),
      earnings: makeSeries(30, (i) => revenue(i) / 10),
    },
    breakdown,
    breakdown_by_campaign: breakdown,
    breakdown_by_brand: [],
    summary: {
      total_earnings: full.earnings,
      net_earnings: 0,
      currency,
      by_currency: byCurrency,
    },
    meta: {
      generated_at: '2025-03-31T14:05:00Z',
      tz: 'UTC',
      since: '2025-03-02',
      until: '2025-03-31',
      currency,
      advocate_id: 21,
    },
  };
}

export function performanceReply(performance: Performance): { body: PerformanceReply } {
  return { body: { data: performance } };
}

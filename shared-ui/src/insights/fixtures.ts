// Contract-typed analytics replies for component tests (exported from shared-ui/test-utils).
import type { Stats, StatsReply } from 'contract';

/** `days` daily points ending 2025-03-31, each `amount(i)` (i = 0 for the oldest). */
export function makeSeries(days: number, amount: (i: number) => number = () => 0) {
  return Array.from({ length: days }, (_, i) => {
    const date = new Date(Date.UTC(2025, 2, 31 - (days - 1) + i));
    return { date: date.toISOString().slice(0, 10), amount: amount(i) };
  });
}

type DeepPartial<T> = { [K in keyof T]?: T[K] extends object[] ? T[K] : DeepPartial<T[K]> };

function merge<T>(base: T, patch: DeepPartial<T> | undefined): T {
  if (!patch) return base;
  const out = { ...base } as Record<string, unknown>;
  for (const [key, value] of Object.entries(patch)) {
    const current = out[key];
    out[key] =
      value && typeof value === 'object' && !Array.isArray(value) && current
        ? merge(current, value as DeepPartial<typeof current>)
        : value;
  }
  return out as T;
}

/** Brand or personal stats over 30 days with no activity at all; `patch` fills in figures. */
export function makeStats(patch?: DeepPartial<Stats>): Stats {
  const zero = makeSeries(30);
  const base: Stats = {
    advocates: { total: 0, previous_total: 0, change_percentage: null, top_advocates: [] },
    engagement: { clicks: 0, impressions: 0, reach: 0, leads: 0 },
    referrals: { count: 0 },
    conversions: { count: 0, rate: 0, previous_count: 0, change_percentage: null },
    revenue: {
      currency: 'USD',
      total_revenue: 0,
      net_revenue: 0,
      net_profit: null,
      previous_total_revenue: 0,
      change_percentage: null,
      timeseries: zero,
      timeseries_net_revenue: zero,
      timeseries_net_profit: null,
      by_currency: [],
    },
    visitors: { unique_visitors: 0, avg_sessions_per_day: 0, avg_session_duration: null },
    performance: {
      previous_clicks: 0,
      progress: null,
      by_source: { direct: 0, social: 0, email: 0, others: 0 },
    },
    platforms: { metric: 'revenue', top: [] },
    meta: {
      generated_at: '2025-03-31T14:05:00Z',
      tz: 'UTC',
      since: '2025-03-02',
      until: '2025-03-31',
      previous_since: '2025-01-31',
      previous_until: '2025-03-01',
      currency: 'USD',
      brand_ids: [3],
    },
  };
  return merge(base, patch);
}

/** Stats with two advocates' sales, clicks from three sources and a revenue line. */
export function makeBusyStats(): Stats {
  return makeStats({
    advocates: {
      total: 2,
      previous_total: 1,
      change_percentage: 100,
      top_advocates: [
        {
          id: 21,
          name: 'Ada Obi',
          email: 'ada@example.test',
          brands: ['Acme Coffee'],
          amount: 1250,
          conversion: 5,
        },
        {
          id: 22,
          name: 'Bo Lee',
          email: 'bo@example.test',
          brands: ['Acme Coffee'],
          amount: 300.5,
          conversion: 2,
        },
      ],
    },
    engagement: { clicks: 140, impressions: 180, reach: 120, leads: 1 },
    referrals: { count: 7 },
    conversions: { count: 7, rate: 5, previous_count: 0, change_percentage: null },
    revenue: {
      total_revenue: 1550.5,
      net_revenue: 1395.45,
      previous_total_revenue: 1240.4,
      change_percentage: 25,
      timeseries: makeSeries(30, (i) => (i === 29 ? 1550.5 : 0)),
      timeseries_net_revenue: makeSeries(30, (i) => (i === 29 ? 1395.45 : 0)),
      by_currency: [
        {
          currency: 'USD',
          conversions: 6,
          total_revenue: 1550.5,
          rewards: 155.05,
          net_revenue: 1395.45,
        },
        { currency: 'EUR', conversions: 1, total_revenue: 40, rewards: 4, net_revenue: 36 },
      ],
    },
    visitors: { unique_visitors: 120, avg_sessions_per_day: 4.67 },
    performance: {
      previous_clicks: 160,
      progress: -12.5,
      by_source: { direct: 80, social: 50, email: 10, others: 0 },
    },
    platforms: {
      metric: 'revenue',
      top: [
        {
          source: 'direct',
          views: 100,
          clicks: 80,
          conversions: 5,
          revenue: 1250,
          percentage: 80.62,
        },
        {
          source: 'social',
          views: 70,
          clicks: 50,
          conversions: 2,
          revenue: 300.5,
          percentage: 19.38,
        },
      ],
    },
  });
}

export function statsReply(stats: Stats): { body: StatsReply } {
  return { body: { data: stats } };
}

// The figures of brand/stats/ and me/stats/ (one shape: the advocate's insights show the same
// widgets, over their own links). docs/metrics.md says what each one means.
import { sql } from 'drizzle-orm';
import type { CurrencyTotals, PlatformsMetric, Stats } from 'contract';
import type { Database } from '../../db/client.js';
import { CLICK_SOURCES, type ClickSource } from '../../db/schema.js';
import { intArray } from '../../lib/sql.js';
import {
  byCurrency,
  changePercent,
  dailyConversions,
  fromThousandths,
  percent,
  periodFigures,
  topAdvocateTotals,
  uniqueVisitors,
  type PeriodFigures,
  type Scope,
  addDays,
  dayRange,
  lastDays,
} from '../rollups/index.js';

export interface StatsOptions {
  days: number;
  tz: string;
  timeseries: boolean;
  platformsMetric: PlatformsMetric;
  platformsLimit: number;
  currency: string;
  now: Date;
}

/** How many advocates the figures name (top_advocates). */
const TOP_ADVOCATES = 5;

const round2 = (n: number) => Math.round(n * 100) / 100;

/** One currency's totals (in thousandths) as the replies list them. */
export const currencyTotals = (c: {
  currency: string;
  conversions: number;
  revenue: number;
  rewards: number;
}): CurrencyTotals => ({
  currency: c.currency,
  conversions: c.conversions,
  total_revenue: fromThousandths(c.revenue),
  rewards: fromThousandths(c.rewards),
  net_revenue: fromThousandths(c.revenue - c.rewards),
});

/**
 * The figures of `brandIds` (all advocates' totals), or of one advocate (scope.advocateId) on
 * those brands.
 */
export async function computeStats(
  db: Database,
  brandIds: readonly number[],
  advocateId: number | undefined,
  o: StatsOptions,
): Promise<Stats> {
  const range = lastDays(o.tz, o.days, o.now.getTime());
  const since = range.days[0]!;
  const until = range.days[range.days.length - 1]!;
  const previous = dayRange(o.tz, addDays(since, -o.days), addDays(since, -1));
  const scope: Scope = { brandIds, advocateId };
  const none = brandIds.length === 0;

  // Five queries, run side by side: both periods' clicks and conversions, the visitors, the
  // daily series, the advocates (joined, and the top ones with their names).
  const [periods, visitors, series, joined, topAdvocates] = none
    ? [undefined, 0, undefined, { total: 0, before: 0 }, []]
    : await Promise.all([
        periodFigures(db, scope, [range, previous], o.now.getTime()),
        uniqueVisitors(db, scope, range.start, range.end),
        o.timeseries ? dailyConversions(db, scope, range, o.currency) : undefined,
        joinedAdvocates(db, brandIds, advocateId, range.start),
        topAdvocateTotals(
          db,
          brandIds,
          range.start,
          range.end,
          o.currency,
          TOP_ADVOCATES,
          advocateId,
          o.now.getTime(),
        ).then((rows) => describeTopAdvocates(db, brandIds, rows)),
      ]);
  const [now, before]: (PeriodFigures | undefined)[] = periods ?? [];
  const clicks = now?.clicks;
  const prevClicks = before?.clicks;
  const cells = now?.cells ?? [];
  const prevCells = before?.cells ?? [];

  const count = cells.reduce((n, c) => n + c.conversions, 0);
  const prevCount = prevCells.reduce((n, c) => n + c.conversions, 0);
  const leads = cells
    .filter((c) => c.eventType === 'signup')
    .reduce((n, c) => n + c.conversions, 0);
  const currencies = byCurrency(cells);
  const main = currencies.find((c) => c.currency === o.currency) ?? { revenue: 0, rewards: 0 };
  const prevMain = byCurrency(prevCells).find((c) => c.currency === o.currency) ?? { revenue: 0 };
  const clickCount = clicks?.clicks ?? 0;

  const platforms = CLICK_SOURCES.map((source: ClickSource) => {
    const mine = cells.filter((c) => c.source === source);
    return {
      source,
      views: clicks?.bySource[source].impressions ?? 0,
      clicks: clicks?.bySource[source].clicks ?? 0,
      conversions: mine.reduce((n, c) => n + c.conversions, 0),
      revenueThousandths: mine
        .filter((c) => c.currency === o.currency)
        .reduce((n, c) => n + c.revenue, 0),
    };
  });
  const metricOf = (p: (typeof platforms)[number]) =>
    o.platformsMetric === 'revenue'
      ? p.revenueThousandths
      : o.platformsMetric === 'conversions'
        ? p.conversions
        : o.platformsMetric === 'views'
          ? p.views
          : p.clicks;
  const metricTotal = platforms.reduce((n, p) => n + metricOf(p), 0);
  const top = [...platforms]
    .sort(
      (a, b) =>
        metricOf(b) - metricOf(a) ||
        CLICK_SOURCES.indexOf(a.source) - CLICK_SOURCES.indexOf(b.source),
    )
    .slice(0, o.platformsLimit)
    .map((p) => ({
      source: p.source,
      views: p.views,
      clicks: p.clicks,
      conversions: p.conversions,
      revenue: fromThousandths(p.revenueThousandths),
      percentage: percent(metricOf(p), metricTotal),
    }));

  const point = (values: number[]) =>
    range.days.map((date, i) => ({ date, amount: fromThousandths(values[i]!) }));

  return {
    advocates: {
      total: joined.total,
      previous_total: joined.before,
      change_percentage: changePercent(joined.total, joined.before),
      top_advocates: topAdvocates,
    },
    engagement: {
      clicks: clickCount,
      impressions: clicks?.impressions ?? 0,
      reach: visitors,
      leads,
    },
    referrals: { count },
    conversions: {
      count,
      rate: percent(count, clickCount),
      previous_count: prevCount,
      change_percentage: changePercent(count, prevCount),
    },
    revenue: {
      currency: o.currency,
      total_revenue: fromThousandths(main.revenue),
      net_revenue: fromThousandths(main.revenue - main.rewards),
      net_profit: null,
      previous_total_revenue: fromThousandths(prevMain.revenue),
      change_percentage: changePercent(main.revenue, prevMain.revenue),
      timeseries: series ? point(series.revenue) : [],
      timeseries_net_revenue: series
        ? point(series.revenue.map((r, i) => r - series.rewards[i]!))
        : [],
      timeseries_net_profit: null,
      by_currency: currencies.map(currencyTotals),
    },
    visitors: {
      unique_visitors: visitors,
      avg_sessions_per_day: round2(clickCount / o.days),
      avg_session_duration: null,
    },
    performance: {
      previous_clicks: prevClicks?.clicks ?? 0,
      progress: changePercent(clickCount, prevClicks?.clicks ?? 0),
      by_source: {
        direct: clicks?.bySource.direct.clicks ?? 0,
        social: clicks?.bySource.social.clicks ?? 0,
        email: clicks?.bySource.email.clicks ?? 0,
        others: clicks?.bySource.others.clicks ?? 0,
      },
    },
    platforms: { metric: o.platformsMetric, top },
    meta: {
      generated_at: o.now.toISOString(),
      tz: o.tz,
      since,
      until,
      previous_since: previous.days[0]!,
      previous_until: previous.days[previous.days.length - 1]!,
      currency: o.currency,
      brand_ids: [...brandIds],
    },
  };
}

/**
 * How many distinct advocates joined a campaign of the brands: all time (total), and before
 * `start` (before: the same figure when the range began).
 */
async function joinedAdvocates(
  db: Database,
  brandIds: readonly number[],
  advocateId: number | undefined,
  start: number,
): Promise<{ total: number; before: number }> {
  const result = (await db.execute(sql`
    select count(distinct j.advocate_id)::int as total,
      count(distinct j.advocate_id) filter (where j.joined_at < ${new Date(start).toISOString()}::timestamptz)::int as before
    from campaign_joins j join campaigns c on c.id = j.campaign_id
    where c.brand_id = any(${intArray(brandIds)})
    ${advocateId === undefined ? sql`` : sql`and j.advocate_id = ${advocateId}`}`)) as unknown as {
    rows: { total: number; before: number }[];
  };
  return result.rows[0] ?? { total: 0, before: 0 };
}

/** The top advocates (topAdvocateTotals, in order) with their names and brands. */
async function describeTopAdvocates(
  db: Database,
  brandIds: readonly number[],
  top: { advocateId: number; conversions: number; revenue: number }[],
) {
  if (top.length === 0) return [];
  const ids = top.map((t) => t.advocateId);
  const result = (await db.execute(sql`
    select u.id, u.username, u.first_name, u.last_name, u.email,
      coalesce(array_agg(distinct b.brand_name) filter (where b.id is not null), '{}') as brands
    from users u
    left join campaign_joins j on j.advocate_id = u.id
    left join campaigns c on c.id = j.campaign_id and c.brand_id = any(${intArray(brandIds)})
    left join brands b on b.id = c.brand_id
    where u.id = any(${intArray(ids)})
    group by u.id`)) as unknown as {
    rows: {
      id: number;
      username: string;
      first_name: string;
      last_name: string;
      email: string;
      brands: string[];
    }[];
  };
  const people = new Map(result.rows.map((r) => [r.id, r]));
  return top.map((t) => {
    const p = people.get(t.advocateId);
    return {
      id: t.advocateId,
      name: p ? displayName(p) : '',
      email: p?.email ?? '',
      brands: [...(p?.brands ?? [])].sort(),
      amount: fromThousandths(t.revenue),
      conversion: t.conversions,
    };
  });
}

/** First and last name when given, else the username. */
export const displayName = (u: { username: string; first_name: string; last_name: string }) =>
  `${u.first_name} ${u.last_name}`.trim() || u.username;

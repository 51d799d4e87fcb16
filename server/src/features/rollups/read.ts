// Reading the rollups: every statistics call goes through these, so a figure is computed one way
// wherever it appears. A range costs its whole UTC months (brand totals, advocate totals), whole
// UTC days and the hours at its edges (segmentsOf); a sum may also read a month row minus the
// part of it outside the range (subtractingSegmentsOf); a per-day series reads days and hours.
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { ClickSource, EventType } from '../../db/schema.js';
import {
  DAY_MS,
  HOUR_MS,
  segmentsOf,
  subtractingSegmentsOf,
  type DayRange,
  type Segment,
} from './time.js';
import { VisitorSketch } from './visitor-sketch.js';

type Executor = Pick<Database, 'execute'>;

const rowsOf = async <T>(db: Executor, query: SQL): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * Amounts as integer thousandths (numeric text from the driver; KWD's third decimal kept), so
 * sums and differences stay exact.
 */
export const thousandths = (value: string | number | null | undefined): number =>
  value === null || value === undefined ? 0 : Math.round(Number(value) * 1000);
export const fromThousandths = (m: number): number => m / 1000;

const intArray = (ids: readonly number[]): SQL =>
  sql`${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[]`;

/**
 * Whose figures: a set of brands (their total rows), or one advocate's rows within a set of
 * brands (all their brands when `brandIds` is undefined), optionally narrowed to campaigns.
 */
export interface Scope {
  brandIds?: readonly number[];
  advocateId?: number;
  campaignIds?: readonly number[];
}

/** The rows of `scope` in table alias `r`. */
function scopeWhere(scope: Scope): SQL {
  const parts: SQL[] = [];
  if (scope.advocateId !== undefined) parts.push(sql`r.advocate_id = ${scope.advocateId}`);
  else parts.push(sql`r.advocate_id = 0`);
  if (scope.brandIds !== undefined) parts.push(sql`r.brand_id = any(${intArray(scope.brandIds)})`);
  if (scope.campaignIds !== undefined)
    parts.push(sql`r.campaign_id = any(${intArray(scope.campaignIds)})`);
  return sql.join(parts, sql` and `);
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The segments of a sum for `scope`: month rows hold the brand's totals by source and type, but
 * an advocate's only as totals (maintain.ts), so advocate and campaign scopes read days.
 */
const segmentsFor = (scope: Scope, start: number, end: number, now?: number): Segment[] =>
  scope.advocateId === undefined && scope.campaignIds === undefined
    ? subtractingSegmentsOf(start, end, now)
    : segmentsOf(start, end);

/**
 * The segments as a VALUES list `s` (p: `period`, grain, lo, hi, sign). The rows are read by a
 * lateral index range per segment (scope columns, grain, bucket): one scan to plan however many
 * segments, and a plan PostgreSQL cannot split over parallel workers (a VALUES list has no
 * partial scan, and the rollup tables allow none: migration 0011), whose start costs more than
 * these small reads.
 */
const segmentValues = (segments: readonly (Segment & { period?: number })[]): SQL =>
  sql`(values ${sql.join(
    (segments.length > 0 ? segments : [EMPTY_SEGMENT]).map(
      (x) =>
        sql`(${sql.raw(String(x.period ?? 0))}, ${x.grain}::char(1), ${iso(x.from)}::timestamptz, ${iso(x.to)}::timestamptz, ${sql.raw(String(x.sign))})`,
    ),
    sql`, `,
  )}) as s(p, grain, lo, hi, sign)`;

const EMPTY_SEGMENT: Segment & { period?: number } = { grain: 'h', from: 0, to: 0, sign: 1 };

/** Rows of `table` in `scope` within segment `s` (a lateral subquery of segmentValues). */
const segmentRows = (table: string, scope: Scope, columns = 'r.*'): SQL =>
  sql`select ${sql.raw(columns)} from ${sql.raw(table)} r
    where ${scopeWhere(scope)} and r.grain = s.grain and r.bucket >= s.lo and r.bucket < s.hi`;

/**
 * `rows` (lateral on segmentValues' `s`) as FROM item `r`, read per segment: OFFSET 0 keeps the
 * subquery whole, so each segment is an index range probe rather than a join over the table.
 */
const perSegment = (rows: SQL): SQL =>
  sql`cross join lateral (select * from (${rows}) x offset 0) r`;

/**
 * The rows of `table` in `scope` and `segments`, as a subquery aliased `r` with their segment's
 * `sign` (sums multiply by it).
 */
const rollupRows = (
  table: string,
  scope: Scope,
  segments: readonly Segment[],
  columns = 'r.*',
): SQL =>
  sql`(select r.*, s.sign from ${segmentValues(segments)} ${perSegment(segmentRows(table, scope, columns))}) r`;

export interface ClickFigures {
  bySource: Record<ClickSource, { clicks: number; impressions: number }>;
  clicks: number;
  impressions: number;
}

/** Counted clicks and impressions, and counted conversions (cells), of one period. */
export interface PeriodFigures {
  clicks: ClickFigures;
  cells: ConversionCell[];
}

/**
 * The click and conversion figures of several periods of one scope in one query (a brand's
 * dashboard asks for this period and the one before): each period's click rows and conversion
 * rows, tagged with the period and grouped. `now` only helps choose which rows to read.
 */
export async function periodFigures(
  db: Executor,
  scope: Scope,
  periods: readonly { start: number; end: number }[],
  now?: number,
): Promise<PeriodFigures[]> {
  // Every period's segments in one VALUES list (one list: a union of lists could be split over
  // parallel workers), tagged with the period.
  const segments = segmentValues(
    periods.flatMap(({ start, end }, period) =>
      segmentsFor(scope, start, end, now).map((x) => ({ ...x, period })),
    ),
  );
  const clicks = segmentRows(
    'click_rollups',
    scope,
    `'k' as kind, r.source, '' as event_type, '' as currency, 0 as campaign_id, r.brand_id, r.clicks as a,
      r.impressions as b, 0::numeric as revenue, 0::numeric as rewards`,
  );
  const conversions = segmentRows(
    'conversion_rollups',
    scope,
    `'v', r.source, r.event_type, r.currency, r.campaign_id, r.brand_id, r.conversions, r.sales, r.revenue, r.rewards`,
  );
  const rows = await rowsOf<
    RawConversionCell & { p: number; kind: 'k' | 'v'; a: string; b: string }
  >(
    db,
    sql`select s.p, r.kind, r.source, r.event_type, r.currency, r.campaign_id, r.brand_id, sum(s.sign * r.a)::bigint as a,
        sum(s.sign * r.b)::bigint as b, sum(s.sign * r.revenue) as revenue, sum(s.sign * r.rewards) as rewards
      from ${segments} ${perSegment(sql`${clicks} union all ${conversions}`)}
      group by 1, 2, 3, 4, 5, 6, 7
      having r.kind = 'k' or sum(s.sign * r.a) <> 0`,
  );
  return periods.map((_, p) => {
    const bySource = {
      direct: { clicks: 0, impressions: 0 },
      social: { clicks: 0, impressions: 0 },
      email: { clicks: 0, impressions: 0 },
      others: { clicks: 0, impressions: 0 },
    };
    let clicks = 0;
    let impressions = 0;
    const cells: ConversionCell[] = [];
    for (const r of rows) {
      if (r.p !== p) continue;
      if (r.kind === 'v') {
        cells.push(toCell({ ...r, conversions: r.a, sales: r.b }, -1));
        continue;
      }
      const s = bySource[r.source];
      s.clicks += Number(r.a);
      s.impressions += Number(r.b);
      clicks += Number(r.a);
      impressions += Number(r.b);
    }
    return { clicks: { bySource, clicks, impressions }, cells };
  });
}

export async function clickFigures(
  db: Executor,
  scope: Scope,
  start: number,
  end: number,
): Promise<ClickFigures> {
  const [period] = await periodFigures(db, scope, [{ start, end }]);
  return period!.clicks;
}

/** Counted clicks per campaign (advocate scopes: their campaigns' rows). */
export async function clicksByCampaign(
  db: Executor,
  scope: Scope,
  start: number,
  end: number,
): Promise<Map<number, number>> {
  const rows = await rowsOf<{ campaign_id: number; clicks: string }>(
    db,
    sql`select r.campaign_id, sum(r.sign * r.clicks)::bigint as clicks
      from ${rollupRows('click_rollups', scope, segmentsFor(scope, start, end))} group by r.campaign_id`,
  );
  return new Map(rows.map((r) => [r.campaign_id, Number(r.clicks)]));
}

/** One group of counted conversions (money in thousandths, one currency). */
export interface ConversionCell {
  source: ClickSource;
  eventType: EventType;
  currency: string;
  campaignId: number;
  brandId: number;
  /** Day index in the range, for series (-1 when not asked). */
  day: number;
  conversions: number;
  sales: number;
  revenue: number;
  rewards: number;
}

type RawConversionCell = {
  source: ClickSource;
  event_type: EventType;
  currency: string;
  campaign_id: number;
  brand_id: number;
  bucket?: string | Date;
  conversions: string;
  sales: string;
  revenue: string;
  rewards: string;
};

const toCell = (r: RawConversionCell, day: number): ConversionCell => ({
  source: r.source,
  eventType: r.event_type,
  currency: r.currency,
  campaignId: r.campaign_id,
  brandId: r.brand_id,
  day,
  conversions: Number(r.conversions),
  sales: Number(r.sales),
  revenue: thousandths(r.revenue),
  rewards: thousandths(r.rewards),
});

/** Counted conversions of a range grouped by source, type, currency and campaign. */
export async function conversionCells(
  db: Executor,
  scope: Scope,
  start: number,
  end: number,
): Promise<ConversionCell[]> {
  const [period] = await periodFigures(db, scope, [{ start, end }]);
  return period!.cells;
}

/**
 * How to read each of the caller's days cheaply: the UTC day nearest to it, plus the hours it
 * has beyond that day and minus the hours that day has beyond it (a day in Paris is a UTC day,
 * plus one hour before, minus one hour at the end: 3 rows where 24 hours would be 24).
 */
function dayPlan(range: DayRange) {
  const utcDays = new Map<number, number>();
  const hours = new Map<number, { day: number; sign: 1 | -1 }[]>();
  const addHours = (from: number, to: number, day: number, sign: 1 | -1) => {
    for (let h = from; h < to; h += HOUR_MS) {
      const list = hours.get(h) ?? [];
      list.push({ day, sign });
      hours.set(h, list);
    }
  };
  range.days.forEach((_, i) => {
    const s = range.starts[i]!;
    const e = range.starts[i + 1]!;
    // Any UTC day works (the hours make up the difference); each day needs its own.
    let u = Math.round(s / DAY_MS) * DAY_MS;
    while (utcDays.has(u)) u += DAY_MS;
    const uEnd = u + DAY_MS;
    utcDays.set(u, i);
    if (s < u) addHours(s, u, i, 1);
    else addHours(u, s, i, -1);
    if (e > uEnd) addHours(uEnd, e, i, 1);
    else addHours(e, uEnd, i, -1);
  });
  return { utcDays, hours };
}

/** Per-day revenue and rewards in one currency (thousandths). */
export async function dailyConversions(
  db: Executor,
  scope: Scope,
  range: DayRange,
  currency: string,
  eventType?: EventType,
): Promise<{ revenue: number[]; rewards: number[] }> {
  const plan = dayPlan(range);
  const timestamps = (ms: Iterable<number>) =>
    sql`${`{${[...ms].map((t) => `"${iso(t)}"`).join(',')}}`}::timestamptz[]`;
  const filter = sql`${scopeWhere(scope)} and r.currency = ${currency} ${eventType ? sql`and r.event_type = ${eventType}` : sql``}`;
  const rows = await rowsOf<{
    grain: string;
    bucket: string | Date;
    revenue: string;
    rewards: string;
  }>(
    db,
    sql`select r.grain, r.bucket, sum(r.revenue) as revenue, sum(r.rewards) as rewards from (
        select * from conversion_rollups r where ${filter} and r.grain = 'd' and r.bucket = any(${timestamps(plan.utcDays.keys())})
        union all
        select * from conversion_rollups r where ${filter} and r.grain = 'h' and r.bucket = any(${timestamps(plan.hours.keys())})
      ) r group by 1, 2`,
  );
  const revenue = range.days.map(() => 0);
  const rewards = range.days.map(() => 0);
  for (const r of rows) {
    const t = new Date(r.bucket).getTime();
    const targets =
      r.grain === 'd' ? [{ day: plan.utcDays.get(t)!, sign: 1 }] : (plan.hours.get(t) ?? []);
    for (const { day, sign } of targets) {
      if (day === undefined) continue;
      revenue[day]! += sign * thousandths(r.revenue);
      rewards[day]! += sign * thousandths(r.rewards);
    }
  }
  return { revenue, rewards };
}

/**
 * Distinct visitors of the stored sketches `query` selects (as hex text, column `sketch`: PGlite's
 * own bytea parser takes a parseInt per byte, 30–150 ms for a month of 16 KB day sketches where
 * Buffer.from takes 1 ms), merged.
 */
async function visitorsOfSketches(db: Executor, query: SQL): Promise<number> {
  const rows = await rowsOf<{ sketch: string }>(db, query);
  return VisitorSketch.union(rows.map((r) => Buffer.from(r.sketch, 'hex'))).estimate();
}

/** Distinct visitors of a range: the sketches of its days and edge hours, merged. */
export const uniqueVisitors = (db: Executor, scope: Scope, start: number, end: number) =>
  // Sketches are unions, not sums: nothing can be subtracted, so whole months and days only.
  visitorsOfSketches(
    db,
    sql`select encode(r.sketch, 'hex') as sketch from ${rollupRows('visitor_sketches', { ...scope, campaignIds: undefined }, segmentsOf(start, end, scope.advocateId === undefined), 'r.sketch')}`,
  );

/** A campaign's distinct visitors, all time: the union of its month sketches. */
export const campaignVisitors = (db: Executor, campaignId: number) =>
  visitorsOfSketches(
    db,
    sql`select encode(sketch, 'hex') as sketch from campaign_visitor_sketches where campaign_id = ${campaignId}`,
  );

/**
 * The `limit` advocates of the brands with the most revenue in `currency` (then counted
 * conversions in all currencies, then lowest id), among those with a counted conversion. Months
 * from the advocates' month totals (a row per advocate, month and currency), plus or minus their
 * day and hour rows (subtractingSegmentsOf). Ranked in SQL so only the top rows come back.
 */
export async function topAdvocateTotals(
  db: Executor,
  brandIds: readonly number[],
  start: number,
  end: number,
  currency: string,
  limit: number,
  advocateId?: number,
  now?: number,
): Promise<{ advocateId: number; conversions: number; revenue: number }[]> {
  const who =
    advocateId === undefined ? sql`r.advocate_id > 0` : sql`r.advocate_id = ${advocateId}`;
  const rows = await rowsOf<{ advocate_id: number; conversions: string; revenue: string }>(
    db,
    sql`select r.advocate_id, sum(r.sign * r.conversions)::bigint as conversions,
        coalesce(sum(r.sign * r.revenue) filter (where r.currency = ${currency}), 0) as revenue
      from (select r.*, s.sign from ${segmentValues(subtractingSegmentsOf(start, end, now))}
        ${perSegment(sql`select advocate_id, conversions, revenue, currency from conversion_rollups r
          where r.brand_id = any(${intArray(brandIds)}) and ${who} and r.grain = s.grain and r.bucket >= s.lo and r.bucket < s.hi`)}) r
      group by r.advocate_id
      having sum(r.sign * r.conversions) > 0
      order by 3 desc, 2 desc, 1
      limit ${limit}`,
  );
  return rows.map((r) => ({
    advocateId: r.advocate_id,
    conversions: Number(r.conversions),
    revenue: thousandths(r.revenue),
  }));
}

/** Sums of cells per currency, most conversions first (then by code). */
export function byCurrency(cells: readonly ConversionCell[]) {
  const totals = new Map<
    string,
    { conversions: number; sales: number; revenue: number; rewards: number }
  >();
  for (const c of cells) {
    const t = totals.get(c.currency) ?? { conversions: 0, sales: 0, revenue: 0, rewards: 0 };
    t.conversions += c.conversions;
    t.sales += c.sales;
    t.revenue += c.revenue;
    t.rewards += c.rewards;
    totals.set(c.currency, t);
  }
  return [...totals.entries()]
    .map(([currency, t]) => ({ currency, ...t }))
    .sort((a, b) => b.conversions - a.conversions || (a.currency < b.currency ? -1 : 1));
}

/**
 * The main currency of some brands: the one most of their live products are priced in (ties:
 * alphabetical), USD when they have none.
 */
export async function mainCurrency(db: Executor, brandIds: readonly number[]): Promise<string> {
  if (brandIds.length === 0) return 'USD';
  const [row] = await rowsOf<{ currency: string }>(
    db,
    sql`select currency from products where brand_id = any(${intArray(brandIds)}) and deleted_at is null
      group by currency order by count(*) desc, currency limit 1`,
  );
  return row?.currency ?? 'USD';
}

/** percent of part in whole, 2 decimals; 0 when whole is 0. */
export const percent = (part: number, whole: number): number =>
  whole === 0 ? 0 : Math.round((part / whole) * 10000) / 100;

/**
 * The change from `before` to `now` in percent, 2 decimals; null when there was nothing before
 * (no change to state: a figure from nothing is new, not +∞% or 0%).
 */
export const changePercent = (now: number, before: number): number | null =>
  before === 0 ? null : Math.round(((now - before) / before) * 10000) / 100;

// Keeping the rollups in step with the raw events, in the transaction that writes the events:
// the click batch (clicks, impressions, visitor sketches), the conversion (a CTE of its insert
// statement), and a conversion leaving the counted set (rejected or refunded).
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { ClickSource } from '../../db/schema.js';
import { DAY_MS, HOUR_MS } from './time.js';
import { VisitorSketch } from './visitor-sketch.js';

/** Anything that runs a statement: the database or an open transaction. */
export type Executor = Pick<Database, 'execute'>;

/** Conversions that count in every statistic: neither rejected nor refunded. */
export const COUNTED_STATUS = sql.raw(`not in ('rejected', 'refunded')`);

/** The click fields the rollups read. */
export interface RolledClick {
  createdAt: Date;
  brandId: number;
  campaignId: number;
  advocateId: number;
  source: ClickSource;
  visitorHash: string;
}

/** Redirects of people on one link in one hour from one source (repeat visits included). */
export interface ImpressionCount {
  hour: number;
  linkId: number;
  brandId: number;
  campaignId: number;
  advocateId: number;
  source: ClickSource;
  count: number;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? [];

/** The start of the UTC month containing `ms`. */
export const monthOf = (ms: number): number => {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
};

/**
 * The rule of every rollup table, for the rows an event adds to:
 * - the brand's totals (advocate 0, campaign 0) per hour, day and month, by source (and event
 *   type, currency);
 * - the advocate's, per campaign, per hour and day, by source (and event type, currency);
 * - the advocate's totals per month: campaign 0, source and event type '' (all). These are what
 *   long ranges and all-time figures of many advocates read (top advocates, the advocates
 *   list): a few rows per advocate and month however many events they had.
 * Visitor sketches have no campaign or source: brand per hour, day and month, advocate per hour
 * and day. `totals` marks the rows whose source and event type are ''.
 */
function* rollupKeys(ms: number, brandId: number, advocateId: number, campaignId: number) {
  const hour = Math.floor(ms / HOUR_MS) * HOUR_MS;
  const day = Math.floor(ms / DAY_MS) * DAY_MS;
  const month = monthOf(ms);
  yield { brandId, advocateId: 0, campaignId: 0, grain: 'h', bucket: hour, totals: false };
  yield { brandId, advocateId: 0, campaignId: 0, grain: 'd', bucket: day, totals: false };
  yield { brandId, advocateId: 0, campaignId: 0, grain: 'm', bucket: month, totals: false };
  yield { brandId, advocateId, campaignId, grain: 'h', bucket: hour, totals: false };
  yield { brandId, advocateId, campaignId, grain: 'd', bucket: day, totals: false };
  yield { brandId, advocateId, campaignId: 0, grain: 'm', bucket: month, totals: true };
}

/**
 * The same rule in SQL, for a FROM item `e` with brand_id, advocate_id, campaign_id, source and
 * a time column `at`: a lateral list `l` of (advocate_id, campaign_id, grain, bucket, source,
 * event_type). `eventType` is e's event type column, or '' for clicks.
 */
export function rollupLevels(at: string, eventType: string): SQL {
  const t = sql.raw(`date_trunc('hour', e.${at}, 'UTC')`);
  const d = sql.raw(`date_trunc('day', e.${at}, 'UTC')`);
  const m = sql.raw(`date_trunc('month', e.${at}, 'UTC')`);
  const ty = sql.raw(eventType);
  return sql`cross join lateral (values
      (0, 0, 'h', ${t}, e.source, ${ty}), (0, 0, 'd', ${d}, e.source, ${ty}), (0, 0, 'm', ${m}, e.source, ${ty}),
      (e.advocate_id, e.campaign_id, 'h', ${t}, e.source, ${ty}), (e.advocate_id, e.campaign_id, 'd', ${d}, e.source, ${ty}),
      (e.advocate_id, 0, 'm', ${m}, '', '')
    ) as l(advocate_id, campaign_id, grain, bucket, source, event_type)`;
}

interface ClickCell {
  brand_id: number;
  advocate_id: number;
  grain: string;
  bucket: string;
  campaign_id: number;
  source: string;
  clicks: number;
  impressions: number;
}

/** A batch's cells by their key ("brand|advocate|…", as the row's key columns), in key order. */
const inKeyOrder = <T>(cells: Map<string, T>): T[] =>
  [...cells.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, c]) => c);

/** Click and impression counts of a batch per rollup row, in key order (locks taken in one order). */
export function clickCells(
  clicks: readonly RolledClick[],
  impressions: readonly ImpressionCount[],
): ClickCell[] {
  const cells = new Map<string, ClickCell>();
  const add = (ms: number, e: { brandId: number; advocateId: number; campaignId: number }, source: string, c: number, i: number) => {
    for (const k of rollupKeys(ms, e.brandId, e.advocateId, e.campaignId)) {
      const src = k.totals ? '' : source;
      const id = `${k.brandId}|${k.advocateId}|${k.grain}|${k.bucket}|${k.campaignId}|${src}`;
      let cell = cells.get(id);
      if (!cell) {
        cell = {
          brand_id: k.brandId,
          advocate_id: k.advocateId,
          grain: k.grain,
          bucket: new Date(k.bucket).toISOString(),
          campaign_id: k.campaignId,
          source: src,
          clicks: 0,
          impressions: 0,
        };
        cells.set(id, cell);
      }
      cell.clicks += c;
      cell.impressions += i;
    }
  };
  // Per click only one map update (its link's hour); each hour then fans out to its four rows.
  const hours = new Map<string, { ms: number; click: RolledClick; count: number }>();
  for (const click of clicks) {
    const ms = click.createdAt.getTime();
    const hour = ms - (ms % HOUR_MS);
    const id = `${click.brandId}|${click.advocateId}|${click.campaignId}|${click.source}|${hour}`;
    const seen = hours.get(id);
    if (seen) seen.count += 1;
    else hours.set(id, { ms: hour, click, count: 1 });
  }
  for (const { ms, click, count } of hours.values()) add(ms, click, click.source, count, 0);
  for (const imp of impressions) add(imp.hour, imp, imp.source, 0, imp.count);
  return inKeyOrder(cells);
}

/** A table of visitor sketches: its name and key columns (with their SQL types), in key order. */
interface SketchTable {
  name: string;
  keys: readonly (readonly [column: string, type: 'int' | 'text' | 'timestamptz'])[];
}

const VISITOR_SKETCHES: SketchTable = {
  name: 'visitor_sketches',
  keys: [
    ['brand_id', 'int'],
    ['advocate_id', 'int'],
    ['grain', 'text'],
    ['bucket', 'timestamptz'],
  ],
};

const CAMPAIGN_VISITOR_SKETCHES: SketchTable = {
  name: 'campaign_visitor_sketches',
  keys: [
    ['campaign_id', 'int'],
    ['bucket', 'timestamptz'],
  ],
};

/** One sketch row: its key (column to value, bucket as ISO text) and the batch's visitors. */
interface SketchCell {
  key: Record<string, number | string>;
  sketch: VisitorSketch;
}

/** A row's key as one string, whatever form the driver gave its time in. */
const keyText = (table: SketchTable, row: Record<string, unknown>): string =>
  table.keys
    .map(([column, type]) =>
      type === 'timestamptz' ? new Date(row[column] as string | Date).getTime() : String(row[column]),
    )
    .join('|');

/** The batch's visitors per brand and advocate sketch row. */
export function sketchCells(clicks: readonly RolledClick[]): SketchCell[] {
  // Each advocate's visitors per hour first (one sketch add per click), then that sketch merged
  // into each of its rows: a visitor's hash is read once, not once per row.
  const hours = new Map<string, { ms: number; click: RolledClick; visitors: VisitorSketch }>();
  for (const click of clicks) {
    const ms = click.createdAt.getTime();
    const hour = ms - (ms % HOUR_MS);
    const id = `${click.brandId}|${click.advocateId}|${hour}`;
    let seen = hours.get(id);
    if (!seen) hours.set(id, (seen = { ms: hour, click, visitors: new VisitorSketch() }));
    seen.visitors.add(click.visitorHash);
  }
  const cells = new Map<string, SketchCell>();
  for (const { ms, click, visitors } of hours.values()) {
    for (const k of rollupKeys(ms, click.brandId, click.advocateId, 0)) {
      if (k.totals) continue; // no advocate month sketches
      const id = `${k.brandId}|${k.advocateId}|${k.grain}|${k.bucket}`;
      let cell = cells.get(id);
      if (!cell) {
        const key = {
          brand_id: k.brandId,
          advocate_id: k.advocateId,
          grain: k.grain,
          bucket: new Date(k.bucket).toISOString(),
        };
        cells.set(id, (cell = { key, sketch: new VisitorSketch() }));
      }
      cell.sketch.merge(visitors);
    }
  }
  return inKeyOrder(cells);
}

/** The batch's visitors per campaign and UTC month. */
export function campaignSketchCells(clicks: readonly RolledClick[]): SketchCell[] {
  const cells = new Map<string, SketchCell>();
  // The month is worked out again only when the hour changes: a batch's clicks mostly come in
  // time order.
  let hour = NaN;
  let month = NaN;
  for (const click of clicks) {
    const ms = click.createdAt.getTime();
    if (ms - (ms % HOUR_MS) !== hour) {
      hour = ms - (ms % HOUR_MS);
      month = monthOf(ms);
    }
    const id = `${click.campaignId}|${month}`;
    let cell = cells.get(id);
    if (!cell) {
      const key = { campaign_id: click.campaignId, bucket: new Date(month).toISOString() };
      cells.set(id, (cell = { key, sketch: new VisitorSketch() }));
    }
    cell.sketch.add(click.visitorHash);
  }
  return inKeyOrder(cells);
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');
const EMPTY_SKETCH_HEX = hex(new VisitorSketch().encode());

/** Adds a click batch and its impressions to the rollups; run in the batch's transaction. */
export async function addClicksToRollups(
  tx: Executor,
  clicks: readonly RolledClick[],
  impressions: readonly ImpressionCount[],
): Promise<void> {
  if (impressions.length > 0) {
    const rows = JSON.stringify(
      impressions.map((i) => ({
        hour: new Date(i.hour).toISOString(),
        link_id: i.linkId,
        source: i.source,
        brand_id: i.brandId,
        campaign_id: i.campaignId,
        advocate_id: i.advocateId,
        impressions: i.count,
      })),
    );
    await tx.execute(sql`
      insert into link_impressions as t (hour, link_id, source, brand_id, campaign_id, advocate_id, impressions)
      select * from json_to_recordset(${rows}::json) as x(hour timestamptz, link_id int, source text,
        brand_id int, campaign_id int, advocate_id int, impressions int)
      order by link_id, hour, source
      on conflict (link_id, hour, source) do update set impressions = t.impressions + excluded.impressions`);
  }
  const cells = clickCells(clicks, impressions);
  if (cells.length > 0) {
    await tx.execute(sql`
      insert into click_rollups as t (brand_id, advocate_id, grain, bucket, campaign_id, source, clicks, impressions)
      select * from json_to_recordset(${JSON.stringify(cells)}::json) as x(brand_id int, advocate_id int,
        grain text, bucket timestamptz, campaign_id int, source text, clicks int, impressions int)
      on conflict (brand_id, advocate_id, grain, bucket, campaign_id, source) do update
        set clicks = t.clicks + excluded.clicks, impressions = t.impressions + excluded.impressions`);
  }
  await addVisitorsFromClicks(tx, clicks);
}

/** Adds the clicks' visitors to the visitor sketches: brand, advocate and campaign. */
export async function addVisitorsFromClicks(tx: Executor, clicks: readonly RolledClick[]) {
  await addVisitorsToSketches(tx, VISITOR_SKETCHES, sketchCells(clicks));
  await addVisitorsToSketches(tx, CAMPAIGN_VISITOR_SKETCHES, campaignSketchCells(clicks));
}

/**
 * Merges the batch's visitors into the stored sketches: rows created empty if missing (so two
 * writers never both insert), locked, merged here, written back. Stored sketches are read as hex
 * text: PGlite's own bytea parser takes a parseInt per byte.
 */
async function addVisitorsToSketches(
  tx: Executor,
  table: SketchTable,
  cells: SketchCell[],
): Promise<void> {
  if (cells.length === 0) return;
  const columns = table.keys.map(([column]) => column);
  const list = (prefix: string) => sql.raw(columns.map((c) => `${prefix}${c}`).join(', '));
  const matching = (a: string, b: string) =>
    sql.raw(columns.map((c) => `${a}.${c} = ${b}.${c}`).join(' and '));
  const definitions = table.keys.map(([column, type]) => `${column} ${type}`).join(', ');
  const name = sql.raw(table.name);
  const keyRows = sql`json_to_recordset(${JSON.stringify(cells.map((c) => c.key))}::json) as k(${sql.raw(definitions)})`;
  await tx.execute(sql`
    insert into ${name} (${list('')}, sketch)
    select ${list('k.')}, decode(${EMPTY_SKETCH_HEX}, 'hex') from ${keyRows}
    order by ${list('k.')}
    on conflict do nothing`);
  const stored = rowsOf<Record<string, unknown> & { sketch: string }>(
    await tx.execute(sql`
      select ${list('s.')}, encode(s.sketch, 'hex') as sketch from ${name} s
      join ${keyRows} on ${matching('s', 'k')}
      order by ${list('s.')}
      for update of s`),
  );
  const byKey = new Map(stored.map((row) => [keyText(table, row), row.sketch]));
  const merged = cells.map((c) => {
    const held = byKey.get(keyText(table, c.key));
    const sketch = held ? VisitorSketch.decode(Buffer.from(held, 'hex')) : new VisitorSketch();
    sketch.merge(c.sketch);
    return { ...c.key, sketch: hex(sketch.encode()) };
  });
  await tx.execute(sql`
    update ${name} s set sketch = decode(x.sketch, 'hex')
    from json_to_recordset(${JSON.stringify(merged)}::json) as x(${sql.raw(definitions)}, sketch text)
    where ${matching('s', 'x')}`);
}

/**
 * The rollup rows of the conversions `from` selects (a FROM item named `e` with the conversion
 * columns), each figure times `sign`: what adding (1) or removing (-1) them changes.
 */
function conversionRollupDelta(from: SQL, sign: 1 | -1): SQL {
  const k = sql.raw(String(sign));
  // Grouped: several conversions of one call may fall in the same row, which ON CONFLICT may
  // update only once per statement.
  return sql`
    insert into conversion_rollups as t (brand_id, advocate_id, grain, bucket, campaign_id, source,
      event_type, currency, conversions, sales, revenue, rewards)
    select e.brand_id, l.advocate_id, l.grain, l.bucket, l.campaign_id, l.source, l.event_type, e.currency,
      ${k} * count(*)::int, ${k} * count(*) filter (where e.value > 0)::int, ${k} * sum(e.value), ${k} * sum(e.reward_amount)
    from ${from}
    ${rollupLevels('created_at', 'e.event_type')}
    group by 1, 2, 3, 4, 5, 6, 7, 8
    order by 1, 2, 3, 4, 5, 6, 7, 8
    on conflict (brand_id, advocate_id, grain, bucket, campaign_id, source, event_type, currency) do update
      set conversions = t.conversions + excluded.conversions, sales = t.sales + excluded.sales,
        revenue = t.revenue + excluded.revenue, rewards = t.rewards + excluded.rewards`;
}

/**
 * The body of a CTE of the conversion's insert statement: adds the conversion that `ins`
 * returned, if it counts, to the rollups, in the same statement and so the same transaction.
 */
export function conversionRollupsFromInserted(ins = 'ins'): SQL {
  return conversionRollupDelta(
    sql`(select * from ${sql.raw(ins)} where status ${COUNTED_STATUS}) as e`,
    1,
  );
}

/**
 * For the ledger: call in the transaction that moves conversions out of the counted set
 * (rejected, refunded) with sign -1, or back into it with sign 1. Reads the conversions' rows
 * (their value, reward, time, source), so call it before or after the status change alike.
 */
export async function adjustConversionRollups(
  tx: Executor,
  conversionIds: readonly number[],
  sign: 1 | -1,
): Promise<void> {
  if (conversionIds.length === 0) return;
  const ids = `{${conversionIds.map((id) => Math.trunc(id)).join(',')}}`;
  await tx.execute(
    conversionRollupDelta(sql`(select * from conversions where id = any(${ids}::int[])) as e`, sign),
  );
}

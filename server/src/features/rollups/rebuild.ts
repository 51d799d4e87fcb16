// Rebuilding every rollup from the raw events (clicks, link_impressions, conversions): after a
// bug fix in what a figure means, a restore, or a bulk import. One transaction: the statistics
// never show half-built rollups, and new events wait until it is done (the raw tables are locked
// against writes meanwhile). Set-based SQL only (each table a few grouped INSERT … SELECTs, the
// rows' rule in maintain.ts), so the cost is a few sorts of the raw events: no row goes through
// this process.
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { COUNTED_STATUS, type Executor } from './maintain.js';
import { EXACT_MAX } from './visitor-sketch.js';

export interface RebuildResult {
  clickRows: number;
  conversionRows: number;
  sketchRows: number;
}

const countOf = async (db: Executor, table: string): Promise<number> => {
  const result = (await db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
    rows: { n: number }[];
  };
  return result.rows[0]?.n ?? 0;
};

/**
 * The stored bytes of the sketch of each group's keys `k`: VisitorSketch.encode()'s bytes, the
 * exact set straight in SQL, the dense registers (more than EXACT_MAX visitors) by the
 * visitor_sketch() function of migration 0010. Both give the same bytes as the incremental path.
 */
const SKETCH_OF_KEYS = sql`case when count(*) <= ${EXACT_MAX}
      then decode('01', 'hex') || string_agg(decode(k, 'hex'), ''::bytea order by k)
      else visitor_sketch(array_agg(k)) end`;

/**
 * The sketches of one level and grain from `keys` (a FROM item of distinct brand_id,
 * advocate_id, bucket, k rows).
 */
const insertSketches = (grain: 'h' | 'd' | 'm', keys: SQL): SQL => sql`
  insert into visitor_sketches (brand_id, advocate_id, grain, bucket, sketch)
  select brand_id, advocate_id, ${grain}, bucket, ${SKETCH_OF_KEYS}
  from ${keys} as keys
  group by brand_id, advocate_id, bucket
  order by brand_id, advocate_id, bucket`;

/** The grains of the rollups and the date_trunc unit of each. */
const GRAINS = [
  ['h', 'hour'],
  ['d', 'day'],
  ['m', 'month'],
] as const;

/** Inserts one level's rows: advocate_id and campaign_id as given (a column or '0'), `dims` the key's rest. */
type InsertLevel = (
  advocate: string,
  campaign: string,
  grain: string,
  unit: string,
  dims: string,
) => Promise<unknown>;

/**
 * The levels of click-tally.ts (rollupKeys), each through `level`: brand totals per hour, day and
 * month by `dims`; the advocate's per campaign and `dims` per hour and day; the advocate's month
 * totals (`blankDims` in place of `dims`).
 */
async function insertLevels(level: InsertLevel, dims: string, blankDims: string): Promise<void> {
  for (const [grain, unit] of GRAINS) await level('0', '0', grain, unit, dims);
  await level('advocate_id', 'campaign_id', 'h', 'hour', dims);
  await level('advocate_id', 'campaign_id', 'd', 'day', dims);
  await level('advocate_id', '0', 'm', 'month', blankDims);
}

const TABLES = ['click_rollups', 'conversion_rollups', 'visitor_sketches', 'campaign_visitor_sketches'];

/** `onStep` hears each step's name and duration (the command prints them). */
export async function rebuildRollups(
  db: Database,
  onStep: (step: string, ms: number) => void = () => {},
): Promise<RebuildResult> {
  return db.transaction(async (tx) => {
    let last = Date.now();
    const step = (name: string) => {
      const now = Date.now();
      onStep(name, now - last);
      last = now;
    };
    // Large sorts in memory rather than on disk (this transaction only).
    await tx.execute(sql`set local work_mem = '256MB'`);
    await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
    await tx.execute(sql`lock table clicks, link_impressions, conversions, raw_clicks_horizon in share mode`);
    // Raw clicks before raw_clicks_horizon.kept_from (a UTC month start) were dropped by the click
    // retention: the click rows and visitor sketches of earlier buckets stay as they are, and only
    // those from kept_from on are rebuilt. Conversions are never dropped: all are rebuilt.
    const [horizon] = (
      (await tx.execute(sql`select kept_from from raw_clicks_horizon`)) as unknown as {
        rows: { kept_from: string | Date }[];
      }
    ).rows;
    const keptFrom = new Date(horizon ? new Date(horizon.kept_from).getTime() : 0).toISOString();
    await tx.execute(sql`truncate conversion_rollups`);
    if (horizon) {
      await tx.execute(sql`delete from click_rollups where bucket >= ${keptFrom}::timestamptz`);
      await tx.execute(sql`delete from visitor_sketches where bucket >= ${keptFrom}::timestamptz`);
      await tx.execute(sql`delete from campaign_visitor_sketches where bucket >= ${keptFrom}::timestamptz`);
    } else {
      await tx.execute(sql`truncate click_rollups, visitor_sketches, campaign_visitor_sketches`);
    }
    // The secondary indexes are dropped and built again at the end (one sort each, far cheaper
    // than millions of inserts into them), from their own definitions: the migrations stay the
    // one place that says what they are.
    const indexes = (
      (await tx.execute(sql`
        select i.indexname, i.indexdef from pg_indexes i
        where i.schemaname = current_schema() and i.tablename = any(${`{${TABLES.join(',')}}`}::text[])
          and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`)) as unknown as {
        rows: { indexname: string; indexdef: string }[];
      }
    ).rows;
    for (const index of indexes) await tx.execute(sql.raw(`drop index "${index.indexname}"`));
    step('emptied');
    // Clicks and impressions per advocate, campaign, source and hour first (the one pass over
    // the clicks), then each level's rows from those, grouped separately (small sorts) and in
    // key order (the primary key index fills from the end).
    await tx.execute(sql`
      create temp table rebuild_hours on commit drop as
      select brand_id, advocate_id, campaign_id, source, hour, sum(clicks)::int as clicks, sum(impressions)::int as impressions
      from (
        select brand_id, advocate_id, campaign_id, source, date_trunc('hour', created_at, 'UTC') as hour,
          count(*) as clicks, 0 as impressions
        from clicks where created_at >= ${keptFrom}::timestamptz group by 1, 2, 3, 4, 5
        union all
        select brand_id, advocate_id, campaign_id, source, hour, 0, impressions from link_impressions
        where hour >= ${keptFrom}::timestamptz
      ) e
      group by 1, 2, 3, 4, 5`);
    const clickLevel: InsertLevel = (advocate, campaign, grain, unit, source) =>
      tx.execute(sql`
        insert into click_rollups (brand_id, advocate_id, grain, bucket, campaign_id, source, clicks, impressions)
        select brand_id, ${sql.raw(advocate)}, ${grain}, date_trunc(${unit}, hour, 'UTC') as bucket, ${sql.raw(campaign)},
          ${sql.raw(source)}, sum(clicks), sum(impressions)
        from rebuild_hours
        group by 1, 2, 4, 5, 6
        order by 1, 2, 4, 5, 6`);
    await insertLevels(clickLevel, 'source', "''");
    step('click rows');
    // Counted conversions the same way: per advocate, campaign, source, type, currency and hour,
    // then each level.
    await tx.execute(sql`
      create temp table rebuild_sales on commit drop as
      select brand_id, advocate_id, campaign_id, source, event_type, currency, date_trunc('hour', created_at, 'UTC') as hour,
        count(*)::int as conversions, (count(*) filter (where value > 0))::int as sales,
        sum(value - refunded_value) as revenue, sum(reward_amount - refunded_reward) as rewards
      from conversions where status ${COUNTED_STATUS}
      group by 1, 2, 3, 4, 5, 6, 7`);
    const saleLevel: InsertLevel = (advocate, campaign, grain, unit, dims) =>
      tx.execute(sql`
        insert into conversion_rollups (brand_id, advocate_id, grain, bucket, campaign_id, source, event_type, currency,
          conversions, sales, revenue, rewards)
        select brand_id, ${sql.raw(advocate)}, ${grain}, date_trunc(${unit}, hour, 'UTC') as bucket, ${sql.raw(campaign)},
          ${sql.raw(dims)}, currency, sum(conversions), sum(sales), sum(revenue), sum(rewards)
        from rebuild_sales
        group by 1, 2, 4, 5, 6, 7, 8
        order by 1, 2, 4, 5, 6, 7, 8`);
    await insertLevels(saleLevel, 'source, event_type', "''::text, ''::text");
    step('conversion rows');
    // Visitors: each visitor once per advocate and hour (a second pass over the clicks), then
    // the distinct visitors of each sketch row from that.
    await tx.execute(sql`
      create temp table rebuild_visitors on commit drop as
      select distinct brand_id, advocate_id, date_trunc('hour', created_at, 'UTC') as hour,
        lower(substr(visitor_hash, 1, 16)) as k
      from clicks where created_at >= ${keptFrom}::timestamptz`);
    await tx.execute(insertSketches('h', sql`(select brand_id, advocate_id, hour as bucket, k from rebuild_visitors)`));
    await tx.execute(
      insertSketches('d', sql`(select distinct brand_id, advocate_id, date_trunc('day', hour, 'UTC') as bucket, k from rebuild_visitors)`),
    );
    for (const [grain, unit] of GRAINS) {
      await tx.execute(
        insertSketches(
          grain,
          sql`(select distinct brand_id, 0 as advocate_id, date_trunc(${unit}, hour, 'UTC') as bucket, k from rebuild_visitors)`,
        ),
      );
    }
    // Each campaign's visitors per month (a third pass: a visitor may click several advocates'
    // links of one campaign).
    await tx.execute(sql`
      insert into campaign_visitor_sketches (campaign_id, bucket, sketch)
      select campaign_id, bucket, ${SKETCH_OF_KEYS}
      from (select distinct campaign_id, date_trunc('month', created_at, 'UTC') as bucket, lower(substr(visitor_hash, 1, 16)) as k
        from clicks where created_at >= ${keptFrom}::timestamptz) as keys
      group by campaign_id, bucket
      order by campaign_id, bucket`);
    step('visitor sketches');
    for (const index of indexes) await tx.execute(sql.raw(index.indexdef));
    step('indexes');
    // Fresh statistics for the planner: the tables were just emptied and filled.
    await tx.execute(sql`analyze click_rollups, conversion_rollups, visitor_sketches, campaign_visitor_sketches`);
    return {
      clickRows: await countOf(tx, 'click_rollups'),
      conversionRows: await countOf(tx, 'conversion_rollups'),
      sketchRows: (await countOf(tx, 'visitor_sketches')) + (await countOf(tx, 'campaign_visitor_sketches')),
    };
  });
}

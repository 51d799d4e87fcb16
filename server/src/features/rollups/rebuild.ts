// Rebuilding every rollup from the raw events (clicks, link_impressions, conversions): after a
// bug fix in what a figure means, a restore, or a bulk import. One transaction: the statistics
// never show half-built rollups, and new events wait until it is done (the raw tables are locked
// against writes meanwhile).
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { COUNTED_STATUS, rebuildConversionRollups } from './maintain.js';
import { DAY_MS, HOUR_MS } from './time.js';
import { EXACT_MAX, VisitorSketch } from './visitor-sketch.js';

/** Clicks read per round trip when rebuilding the large visitor sketches. */
const CHUNK = 50_000;

export interface RebuildResult {
  clickRows: number;
  conversionRows: number;
  sketchRows: number;
}

const countOf = async (db: Pick<Database, 'execute'>, table: string): Promise<number> => {
  const result = (await db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
    rows: { n: number }[];
  };
  return result.rows[0]?.n ?? 0;
};

export async function rebuildRollups(db: Database): Promise<RebuildResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table clicks, link_impressions, conversions in share mode`);
    await tx.execute(sql`truncate click_rollups, conversion_rollups, visitor_sketches`);
    await tx.execute(sql`
      insert into click_rollups (brand_id, advocate_id, grain, bucket, campaign_id, source, clicks, impressions)
      with h as (
        select brand_id, advocate_id, campaign_id, source, date_trunc('hour', created_at, 'UTC') as hour,
          count(*)::int as clicks, 0 as impressions
        from clicks group by 1, 2, 3, 4, 5
        union all
        select brand_id, advocate_id, campaign_id, source, hour, 0, impressions from link_impressions
      )
      select h.brand_id, l.advocate_id, g.grain, date_trunc(g.unit, h.hour, 'UTC'), l.campaign_id, h.source,
        sum(h.clicks)::int, sum(h.impressions)::int
      from h
      cross join (values ('h', 'hour'), ('d', 'day')) as g(grain, unit)
      cross join lateral (values (0, 0), (h.advocate_id, h.campaign_id)) as l(advocate_id, campaign_id)
      group by 1, 2, 3, 4, 5, 6`);
    await rebuildConversionRollups(tx, sql`(select * from conversions where status ${COUNTED_STATUS}) as c`);
    // Visitor sketches: the small ones (the exact set of at most EXACT_MAX visitors, which is
    // most of them) straight in SQL, in the same encoding as VisitorSketch.encode(); the large
    // ones from one pass over the clicks in click id (time) order.
    await tx.execute(sql`
      insert into visitor_sketches (brand_id, advocate_id, grain, bucket, sketch)
      select brand_id, advocate_id, grain, bucket,
        decode('01', 'hex') || string_agg(decode(k, 'hex'), ''::bytea order by k)
      from (
        select distinct c.brand_id, l.advocate_id, g.grain, date_trunc(g.unit, c.created_at, 'UTC') as bucket,
          lower(substr(c.visitor_hash, 1, 16)) as k
        from clicks c
        cross join (values ('h', 'hour'), ('d', 'day')) as g(grain, unit)
        cross join lateral (values (0), (c.advocate_id)) as l(advocate_id)
      ) keys
      group by 1, 2, 3, 4
      having count(*) <= ${EXACT_MAX}`);
    const large = (await tx.execute(sql`
      select brand_id, advocate_id, grain, bucket from (
        select distinct c.brand_id, l.advocate_id, g.grain, date_trunc(g.unit, c.created_at, 'UTC') as bucket,
          lower(substr(c.visitor_hash, 1, 16)) as k
        from clicks c
        cross join (values ('h', 'hour'), ('d', 'day')) as g(grain, unit)
        cross join lateral (values (0), (c.advocate_id)) as l(advocate_id)
      ) keys
      group by 1, 2, 3, 4
      having count(*) > ${EXACT_MAX}`)) as unknown as {
      rows: { brand_id: number; advocate_id: number; grain: string; bucket: string | Date }[];
    };
    if (large.rows.length > 0) {
      const sketches = new Map<string, VisitorSketch>();
      for (const r of large.rows)
        sketches.set(`${r.brand_id}|${r.advocate_id}|${r.grain}|${new Date(r.bucket).getTime()}`, new VisitorSketch());
      let last = '';
      for (;;) {
        const result = (await tx.execute(sql`
          select click_id, created_at, brand_id, advocate_id, visitor_hash from clicks
          where click_id > ${last} order by click_id limit ${CHUNK}`)) as unknown as {
          rows: { click_id: string; created_at: string | Date; brand_id: number; advocate_id: number; visitor_hash: string }[];
        };
        for (const r of result.rows) {
          const ms = new Date(r.created_at).getTime();
          const hour = ms - (ms % HOUR_MS);
          const day = ms - (ms % DAY_MS);
          for (const key of [
            `${r.brand_id}|0|h|${hour}`,
            `${r.brand_id}|0|d|${day}`,
            `${r.brand_id}|${r.advocate_id}|h|${hour}`,
            `${r.brand_id}|${r.advocate_id}|d|${day}`,
          ])
            sketches.get(key)?.add(r.visitor_hash);
        }
        if (result.rows.length < CHUNK) break;
        last = result.rows[result.rows.length - 1]!.click_id;
      }
      const rows = [...sketches.entries()].map(([key, sketch]) => {
        const [brandId, advocateId, grain, bucket] = key.split('|');
        const bytes = sketch.encode();
        return {
          brand_id: Number(brandId),
          advocate_id: Number(advocateId),
          grain,
          bucket: new Date(Number(bucket)).toISOString(),
          sketch: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex'),
        };
      });
      for (let i = 0; i < rows.length; i += 500) {
        await tx.execute(sql`
          insert into visitor_sketches (brand_id, advocate_id, grain, bucket, sketch)
          select brand_id, advocate_id, grain, bucket, decode(sketch, 'hex')
          from json_to_recordset(${JSON.stringify(rows.slice(i, i + 500))}::json)
            as x(brand_id int, advocate_id int, grain text, bucket timestamptz, sketch text)`);
      }
    }
    // Fresh statistics for the planner: the tables were just emptied and filled.
    await tx.execute(sql`analyze click_rollups, conversion_rollups, visitor_sketches`);
    return {
      clickRows: await countOf(tx, 'click_rollups'),
      conversionRows: await countOf(tx, 'conversion_rollups'),
      sketchRows: await countOf(tx, 'visitor_sketches'),
    };
  });
}

// Rebuilding every rollup from the raw events (clicks, link_impressions, conversions): after a
// bug fix in what a figure means, a restore, or a bulk import. One transaction: the statistics
// never show half-built rollups, and new events wait until it is done (the raw tables are locked
// against writes meanwhile).
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { addVisitorsFromClicks, COUNTED_STATUS, rebuildConversionRollups } from './maintain.js';

/** Clicks read per round trip when rebuilding the visitor sketches. */
const CHUNK = 20_000;

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
    // Visitor sketches are merged in JavaScript, chunk by chunk in click id order (time order:
    // click ids start with the time, so each hour's sketch is written about once).
    let last = '';
    for (;;) {
      const result = (await tx.execute(sql`
        select click_id, created_at, brand_id, campaign_id, advocate_id, source, visitor_hash from clicks
        where click_id > ${last} order by click_id limit ${CHUNK}`)) as unknown as {
        rows: {
          click_id: string;
          created_at: string | Date;
          brand_id: number;
          campaign_id: number;
          advocate_id: number;
          source: 'direct';
          visitor_hash: string;
        }[];
      };
      const rows = result.rows;
      if (rows.length === 0) break;
      await addVisitorsFromClicks(
        tx,
        rows.map((r) => ({
          createdAt: new Date(r.created_at),
          brandId: r.brand_id,
          campaignId: r.campaign_id,
          advocateId: r.advocate_id,
          source: r.source,
          visitorHash: r.visitor_hash,
        })),
      );
      last = rows[rows.length - 1]!.click_id;
      if (rows.length < CHUNK) break;
    }
    return {
      clickRows: await countOf(tx, 'click_rollups'),
      conversionRows: await countOf(tx, 'conversion_rollups'),
      sketchRows: await countOf(tx, 'visitor_sketches'),
    };
  });
}

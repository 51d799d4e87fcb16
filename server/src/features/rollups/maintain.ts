// Keeping the rollups in step with the raw events, in the transaction that writes the events:
// the click batch (clicks, impressions, visitor sketches), the conversion (a CTE of its insert
// statement), and a conversion leaving the counted set (rejected or refunded).
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { intArray, resultRows } from '../../lib/sql.js';
import type { ClickTally, SketchCell } from './click-tally.js';
import { VisitorSketch } from './visitor-sketch.js';

/** Anything that runs a statement: the database or an open transaction. */
export type Executor = Pick<Database, 'execute'>;

/** Conversions that count in every statistic: neither rejected nor refunded. */
export const COUNTED_STATUS = sql.raw(`not in ('rejected', 'refunded')`);

/**
 * The rule of rollupKeys (click-tally.ts) in SQL, for a FROM item `e` with brand_id, advocate_id, campaign_id, source and
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

/** A row's key as one string, whatever form the driver gave its time in. */
const keyText = (table: SketchTable, row: Record<string, unknown>): string =>
  table.keys
    .map(([column, type]) =>
      type === 'timestamptz'
        ? new Date(row[column] as string | Date).getTime()
        : String(row[column]),
    )
    .join('|');

const hex = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');
const EMPTY_SKETCH_HEX = hex(new VisitorSketch().encode());

/** Adds a click batch's tally (its clicks and impressions) to the rollups; run in the batch's transaction. */
export async function addClicksToRollups(tx: Executor, tally: ClickTally): Promise<void> {
  const impressions = tally.impressionRows();
  if (impressions.length > 0) {
    await tx.execute(sql`
      insert into link_impressions as t (hour, link_id, source, brand_id, campaign_id, advocate_id, impressions)
      select * from json_to_recordset(${JSON.stringify(impressions)}::json) as x(hour timestamptz, link_id int, source text,
        brand_id int, campaign_id int, advocate_id int, impressions int)
      order by link_id, hour, source
      on conflict (link_id, hour, source) do update set impressions = t.impressions + excluded.impressions`);
  }
  const cells = tally.clickCells();
  if (cells.length > 0) {
    await tx.execute(sql`
      insert into click_rollups as t (brand_id, advocate_id, grain, bucket, campaign_id, source, clicks, impressions)
      select * from json_to_recordset(${JSON.stringify(cells)}::json) as x(brand_id int, advocate_id int,
        grain text, bucket timestamptz, campaign_id int, source text, clicks int, impressions int)
      on conflict (brand_id, advocate_id, grain, bucket, campaign_id, source) do update
        set clicks = t.clicks + excluded.clicks, impressions = t.impressions + excluded.impressions`);
  }
  await addVisitorsToSketches(tx, VISITOR_SKETCHES, tally.sketchCells());
  await addVisitorsToSketches(tx, CAMPAIGN_VISITOR_SKETCHES, tally.campaignSketchCells());
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
  const stored = resultRows<Record<string, unknown> & { sketch: string }>(
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
  // Revenue and rewards net of refunds (a partly refunded sale counts what stands of it).
  const k = sql.raw(String(sign));
  // Grouped: several conversions of one call may fall in the same row, which ON CONFLICT may
  // update only once per statement.
  return sql`
    insert into conversion_rollups as t (brand_id, advocate_id, grain, bucket, campaign_id, source,
      event_type, currency, conversions, sales, revenue, rewards)
    select e.brand_id, l.advocate_id, l.grain, l.bucket, l.campaign_id, l.source, l.event_type, e.currency,
      ${k} * count(*)::int, ${k} * count(*) filter (where e.value > 0)::int, ${k} * sum(e.value - e.refunded_value), ${k} * sum(e.reward_amount - e.refunded_reward)
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
  await tx.execute(
    conversionRollupDelta(
      sql`(select * from conversions where id = any(${intArray(conversionIds)})) as e`,
      sign,
    ),
  );
}

// Writing a batch of clicks (see click-buffer.ts for when): one binary COPY, or INSERTs when
// some of the batch is stored already; in the same transaction, the batch's impressions and its
// additions to the statistics rollups (features/rollups).
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database, DatabaseHandle, DatabaseKind } from '../../db/client.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { addClicksToRollups, type ClickTally, type ImpressionCount } from '../rollups/index.js';
import { ClickBatch } from './click-batch.js';
import { CLICK_COLUMNS, type Click } from './click-codec.js';

export type { Click } from './click-codec.js';

/**
 * One INSERT for many clicks with a single JSON parameter, expanded by json_to_recordset (a
 * VALUES list with 11 parameters per row costs ~3x more to build, bind and parse). ON CONFLICT:
 * a retried batch whose first attempt did commit must not fail. The key is (click_id, created_at)
 * (clicks are partitioned by time); a click id carries its time, so this is the click id alone.
 */
async function insertClicks(
  db: Pick<Database, 'execute'>,
  rows: readonly Click[],
): Promise<Click[]> {
  const json = JSON.stringify(
    rows.map((c) => ({
      click_id: c.clickId,
      created_at: c.createdAt.toISOString(),
      link_id: c.linkId,
      campaign_id: c.campaignId,
      product_id: c.productId,
      advocate_id: c.advocateId,
      brand_id: c.brandId,
      source: c.source,
      referrer_host: c.referrerHost,
      device: c.device,
      visitor_hash: c.visitorHash,
    })),
  );
  const result = (await db.execute(sql`
    insert into clicks (${sql.raw(CLICK_COLUMNS)})
    select * from json_to_recordset(${json}::json) as x(
      click_id text, created_at timestamptz, link_id int, campaign_id int, product_id int, advocate_id int,
      brand_id int, source text, referrer_host text, device text, visitor_hash text)
    on conflict (click_id, created_at) do nothing
    returning click_id`)) as unknown as { rows: { click_id: string }[] };
  // Only the clicks stored now go into the rollups (the others were, with their first write).
  if (result.rows.length === rows.length) return [...rows];
  const stored = new Set(result.rows.map((r) => r.click_id));
  return rows.filter((c) => stored.has(c.clickId));
}

/**
 * The batch's tuples by binary COPY, in the transaction `tx` (a drizzle transaction of either
 * driver): PGlite takes them as a blob, node-postgres as a COPY FROM STDIN stream. Either way
 * the tuples go as the journal wrote them, with no click decoded or turned into JSON.
 */
async function copyClicks(kind: DatabaseKind, tx: unknown, batch: ClickBatch): Promise<void> {
  const client = (tx as { session?: { client?: unknown } }).session?.client;
  if (!client) throw new Error('COPY needs the transaction of a drizzle session');
  if (kind === 'pglite') {
    await (client as BlobQueryable).query(
      `copy clicks (${CLICK_COLUMNS}) from '/dev/blob' with (format binary)`,
      [],
      { blob: new Blob(batch.copyData()) },
    );
    return;
  }
  const stream = (client as pg.PoolClient).query(
    copyFrom(`copy clicks (${CLICK_COLUMNS}) from stdin with (format binary)`),
  );
  await pipeline(Readable.from(batch.copyData()), stream);
}

/** PGlite's query with a blob for COPY FROM '/dev/blob'. */
interface BlobQueryable {
  query(sql: string, params: unknown[], options: { blob: Blob }): Promise<unknown>;
}

/** Most clicks in one INSERT (its JSON parameter grows with them). */
const ROWS_PER_INSERT = 10_000;

/**
 * Stores a batch, and adds its tally (clicks and impressions) to the rollups, in one
 * transaction. COPY (a fraction of the database time per click of the INSERT on PGlite) cannot
 * skip rows that exist, so a batch that finds some already stored (a retry after a write that
 * did commit) goes through the INSERT, which skips them; only the clicks stored now then count.
 */
export async function storeClickBatch(database: DatabaseHandle, batch: ClickBatch): Promise<void> {
  await database.db.transaction(async (tx) => {
    let tally: ClickTally | undefined;
    if (batch.size > 0) {
      try {
        // A savepoint: a COPY that hits a stored click must not abort the whole transaction.
        await tx.transaction((sp) => copyClicks(database.kind, sp, batch));
        tally = batch.tally;
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
      }
    }
    if (!tally) {
      const stored: Click[] = [];
      for (const piece of batch.pieces(ROWS_PER_INSERT))
        stored.push(...(await insertClicks(tx, piece)));
      tally = stored.length === batch.size ? batch.tally : batch.tally.withClicks(stored);
    }
    await addClicksToRollups(tx, tally);
  });
}

/** Stores these clicks and impressions as one batch (the journal's replay, the demo data, tests). */
export function writeClicks(
  database: DatabaseHandle,
  clicks: readonly Click[],
  impressions: readonly ImpressionCount[] = [],
): Promise<void> {
  return storeClickBatch(database, ClickBatch.of(clicks, impressions));
}

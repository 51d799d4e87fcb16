// Writing a batch of clicks (see click-buffer.ts for when): one COPY where the database offers it
// (embedded PGlite), else one INSERT; in the same transaction, the batch's impressions and its
// additions to the statistics rollups (features/rollups).
import { sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../../db/client.js';
import type { ClickRow } from '../../db/schema.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { addClicksToRollups, type ImpressionCount } from '../rollups/index.js';
import {
  CLICK_COLUMNS,
  COPY_BINARY_HEADER,
  COPY_BINARY_TRAILER,
  encodeClicks,
} from './click-codec.js';

export type Click = Required<ClickRow>;

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

const ROWS_BETWEEN_YIELDS = 2000;

/**
 * The clicks as a binary COPY stream. Encoded on the event loop, so it yields every
 * ROWS_BETWEEN_YIELDS rows: a batch of thousands must not hold up the redirects arriving meanwhile.
 */
export async function clicksAsCopyStream(rows: readonly Click[]): Promise<Blob> {
  const parts: Buffer[] = [COPY_BINARY_HEADER];
  for (let i = 0; i < rows.length; i += ROWS_BETWEEN_YIELDS) {
    if (i > 0) await new Promise((r) => setImmediate(r));
    parts.push(encodeClicks(rows.slice(i, i + ROWS_BETWEEN_YIELDS)));
  }
  parts.push(COPY_BINARY_TRAILER);
  return new Blob(parts);
}

/** PGlite's COPY inside a drizzle transaction: the transaction's own client takes the blob. */
interface BlobQueryable {
  query(sql: string, params: unknown[], options: { blob: Blob }): Promise<unknown>;
}
function copyInTransaction(tx: unknown, statement: string, blob: Blob): Promise<unknown> {
  const client = (tx as { session?: { client?: BlobQueryable } }).session?.client;
  if (!client) throw new Error('COPY needs a PGlite transaction');
  return client.query(statement, [], { blob });
}

/**
 * Stores a batch, and adds it and `impressions` to the rollups, in one transaction. COPY (a
 * fraction of the database time per click of the INSERT on PGlite) cannot skip rows that exist, so a
 * batch that finds some already stored (a retry after a write that did commit) goes through the
 * INSERT, which skips them.
 */
export async function writeClicks(
  database: DatabaseHandle,
  rows: readonly Click[],
  impressions: readonly ImpressionCount[] = [],
): Promise<void> {
  await database.db.transaction(async (tx) => {
    let stored: readonly Click[] | undefined;
    if (database.copyFrom && rows.length > 0) {
      const stream = await clicksAsCopyStream(rows);
      try {
        // A savepoint: a COPY that hits a stored click must not abort the whole transaction.
        await tx.transaction((sp) =>
          copyInTransaction(sp, `copy clicks (${CLICK_COLUMNS}) from '/dev/blob' with (format binary)`, stream),
        );
        stored = rows;
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
      }
    }
    stored ??= rows.length > 0 ? await insertClicks(tx, rows) : [];
    await addClicksToRollups(tx, stored, impressions);
  });
}

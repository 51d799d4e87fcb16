// Writing a batch of clicks (see click-buffer.ts for when): one COPY where the database offers it
// (embedded PGlite), else one INSERT; in the same transaction, the batch's impressions and its
// additions to the statistics rollups (features/rollups).
import { sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../../db/client.js';
import type { ClickRow } from '../../db/schema.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { addClicksToRollups, type ImpressionCount } from '../rollups/index.js';

export type Click = Required<ClickRow>;

const COLUMNS =
  'click_id, created_at, link_id, campaign_id, product_id, advocate_id, brand_id, source, referrer_host, device, visitor_hash';

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
    insert into clicks (${sql.raw(COLUMNS)})
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

/** A free-text value in COPY's text format: \N for null; backslash, tab and line breaks escaped. */
function copyText(value: string | null): string {
  if (value === null) return '\\N';
  return value.replace(/[\\\t\n\r]/g, (c) =>
    c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r',
  );
}

/**
 * One click as a COPY text row, columns in COLUMNS order. Only the referrer host is free text;
 * the other values cannot hold a tab, line break or backslash (url-safe click id, ISO time,
 * integers, enum words, hex hash), so they go in as they are.
 */
export function clickAsCopyRow(c: Click): string {
  return (
    `${c.clickId}\t${c.createdAt.toISOString()}\t${c.linkId}\t${c.campaignId}\t` +
    `${c.productId ?? '\\N'}\t${c.advocateId}\t${c.brandId}\t${c.source}\t` +
    `${copyText(c.referrerHost)}\t${c.device}\t${c.visitorHash}\n`
  );
}

const COPY_ESCAPES: Record<string, string> = { '\\': '\\', t: '\t', n: '\n', r: '\r' };

/** The click a COPY text row (clickAsCopyRow) holds; undefined for a malformed or partial row. */
export function clickFromCopyRow(row: string): Click | undefined {
  const f = row.split('\t');
  if (f.length !== 11) return undefined;
  const int = (text: string) => (/^[0-9]+$/.test(text) ? Number(text) : NaN);
  const createdAt = new Date(f[1]!);
  const ids = [int(f[2]!), int(f[3]!), int(f[5]!), int(f[6]!)];
  const productId = f[4] === '\\N' ? null : int(f[4]!);
  if (Number.isNaN(createdAt.getTime()) || ids.some(Number.isNaN) || Number.isNaN(productId))
    return undefined;
  return {
    clickId: f[0]!,
    createdAt,
    linkId: ids[0]!,
    campaignId: ids[1]!,
    productId,
    advocateId: ids[2]!,
    brandId: ids[3]!,
    source: f[7] as Click['source'],
    referrerHost:
      f[8] === '\\N' ? null : f[8]!.replace(/\\([\\tnr])/g, (_, c: string) => COPY_ESCAPES[c]!),
    device: f[9] as Click['device'],
    visitorHash: f[10]!,
  };
}

const ROWS_BETWEEN_YIELDS = 1000;

/**
 * The clicks as COPY text. Built on the event loop, so it yields every ROWS_BETWEEN_YIELDS rows:
 * a batch of thousands must not hold up the redirects arriving meanwhile.
 */
export async function clicksAsCopyText(rows: readonly Click[]): Promise<string> {
  const parts: string[] = [];
  for (let i = 0; i < rows.length; i++) {
    if (i > 0 && i % ROWS_BETWEEN_YIELDS === 0) await new Promise((r) => setImmediate(r));
    parts.push(clickAsCopyRow(rows[i]!));
  }
  return parts.join('');
}

/** PGlite's COPY inside a drizzle transaction: the transaction's own client takes the blob. */
interface BlobQueryable {
  query(sql: string, params: unknown[], options: { blob: Blob }): Promise<unknown>;
}
function copyInTransaction(tx: unknown, statement: string, data: string): Promise<unknown> {
  const client = (tx as { session?: { client?: BlobQueryable } }).session?.client;
  if (!client) throw new Error('COPY needs a PGlite transaction');
  return client.query(statement, [], { blob: new Blob([data]) });
}

/**
 * Stores a batch, and adds it and `impressions` to the rollups, in one transaction. COPY (about
 * half the database time per click of the INSERT on PGlite) cannot skip rows that exist, so a
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
      const text = await clicksAsCopyText(rows);
      try {
        // A savepoint: a COPY that hits a stored click must not abort the whole transaction.
        await tx.transaction((sp) =>
          copyInTransaction(sp, `copy clicks (${COLUMNS}) from '/dev/blob'`, text),
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

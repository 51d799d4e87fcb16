// What every billing provider shares in the database: the provider objects each conversion was
// paid by (a refund or dispute finds its sale through them), refunds and disputes as reported
// (kept until their sale arrives), and, for providers without their own, the event log and the
// discount codes given to advocates.
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { billingCodes, billingEvents, billingObjects } from '../../db/schema.js';
import { rowsOf } from '../../lib/sql.js';
import type { BillingProviderName, CodeOwner, EventLogEntry } from './provider.js';

/** billing_objects' ref for ids tied to another object's payment (`link:{that object's id}`). */
export const LINK_PREFIX = 'link:';

/**
 * A CTE body that links `ids` to the conversion `conversionRef` (an id already linked keeps its
 * conversion). In one order whatever the event: two statements naming the same objects then wait
 * on each other's rows instead of deadlocking.
 */
export function linkObjectsStatement(
  brandId: number,
  provider: BillingProviderName,
  ids: readonly string[],
  conversionRef: string,
): SQL | undefined {
  const sorted = [...new Set(ids.map((id) => id.slice(0, 255)))].sort();
  if (sorted.length === 0) return undefined;
  const rows = sorted.map(
    (id) =>
      sql`(${brandId}::integer, ${provider}::text, ${id}::varchar, ${conversionRef}::varchar)`,
  );
  return sql`insert into billing_objects (brand_id, provider, object_id, conversion_ref)
    values ${sql.join(rows, sql`, `)} on conflict do nothing`;
}

/** The conversion reference the first known of `ids` was paid into (following a link once). */
export async function conversionRefOf(
  db: Database,
  brandId: number,
  provider: BillingProviderName,
  ids: readonly string[],
): Promise<string | undefined> {
  if (ids.length === 0) return undefined;
  const lookup = (list: readonly string[]) =>
    rowsOf<{ object_id: string; conversion_ref: string }>(
      db,
      sql`select object_id, conversion_ref from billing_objects
        where brand_id = ${brandId}::integer and provider = ${provider}::text
          and object_id = any(${`{${list.map((id) => `"${id.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[])`,
    );
  const rows = await lookup(ids);
  const found = ids.map((id) => rows.find((r) => r.object_id === id)).find(Boolean);
  if (!found) return undefined;
  if (!found.conversion_ref.startsWith(LINK_PREFIX)) return found.conversion_ref;
  const [linked] = await lookup([found.conversion_ref.slice(LINK_PREFIX.length)]);
  return linked?.conversion_ref.startsWith(LINK_PREFIX) ? undefined : linked?.conversion_ref;
}

/**
 * The payments that links of `ids` name (`link:{payment id}`, written when a later event tied an
 * id to a payment not recorded yet): the payments' own ids, to look up as transactions.
 */
export async function linkTargetsOf(
  db: Database,
  brandId: number,
  provider: BillingProviderName,
  ids: readonly string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ ref: billingObjects.conversionRef })
    .from(billingObjects)
    .where(
      and(
        eq(billingObjects.brandId, brandId),
        eq(billingObjects.provider, provider),
        inArray(billingObjects.objectId, [...ids]),
      ),
    );
  return rows
    .map((r) => r.ref)
    .filter((ref) => ref.startsWith(LINK_PREFIX))
    .map((ref) => ref.slice(LINK_PREFIX.length));
}

/** Records the event once in billing_events with `bookkeeping` (CTEs), in one statement. */
export async function recordBillingEvent(
  db: Database,
  provider: BillingProviderName,
  e: EventLogEntry,
  bookkeeping: SQL[],
): Promise<boolean> {
  const event = sql`event as (insert into billing_events (brand_id, provider, event_id, type, object_id,
      outcome, detail, conversion_id, received_at)
    values (${e.brandId}::integer, ${provider}::text, ${e.eventId.slice(0, 255)}::varchar,
      ${e.type.slice(0, 100)}::varchar, ${e.objectId?.slice(0, 255) ?? null}::varchar,
      ${e.outcome}::text, ${e.detail}::text, ${e.conversionId}::integer,
      ${e.at.toISOString()}::timestamptz)
    on conflict do nothing returning event_id)`;
  const [row] = await rowsOf<{ first: boolean }>(
    db,
    sql`with ${sql.join([...bookkeeping, event], sql`, `)} select exists (select 1 from event) as first`,
  );
  return row?.first === true;
}

/** The latest events of the brand's connection of `provider`, newest first. */
export async function latestBillingEvents(
  db: Database,
  provider: BillingProviderName,
  brandId: number,
  limit: number,
) {
  return db
    .select()
    .from(billingEvents)
    .where(and(eq(billingEvents.brandId, brandId), eq(billingEvents.provider, provider)))
    .orderBy(desc(billingEvents.receivedAt), desc(billingEvents.eventId))
    .limit(limit);
}

/** A code of `provider` (billing_codes) within `scope` (a brand's, a campaign's). */
export const billingCodeWhere = (scope: SQL, provider: BillingProviderName, code: string) =>
  and(scope, eq(billingCodes.provider, provider), eq(billingCodes.code, code));

/** The advocate the first assigned of `codes` (billing_codes) was given to. */
export async function billingCodeOwner(
  db: Database,
  provider: BillingProviderName,
  brandId: number,
  codes: readonly string[],
): Promise<CodeOwner | undefined> {
  for (const code of codes) {
    const [row] = await db
      .select({ campaignId: billingCodes.campaignId, advocateId: billingCodes.advocateId })
      .from(billingCodes)
      .where(billingCodeWhere(eq(billingCodes.brandId, brandId), provider, code))
      .limit(1);
    if (row) return row;
  }
  return undefined;
}

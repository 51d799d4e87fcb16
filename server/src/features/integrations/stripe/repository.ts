// The Stripe tables: a brand's connection (its sealed signing secret), the events received with
// what became of each, the Stripe objects each conversion was paid by, and the promotion codes
// a brand gave its advocates.
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import {
  stripeConnections,
  stripeEvents,
  stripeObjects,
  stripePromotionCodes,
  type StripeEventOutcome,
} from '../../../db/schema.js';
import { rowsOf } from '../../../lib/sql.js';
import { rememberCustomerStatement, type CustomerMemory } from '../../customers/index.js';

export async function findConnection(db: Database, brandId: number) {
  const [row] = await db
    .select()
    .from(stripeConnections)
    .where(eq(stripeConnections.brandId, brandId))
    .limit(1);
  return row;
}

export async function saveConnection(
  db: Database,
  input: { brandId: number; sealedSecret: string; userId: number; at: Date },
): Promise<void> {
  await db
    .insert(stripeConnections)
    .values({
      brandId: input.brandId,
      webhookSecret: input.sealedSecret,
      connectedBy: input.userId,
      connectedAt: input.at,
    })
    .onConflictDoUpdate({
      target: stripeConnections.brandId,
      set: { webhookSecret: input.sealedSecret, connectedBy: input.userId, connectedAt: input.at },
    });
}

export async function deleteConnection(db: Database, brandId: number): Promise<boolean> {
  const rows = await db
    .delete(stripeConnections)
    .where(eq(stripeConnections.brandId, brandId))
    .returning({ brandId: stripeConnections.brandId });
  return rows.length > 0;
}

/** What an event leaves besides money, written with its log entry. */
export interface EventBookkeeping {
  /** The customer to remember (features/customers). */
  customer?: CustomerMemory | undefined;
  /** The Stripe objects that paid the conversion `conversionRef` (a later refund names one). */
  objects?: { ids: readonly string[]; conversionRef: string } | undefined;
}

/**
 * Records the event once, in one statement with its bookkeeping (so one commit, one WAL flush);
 * false when its id was already recorded (a redelivery). The bookkeeping is idempotent: the
 * customer's first attribution stays, an object already linked keeps its conversion.
 */
export async function recordEvent(
  db: Database,
  e: {
    brandId: number;
    eventId: string;
    type: string;
    objectId: string | null;
    outcome: StripeEventOutcome;
    detail: string;
    conversionId: number | null;
    at: Date;
  },
  keep: EventBookkeeping = {},
): Promise<boolean> {
  const ctes: SQL[] = [];
  if (keep.customer) ctes.push(sql`customer as (${rememberCustomerStatement(keep.customer)})`);
  // In one order whatever the event: two statements naming the same objects then wait on each
  // other's rows instead of deadlocking.
  const ids = [...new Set(keep.objects?.ids.map((id) => id.slice(0, 255)))].sort();
  if (keep.objects && ids.length > 0) {
    const ref = keep.objects.conversionRef;
    const rows = ids.map((id) => sql`(${e.brandId}::integer, ${id}::varchar, ${ref}::varchar)`);
    ctes.push(sql`objects as (insert into stripe_objects (brand_id, object_id, conversion_ref)
      values ${sql.join(rows, sql`, `)} on conflict do nothing)`);
  }
  ctes.push(sql`event as (insert into stripe_events (brand_id, event_id, type, object_id, outcome,
      detail, conversion_id, received_at)
    values (${e.brandId}::integer, ${e.eventId}::varchar, ${e.type.slice(0, 100)}::varchar,
      ${e.objectId?.slice(0, 255) ?? null}::varchar, ${e.outcome}::text, ${e.detail}::text,
      ${e.conversionId}::integer, ${e.at.toISOString()}::timestamptz)
    on conflict do nothing returning event_id)`);
  const [row] = await rowsOf<{ first: boolean }>(
    db,
    sql`with ${sql.join(ctes, sql`, `)} select exists (select 1 from event) as first`,
  );
  return row?.first === true;
}

export async function latestEvents(db: Database, brandId: number, limit: number) {
  return db
    .select()
    .from(stripeEvents)
    .where(eq(stripeEvents.brandId, brandId))
    .orderBy(desc(stripeEvents.receivedAt), desc(stripeEvents.eventId))
    .limit(limit);
}

/** The conversion reference the first of `objectIds` that is known was paid into. */
export async function conversionRefOf(
  db: Database,
  brandId: number,
  objectIds: readonly string[],
): Promise<string | undefined> {
  for (const objectId of objectIds) {
    const [row] = await db
      .select({ ref: stripeObjects.conversionRef })
      .from(stripeObjects)
      .where(and(eq(stripeObjects.brandId, brandId), eq(stripeObjects.objectId, objectId)))
      .limit(1);
    if (row) return row.ref;
  }
  return undefined;
}

export async function promotionCodeOwner(
  db: Database,
  brandId: number,
  codes: readonly string[],
): Promise<{ campaignId: number; advocateId: number } | undefined> {
  for (const code of codes) {
    const [row] = await db
      .select({
        campaignId: stripePromotionCodes.campaignId,
        advocateId: stripePromotionCodes.advocateId,
      })
      .from(stripePromotionCodes)
      .where(and(eq(stripePromotionCodes.brandId, brandId), eq(stripePromotionCodes.code, code)))
      .limit(1);
    if (row) return row;
  }
  return undefined;
}

export interface PromotionCodeRow {
  code: string;
  campaign_id: number;
  advocate_id: number;
  username: string;
  created_at: string | Date;
}

export async function campaignPromotionCodes(
  db: Database,
  campaignId: number,
): Promise<PromotionCodeRow[]> {
  return rowsOf<PromotionCodeRow>(
    db,
    sql`select p.code, p.campaign_id, p.advocate_id, u.username, p.created_at
      from stripe_promotion_codes p join users u on u.id = p.advocate_id
      where p.campaign_id = ${campaignId}::integer order by p.created_at, p.code`,
  );
}

/** Assigns `code` to the advocate of the campaign (a code names one advocate: reassigning moves it). */
export async function assignPromotionCode(
  db: Database,
  input: { brandId: number; code: string; campaignId: number; advocateId: number; at: Date },
): Promise<void> {
  await db
    .insert(stripePromotionCodes)
    .values({
      brandId: input.brandId,
      code: input.code,
      campaignId: input.campaignId,
      advocateId: input.advocateId,
      createdAt: input.at,
    })
    .onConflictDoUpdate({
      target: [stripePromotionCodes.brandId, stripePromotionCodes.code],
      set: { campaignId: input.campaignId, advocateId: input.advocateId, createdAt: input.at },
    });
}

export async function removePromotionCode(
  db: Database,
  campaignId: number,
  code: string,
): Promise<boolean> {
  const rows = await db
    .delete(stripePromotionCodes)
    .where(
      and(eq(stripePromotionCodes.campaignId, campaignId), eq(stripePromotionCodes.code, code)),
    )
    .returning({ code: stripePromotionCodes.code });
  return rows.length > 0;
}

// The Stripe tables: a brand's connection (its sealed signing secret, and with a restricted key the
// sealed key and the endpoint made with it), the events received with what became of each, the
// Stripe objects each conversion was paid by, and the promotion codes a brand gave its advocates.
import { and, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import {
  stripeConnections,
  stripeEvents,
  stripeObjects,
  stripePromotionCodes,
  type StripeEventOutcome,
  type StripeMode,
} from '../../../db/schema.js';
import { rowsOf } from '../../../lib/sql.js';
import { rememberCustomerStatement, type CustomerMemory } from '../../customers/index.js';

export type StripeConnection = typeof stripeConnections.$inferSelect;

export async function findConnection(
  db: Database,
  brandId: number,
): Promise<StripeConnection | undefined> {
  const [row] = await db
    .select()
    .from(stripeConnections)
    .where(eq(stripeConnections.brandId, brandId))
    .limit(1);
  return row;
}

export interface ConnectionInput {
  brandId: number;
  sealedSecret: string;
  mode: StripeMode;
  /** With a restricted key: the sealed key, its hint and the endpoint made with it. */
  key: { sealed: string; hint: string; endpointId: string } | null;
  userId: number;
  at: Date;
}

/** Saves the brand's connection, replacing any before it (not verified until an event arrives). */
export async function saveConnection(db: Database, input: ConnectionInput): Promise<void> {
  const fields = {
    webhookSecret: input.sealedSecret,
    mode: input.mode,
    apiKey: input.key?.sealed ?? null,
    apiKeyHint: input.key?.hint ?? null,
    webhookEndpointId: input.key?.endpointId ?? null,
    verifiedAt: null,
    connectedBy: input.userId,
    connectedAt: input.at,
  };
  await db
    .insert(stripeConnections)
    .values({ brandId: input.brandId, ...fields })
    .onConflictDoUpdate({ target: stripeConnections.brandId, set: fields });
}

/** Notes the first correctly signed event of the connection: from then on it shows Connected. */
export async function markVerified(db: Database, brandId: number, at: Date): Promise<void> {
  await db
    .update(stripeConnections)
    .set({ verifiedAt: at })
    .where(and(eq(stripeConnections.brandId, brandId), isNull(stripeConnections.verifiedAt)));
}

/** Deletes the connection; the row as it was (its endpoint to delete in Stripe), or undefined. */
export async function deleteConnection(
  db: Database,
  brandId: number,
): Promise<StripeConnection | undefined> {
  const [row] = await db
    .delete(stripeConnections)
    .where(eq(stripeConnections.brandId, brandId))
    .returning();
  return row;
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
    /** The event's own mode (Stripe's livemode); null when it did not say. */
    livemode?: boolean | null;
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
      detail, conversion_id, livemode, received_at)
    values (${e.brandId}::integer, ${e.eventId}::varchar, ${e.type.slice(0, 100)}::varchar,
      ${e.objectId?.slice(0, 255) ?? null}::varchar, ${e.outcome}::text, ${e.detail}::text,
      ${e.conversionId}::integer, ${e.livemode ?? null}::boolean, ${e.at.toISOString()}::timestamptz)
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

/** The advocate given any of `codes` (a promo_… id from an event, or the code customers type). */
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
      .where(
        and(
          eq(stripePromotionCodes.brandId, brandId),
          or(eq(stripePromotionCodes.code, code), eq(stripePromotionCodes.promotionCodeId, code)),
        ),
      )
      .limit(1);
    if (row) return row;
  }
  return undefined;
}

export interface PromotionCodeRow {
  code: string;
  promotion_code_id: string | null;
  campaign_id: number;
  campaign: string;
  advocate_id: number;
  username: string;
  created_at: string | Date;
}

/** The codes given to advocates of one campaign, or of every campaign of a brand. */
export async function promotionCodes(
  db: Database,
  of: { campaignId: number } | { brandId: number },
): Promise<PromotionCodeRow[]> {
  const where =
    'campaignId' in of
      ? sql`p.campaign_id = ${of.campaignId}::integer`
      : sql`p.brand_id = ${of.brandId}::integer`;
  return rowsOf<PromotionCodeRow>(
    db,
    sql`select p.code, p.promotion_code_id, p.campaign_id, coalesce(c.title, '') as campaign,
        p.advocate_id, u.username, p.created_at
      from stripe_promotion_codes p
        join users u on u.id = p.advocate_id
        join campaigns c on c.id = p.campaign_id
      where ${where} order by p.created_at, p.code`,
  );
}

/**
 * Assigns `code` to the advocate of the campaign (a code names one advocate: reassigning moves it,
 * and a row naming the same promo_… id under another spelling gives way).
 */
export async function assignPromotionCode(
  db: Database,
  input: {
    brandId: number;
    code: string;
    promotionCodeId: string | null;
    campaignId: number;
    advocateId: number;
    at: Date;
  },
): Promise<void> {
  await db.transaction(async (tx) => {
    if (input.promotionCodeId)
      await tx
        .delete(stripePromotionCodes)
        .where(
          and(
            eq(stripePromotionCodes.brandId, input.brandId),
            or(
              eq(stripePromotionCodes.promotionCodeId, input.promotionCodeId),
              eq(stripePromotionCodes.code, input.promotionCodeId),
            ),
          ),
        );
    const fields = {
      promotionCodeId: input.promotionCodeId,
      campaignId: input.campaignId,
      advocateId: input.advocateId,
      createdAt: input.at,
    };
    await tx
      .insert(stripePromotionCodes)
      .values({ brandId: input.brandId, code: input.code, ...fields })
      .onConflictDoUpdate({
        target: [stripePromotionCodes.brandId, stripePromotionCodes.code],
        set: fields,
      });
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

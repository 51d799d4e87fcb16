// The Stripe tables: a brand's connection (its sealed signing secret, and with a restricted key the
// sealed key and the endpoint made with it), the events received (recorded by handle.ts's
// provider), and the promotion codes a brand gave its advocates.
import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import {
  stripeConnections,
  stripeEvents,
  stripePromotionCodes,
  type StripeMode,
} from '../../../db/schema.js';
import { rowsOf } from '../../../lib/sql.js';

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

export async function latestEvents(db: Database, brandId: number, limit: number) {
  return db
    .select()
    .from(stripeEvents)
    .where(eq(stripeEvents.brandId, brandId))
    .orderBy(desc(stripeEvents.receivedAt), desc(stripeEvents.eventId))
    .limit(limit);
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

// A brand's connection to Paddle, Lemon Squeezy or Shopify (the webhook's signing secret, sealed)
// and the discount codes it gave its advocates (billing_codes).
import { and, eq, sql } from 'drizzle-orm';
import type { WebhookProvider } from 'contract';
import type { Database } from '../../../db/client.js';
import { billingCodes, billingConnections } from '../../../db/schema.js';
import { rowsOf } from '../../../lib/sql.js';
import { billingCodeWhere } from '../store.js';

export async function findConnection(db: Database, brandId: number, provider: WebhookProvider) {
  const [row] = await db
    .select()
    .from(billingConnections)
    .where(and(eq(billingConnections.brandId, brandId), eq(billingConnections.provider, provider)))
    .limit(1);
  return row;
}

export async function saveConnection(
  db: Database,
  input: {
    brandId: number;
    provider: WebhookProvider;
    sealedSecret: string;
    userId: number;
    at: Date;
  },
): Promise<void> {
  await db
    .insert(billingConnections)
    .values({
      brandId: input.brandId,
      provider: input.provider,
      webhookSecret: input.sealedSecret,
      connectedBy: input.userId,
      connectedAt: input.at,
    })
    .onConflictDoUpdate({
      target: [billingConnections.brandId, billingConnections.provider],
      set: { webhookSecret: input.sealedSecret, connectedBy: input.userId, connectedAt: input.at },
    });
}

export async function deleteConnection(
  db: Database,
  brandId: number,
  provider: WebhookProvider,
): Promise<boolean> {
  const rows = await db
    .delete(billingConnections)
    .where(and(eq(billingConnections.brandId, brandId), eq(billingConnections.provider, provider)))
    .returning({ brandId: billingConnections.brandId });
  return rows.length > 0;
}

export interface DiscountCodeRow {
  provider: WebhookProvider;
  code: string;
  campaign_id: number;
  advocate_id: number;
  username: string;
  created_at: string | Date;
}

/** The discount codes given to the campaign's advocates, for every provider but Stripe. */
export async function campaignDiscountCodes(
  db: Database,
  campaignId: number,
): Promise<DiscountCodeRow[]> {
  return rowsOf<DiscountCodeRow>(
    db,
    sql`select c.provider, c.code, c.campaign_id, c.advocate_id, u.username, c.created_at
      from billing_codes c join users u on u.id = c.advocate_id
      where c.campaign_id = ${campaignId}::integer and c.provider <> 'stripe'
      order by c.created_at, c.provider, c.code`,
  );
}

/** Gives `code` to the advocate of the campaign (a code names one advocate: giving it again moves it). */
export async function assignDiscountCode(
  db: Database,
  input: {
    brandId: number;
    provider: WebhookProvider;
    code: string;
    campaignId: number;
    advocateId: number;
    at: Date;
  },
): Promise<void> {
  await db
    .insert(billingCodes)
    .values({
      brandId: input.brandId,
      provider: input.provider,
      code: input.code,
      campaignId: input.campaignId,
      advocateId: input.advocateId,
      createdAt: input.at,
    })
    .onConflictDoUpdate({
      target: [billingCodes.brandId, billingCodes.provider, billingCodes.code],
      set: { campaignId: input.campaignId, advocateId: input.advocateId, createdAt: input.at },
    });
}

export async function removeDiscountCode(
  db: Database,
  campaignId: number,
  provider: WebhookProvider,
  code: string,
): Promise<boolean> {
  const rows = await db
    .delete(billingCodes)
    .where(billingCodeWhere(eq(billingCodes.campaignId, campaignId), provider, code))
    .returning({ code: billingCodes.code });
  return rows.length > 0;
}

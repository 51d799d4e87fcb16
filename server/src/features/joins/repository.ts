// Joining a campaign: the (advocate, campaign) membership and one share link per product.
// Idempotent by construction: both inserts are ON CONFLICT DO NOTHING against unique keys, so a
// repeat (or a concurrent double click) returns the links the first join made.
import { and, asc, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { campaignJoins, shareLinks } from '../../db/schema.js';
import { randomUrlSafe } from '../../lib/crypto.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { recordJoinEvent } from '../events/index.js';

/** 12 random bytes → 16 url-safe characters (96 bits): unguessable, short enough to share. */
export const newShareCode = (): string => randomUrlSafe(12);

export interface JoinRequest {
  advocateId: number;
  campaignId: number;
  brandId: number;
  /** The campaign's live products; empty → one link for the campaign itself (product null). */
  productIds: readonly number[];
  source: string | null;
  at: Date;
}

export interface JoinResult {
  /** False when the advocate had already joined. */
  created: boolean;
  links: { productId: number | null; code: string }[];
}

export async function joinCampaign(db: Database, join: JoinRequest): Promise<JoinResult> {
  const productKeys: (number | null)[] = join.productIds.length > 0 ? [...join.productIds] : [null];
  // A code collision (96 random bits) is astronomically rare; retrying is enough.
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const joined = await tx
          .insert(campaignJoins)
          .values({
            advocateId: join.advocateId,
            campaignId: join.campaignId,
            source: join.source,
            joinedAt: join.at,
          })
          .onConflictDoNothing()
          .returning({ advocateId: campaignJoins.advocateId });
        if (joined.length > 0) await recordJoinEvent(tx, join);
        // Also on a re-join: products added to the campaign since get their links now.
        await tx
          .insert(shareLinks)
          .values(
            productKeys.map((productId) => ({
              code: newShareCode(),
              advocateId: join.advocateId,
              campaignId: join.campaignId,
              productId,
              brandId: join.brandId,
              createdAt: join.at,
            })),
          )
          .onConflictDoNothing({
            target: [shareLinks.advocateId, shareLinks.campaignId, shareLinks.productId],
          });
        const ids = productKeys.filter((id): id is number => id !== null);
        const links = await tx
          .select({ productId: shareLinks.productId, code: shareLinks.code })
          .from(shareLinks)
          .where(
            and(
              eq(shareLinks.advocateId, join.advocateId),
              eq(shareLinks.campaignId, join.campaignId),
              ids.length > 0 ? inArray(shareLinks.productId, ids) : isNull(shareLinks.productId),
            ),
          )
          .orderBy(asc(shareLinks.productId));
        return { created: joined.length > 0, links };
      });
    } catch (err) {
      if (attempt >= 5 || !isUniqueViolation(err)) throw err;
    }
  }
}

/** Whether the advocate joined the campaign (attribution by affiliateId + campaignId). */
export async function hasJoined(
  db: Database,
  advocateId: number,
  campaignId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ advocateId: campaignJoins.advocateId })
    .from(campaignJoins)
    .where(and(eq(campaignJoins.advocateId, advocateId), eq(campaignJoins.campaignId, campaignId)))
    .limit(1);
  return row !== undefined;
}

/** The advocate's links of the campaign whose product_id `product` (a condition) accepts. */
const linksWhere = (advocateId: number, campaignId: number, product: SQL | undefined) =>
  and(eq(shareLinks.advocateId, advocateId), eq(shareLinks.campaignId, campaignId), product);

/** The advocate's link for (campaign, product), else their campaign-wide link: for attribution. */
export async function findLinkFor(
  db: Database,
  advocateId: number,
  campaignId: number,
  productId: number | null,
): Promise<{ id: number; productId: number | null } | undefined> {
  const rows = await db
    .select({ id: shareLinks.id, productId: shareLinks.productId })
    .from(shareLinks)
    .where(
      linksWhere(
        advocateId,
        campaignId,
        productId === null
          ? isNull(shareLinks.productId)
          : or(eq(shareLinks.productId, productId), isNull(shareLinks.productId)),
      ),
    )
    .limit(2);
  return rows.find((row) => row.productId === productId) ?? rows[0];
}

/**
 * The advocate's existing links for the campaign's current products (its campaign-wide link when
 * it has none), without joining; null when the advocate has not joined.
 */
export async function existingLinks(
  db: Database,
  advocateId: number,
  campaignId: number,
  productIds: readonly number[],
): Promise<{ productId: number | null; code: string }[] | null> {
  if (!(await hasJoined(db, advocateId, campaignId))) return null;
  return db
    .select({ productId: shareLinks.productId, code: shareLinks.code })
    .from(shareLinks)
    .where(
      linksWhere(
        advocateId,
        campaignId,
        productIds.length > 0
          ? inArray(shareLinks.productId, [...productIds])
          : isNull(shareLinks.productId),
      ),
    )
    .orderBy(asc(shareLinks.productId));
}

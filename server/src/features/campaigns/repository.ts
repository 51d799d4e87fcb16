// Campaigns and the products they promote. Deleting is soft (deleted_at): conversions and
// rewards will keep referring to old campaigns, so rows stay and every read filters them out.
import { campaignFields, recordCampaignAudit, type AuditActor } from '../audit/index.js';
import { and, asc, desc, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  brands,
  campaignProducts,
  campaigns,
  products,
  rewards,
  type CampaignStatus,
} from '../../db/schema.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { preparedPerDatabase } from '../../lib/prepared.js';
import { insertUpload, settleUploads, type StoredFile } from '../files/index.js';
import { newCampaignPublicId } from './public-id.js';
import type { CampaignProduct, CampaignWithBrand } from './view.js';

export type CampaignValues = Omit<
  typeof campaigns.$inferInsert,
  'id' | 'publicId' | 'brandId' | 'video' | 'createdAt' | 'updatedAt' | 'deletedAt'
>;

const live = isNull(campaigns.deletedAt);

function selectWithBrand(db: Database) {
  return db
    .select({ ...getTableColumns(campaigns), brandName: brands.brandName, ownerId: brands.ownerId })
    .from(campaigns)
    .innerJoin(brands, eq(brands.id, campaigns.brandId));
}

// Prepared: every conversion reads its campaign.
const campaignQuery = preparedPerDatabase((db) =>
  selectWithBrand(db)
    .where(and(eq(campaigns.id, sql.placeholder('id')), live))
    .limit(1)
    .prepare('find_campaign'),
);

export async function findCampaign(
  db: Database,
  id: number,
): Promise<CampaignWithBrand | undefined> {
  const [row] = await campaignQuery(db).execute({ id });
  return row;
}

export async function listBrandCampaigns(
  db: Database,
  brandId: number,
): Promise<CampaignWithBrand[]> {
  return selectWithBrand(db)
    .where(and(eq(campaigns.brandId, brandId), live))
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id));
}

/** Live campaigns of every brand in one status, newest first (campaign/list/). */
export async function listCampaignsByStatus(
  db: Database,
  status: CampaignStatus,
  limit: number,
): Promise<CampaignWithBrand[]> {
  return selectWithBrand(db)
    .where(and(eq(campaigns.status, status), live))
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
    .limit(limit);
}

/** The live products of each campaign, by product id (one query for any number of campaigns). */
export async function productsOfCampaigns(
  db: Database,
  campaignIds: readonly number[],
): Promise<Map<number, CampaignProduct[]>> {
  const byCampaign = new Map<number, CampaignProduct[]>();
  if (campaignIds.length === 0) return byCampaign;
  const rows = await db
    .select({
      campaignId: campaignProducts.campaignId,
      id: products.id,
      name: products.name,
      productUrl: products.productUrl,
    })
    .from(campaignProducts)
    .innerJoin(products, eq(products.id, campaignProducts.productId))
    .where(and(inArray(campaignProducts.campaignId, [...campaignIds]), isNull(products.deletedAt)))
    .orderBy(asc(products.id));
  for (const { campaignId, ...product } of rows) {
    const list = byCampaign.get(campaignId) ?? [];
    list.push(product);
    byCampaign.set(campaignId, list);
  }
  return byCampaign;
}

export interface CampaignCreation {
  brandId: number;
  values: CampaignValues;
  productIds: readonly number[];
  video: StoredFile | undefined;
  at: Date;
  /** Who creates it, for the audit log (written in the insert's transaction). */
  audit?: AuditActor;
}

/** Inserts a campaign with its products and video row; returns its id. */
export async function insertCampaign(db: Database, creation: CampaignCreation): Promise<number> {
  // A public id collision (40 random bits) is rare enough that retrying the whole insert is fine.
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        if (creation.video) await insertUpload(tx, creation.video, creation.at);
        const [row] = await tx
          .insert(campaigns)
          .values({
            ...creation.values,
            publicId: newCampaignPublicId(),
            brandId: creation.brandId,
            video: creation.video?.name ?? null,
            createdAt: creation.at,
            updatedAt: creation.at,
          })
          .returning({ id: campaigns.id });
        if (creation.productIds.length > 0) {
          await tx
            .insert(campaignProducts)
            .values(creation.productIds.map((productId) => ({ campaignId: row.id, productId })));
        }
        if (creation.audit)
          await recordCampaignAudit(tx, creation.audit, row.id, undefined, creation.at);
        await settleUploads(tx, { added: creation.video });
        return row.id;
      });
    } catch (err) {
      if (attempt >= 5 || !isUniqueViolation(err)) throw err;
    }
  }
}

export interface CampaignChange {
  values: Partial<CampaignValues>;
  /** Replaces the product list when given. */
  productIds: readonly number[] | undefined;
  /** Replaces the video when given. */
  video: StoredFile | undefined;
  at: Date;
  /** Who changes it, for the audit log (before and after, in the change's transaction). */
  audit?: AuditActor;
}

/** The video a live campaign refers to now (locking its row until the transaction ends). */
async function currentVideo(tx: Database, id: number): Promise<string | null | undefined> {
  const [row] = await tx
    .select({ video: campaigns.video })
    .from(campaigns)
    .where(and(eq(campaigns.id, id), live))
    .for('update');
  return row?.video;
}

/** Returns the files it released (a replaced video), to delete once it has committed. */
export async function updateCampaign(
  db: Database,
  id: number,
  change: CampaignChange,
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const before = change.audit ? await campaignFields(tx, id) : undefined;
    if (change.values.budgetLimit !== undefined) {
      // Only budgeted campaigns keep a running total of granted rewards
      // (conversions/repository.ts). Setting a budget recomputes it from the ledger: FOR UPDATE
      // first waits for conversions in flight (they hold FOR SHARE), then the sum, in a statement
      // of its own, sees their rewards.
      await tx
        .select({ id: campaigns.id })
        .from(campaigns)
        .where(eq(campaigns.id, id))
        .for('update');
      await tx
        .update(campaigns)
        .set({
          rewardsTotal: sql`(select coalesce(sum(${rewards.amount}), 0) from ${rewards} where ${rewards.campaignId} = ${id})`,
        })
        .where(eq(campaigns.id, id));
    }
    const replaced = change.video ? await currentVideo(tx, id) : undefined;
    if (change.video) await insertUpload(tx, change.video, change.at);
    await tx
      .update(campaigns)
      .set({
        ...change.values,
        ...(change.video ? { video: change.video.name } : {}),
        updatedAt: change.at,
      })
      .where(and(eq(campaigns.id, id), live));
    if (change.productIds) {
      // Links to soft-deleted products stay: they are history, and no read shows them.
      const keep = await tx
        .select({ productId: campaignProducts.productId })
        .from(campaignProducts)
        .innerJoin(products, eq(products.id, campaignProducts.productId))
        .where(and(eq(campaignProducts.campaignId, id), isNull(products.deletedAt)));
      const current = new Set(keep.map((row) => row.productId));
      const wanted = new Set(change.productIds);
      const removed = [...current].filter((productId) => !wanted.has(productId));
      const added = [...wanted].filter((productId) => !current.has(productId));
      if (removed.length > 0) {
        await tx
          .delete(campaignProducts)
          .where(
            and(eq(campaignProducts.campaignId, id), inArray(campaignProducts.productId, removed)),
          );
      }
      if (added.length > 0) {
        await tx
          .insert(campaignProducts)
          .values(added.map((productId) => ({ campaignId: id, productId })));
      }
    }
    if (change.audit && before) await recordCampaignAudit(tx, change.audit, id, before, change.at);
    return settleUploads(tx, { added: change.video, replaced: [replaced] });
  });
}

/**
 * Soft-deletes a campaign. Its video goes with it (no read shows a deleted campaign's video):
 * returns the released file, to delete once the transaction has committed.
 */
export async function softDeleteCampaign(
  db: Database,
  id: number,
  at: Date,
  audit?: AuditActor,
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const before = audit ? await campaignFields(tx, id) : undefined;
    const video = await currentVideo(tx, id);
    await tx
      .update(campaigns)
      .set({ deletedAt: at, video: null })
      .where(and(eq(campaigns.id, id), live));
    if (audit && before) await recordCampaignAudit(tx, audit, id, before, at);
    return settleUploads(tx, { replaced: [video] });
  });
}

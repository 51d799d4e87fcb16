import { and, asc, eq, ne } from 'drizzle-orm';
import { slugFromName } from 'contract/rules';
import type { Database } from '../../db/client.js';
import { brandMembers, brands, sessions, type BrandRow } from '../../db/schema.js';
import { insertUpload, settleUploads, type StoredFile } from '../files/index.js';
import { grantRole } from '../roles/index.js';
import { recordAudit, type AuditActor } from '../audit/index.js';
import { defaultGroup } from '../groups/index.js';

export type NewBrand = Omit<typeof brands.$inferInsert, 'id' | 'ownerId' | 'cacFile' | 'createdAt'>;

export interface BrandCreation {
  ownerId: number;
  /** The caller's session, whose active role becomes brand_owner. */
  sessionId: string;
  brand: NewBrand;
  cac: StoredFile | undefined;
  at: Date;
  /** Who creates it, for the audit log. */
  audit?: AuditActor;
}

/**
 * Creates the brand and, in the same transaction, records its document, makes the caller its
 * `owner` member, grants them the Brand Owner role and makes it the active role of the calling
 * session: either all of it happens or none.
 */
export async function createBrand(db: Database, creation: BrandCreation): Promise<BrandRow> {
  return db.transaction(async (tx) => {
    if (creation.cac) await insertUpload(tx, creation.cac, creation.at);
    const [brand] = await tx
      .insert(brands)
      .values({
        ...creation.brand,
        ownerId: creation.ownerId,
        cacFile: creation.cac?.name ?? null,
        createdAt: creation.at,
      })
      .returning();
    brand.slug = await assignSlug(tx, brand);
    await tx.insert(brandMembers).values({
      brandId: brand.id,
      userId: creation.ownerId,
      role: 'owner',
      joinedAt: creation.at,
    });
    // Every advocate of a brand is in one group: the default one until moved (features/groups).
    await defaultGroup(tx, brand.id, creation.at);
    if (creation.audit)
      await recordAudit(tx, creation.audit, {
        brandId: brand.id,
        action: 'brand.created',
        target: { kind: 'brand', id: brand.id, label: brand.brandName },
        after: {
          brand_name: brand.brandName,
          brand_type: brand.brandType,
          brand_size: brand.brandSize,
        },
        at: creation.at,
      });
    await grantRole(tx, creation.ownerId, 'brand_owner');
    await tx
      .update(sessions)
      .set({ activeRole: 'brand_owner' })
      .where(eq(sessions.id, creation.sessionId));
    await settleUploads(tx, { added: creation.cac });
    return brand;
  });
}

/**
 * Gives a new brand its program page slug, from its name: the name's slug when free, else with
 * -<id> appended, else brand-<id> (ids are unique, so the last is free unless a brand chose it).
 */
async function assignSlug(tx: Database, brand: BrandRow): Promise<string> {
  const base = slugFromName(brand.brandName);
  const candidates = base
    ? [base, `${base}-${brand.id}`, `brand-${brand.id}`]
    : [`brand-${brand.id}`, `brand-${brand.id}-${Date.now().toString(36)}`];
  for (const slug of candidates) {
    const [taken] = await tx
      .select({ id: brands.id })
      .from(brands)
      .where(and(eq(brands.slug, slug), ne(brands.id, brand.id)))
      .limit(1);
    if (taken) continue;
    await tx.update(brands).set({ slug }).where(eq(brands.id, brand.id));
    return slug;
  }
  throw new Error(`No free slug for brand ${brand.id}`);
}

/** The brands `userId` is a member of, or every brand when undefined (staff), oldest first. */
export async function listBrands(db: Database, userId: number | undefined): Promise<BrandRow[]> {
  if (userId === undefined) return db.select().from(brands).orderBy(asc(brands.id));
  const rows = await db
    .select({ brand: brands })
    .from(brands)
    .innerJoin(brandMembers, eq(brandMembers.brandId, brands.id))
    .where(eq(brandMembers.userId, userId))
    .orderBy(asc(brands.id));
  return rows.map((row) => row.brand);
}

import { asc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { brands, sessions, type BrandRow } from '../../db/schema.js';
import { insertUpload, type StoredFile } from '../files/index.js';
import { grantRole } from '../roles/index.js';

export type NewBrand = Omit<typeof brands.$inferInsert, 'id' | 'ownerId' | 'cacFile' | 'createdAt'>;

export interface BrandCreation {
  ownerId: number;
  /** The caller's session, whose active role becomes brand_owner. */
  sessionId: string;
  brand: NewBrand;
  cac: StoredFile | undefined;
  at: Date;
}

/**
 * Creates the brand and, in the same transaction, records its document, grants the owner the
 * Brand Owner role and makes it the active role of the calling session: either all of it
 * happens or none.
 */
export async function createBrand(db: Database, creation: BrandCreation): Promise<BrandRow> {
  return db.transaction(async (tx) => {
    if (creation.cac) await insertUpload(tx, creation.cac, creation.ownerId, creation.at);
    const [brand] = await tx
      .insert(brands)
      .values({
        ...creation.brand,
        ownerId: creation.ownerId,
        cacFile: creation.cac?.name ?? null,
        createdAt: creation.at,
      })
      .returning();
    await grantRole(tx, creation.ownerId, 'brand_owner');
    await tx
      .update(sessions)
      .set({ activeRole: 'brand_owner' })
      .where(eq(sessions.id, creation.sessionId));
    return brand;
  });
}

export async function findBrand(db: Database, id: number): Promise<BrandRow | undefined> {
  const [brand] = await db.select().from(brands).where(eq(brands.id, id)).limit(1);
  return brand;
}

/** One owner's brands, or every brand when `ownerId` is undefined (staff), oldest first. */
export async function listBrands(db: Database, ownerId: number | undefined): Promise<BrandRow[]> {
  const query = db.select().from(brands);
  return (ownerId === undefined ? query : query.where(eq(brands.ownerId, ownerId))).orderBy(
    asc(brands.id),
  );
}

/** The ids of one owner's brands, oldest first. */
export const brandIdsOwnedBy = async (db: Database, ownerId: number): Promise<number[]> =>
  (await listBrands(db, ownerId)).map((brand) => brand.id);

/**
 * The same list as a correlated subquery on an owner id column, so a caller already querying the
 * user (authentication) gets the brand ids in that one round trip.
 */
export function brandIdsOwnedBySql(ownerIdColumn: AnyColumn): SQL<number[]> {
  return sql<
    number[]
  >`coalesce((select array_agg(${brands.id} order by ${brands.id}) from ${brands} where ${brands.ownerId} = ${ownerIdColumn}), '{}'::int[])`;
}

// Products. Deleting is soft (deleted_at): the row stays for statistics and earnings, and every
// read here filters it out.
import { productFields, recordProductAudit, type AuditActor } from '../audit/index.js';
import { and, count, desc, eq, getTableColumns, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { brands, products, type ProductStatus } from '../../db/schema.js';
import type { ProductWithBrand } from './view.js';

export type ProductValues = Omit<
  typeof products.$inferInsert,
  'id' | 'brandId' | 'createdAt' | 'updatedAt' | 'deletedAt'
>;

const live = isNull(products.deletedAt);

function selectWithBrand(db: Database) {
  return db
    .select({ ...getTableColumns(products), brandName: brands.brandName, ownerId: brands.ownerId })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId));
}

/** A live product with its brand; undefined when missing or deleted. */
export async function findProduct(db: Database, id: number): Promise<ProductWithBrand | undefined> {
  const [row] = await selectWithBrand(db)
    .where(and(eq(products.id, id), live))
    .limit(1);
  return row;
}

/** A brand's live products, newest first, and how many match in all. */
export async function listBrandProducts(
  db: Database,
  brandId: number,
  filter: { status?: ProductStatus; limit: number },
): Promise<{ products: ProductWithBrand[]; count: number }> {
  const conditions: SQL[] = [eq(products.brandId, brandId), live];
  if (filter.status) conditions.push(eq(products.status, filter.status));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    selectWithBrand(db)
      .where(where)
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(filter.limit),
    db.select({ value: count() }).from(products).where(where),
  ]);
  return { products: rows, count: total.value };
}

/** With `audit`, each change is recorded in its own transaction (audit/catalog.ts). */
export async function insertProduct(
  db: Database,
  brandId: number,
  values: ProductValues,
  at: Date,
  audit?: AuditActor,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(products)
      .values({ ...values, brandId, createdAt: at, updatedAt: at })
      .returning({ id: products.id });
    if (audit) await recordProductAudit(tx, audit, row.id, undefined, at);
    return row.id;
  });
}

/**
 * Sets `changes` on the live product `id`; with `audit`, the change is recorded (its fields
 * before and after) in the same transaction.
 */
async function changeProduct(
  db: Database,
  id: number,
  changes: Partial<typeof products.$inferInsert>,
  at: Date,
  audit?: AuditActor,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = audit ? await productFields(tx, id) : undefined;
    await tx
      .update(products)
      .set(changes)
      .where(and(eq(products.id, id), live));
    if (audit && before) await recordProductAudit(tx, audit, id, before, at);
  });
}

export const updateProduct = (
  db: Database,
  id: number,
  values: Partial<ProductValues>,
  at: Date,
  audit?: AuditActor,
): Promise<void> => changeProduct(db, id, { ...values, updatedAt: at }, at, audit);

export const softDeleteProduct = (
  db: Database,
  id: number,
  at: Date,
  audit?: AuditActor,
): Promise<void> => changeProduct(db, id, { deletedAt: at }, at, audit);

/** Which of `ids` are live products of `brandId` (campaigns may only promote their own). */
export async function brandProductIds(
  db: Database,
  brandId: number,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.brandId, brandId), inArray(products.id, [...ids]), live));
  return new Set(rows.map((row) => row.id));
}

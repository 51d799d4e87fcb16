// An advocate's payout methods. At most one is the default (a partial unique index); the first
// one added becomes it, and removing the default hands it to the oldest remaining method.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { payoutMethods, type PayoutMethodRow, type PayoutMethodType } from '../../db/schema.js';

export interface PayoutMethodValues {
  type: PayoutMethodType;
  paypalEmail: string | null;
  accountHolder: string | null;
  bankName: string | null;
  accountNumber: string | null;
  bankCode: string | null;
  bankCountry: string | null;
}

export const listMethods = (db: Database, advocateId: number) =>
  db
    .select()
    .from(payoutMethods)
    .where(eq(payoutMethods.advocateId, advocateId))
    .orderBy(asc(payoutMethods.id));

export async function findMethod(
  db: Database,
  advocateId: number,
  id: number,
): Promise<PayoutMethodRow | undefined> {
  const [row] = await db
    .select()
    .from(payoutMethods)
    .where(and(eq(payoutMethods.id, id), eq(payoutMethods.advocateId, advocateId)));
  return row;
}

/** Serializes one advocate's default changes (the partial unique index would refuse a race). */
const lockAdvocate = (tx: Pick<Database, 'execute'>, advocateId: number) =>
  tx.execute(sql`select id from users where id = ${advocateId}::integer for update`);

export async function addMethod(
  db: Database,
  advocateId: number,
  values: PayoutMethodValues,
  makeDefault: boolean,
  now: Date,
): Promise<PayoutMethodRow> {
  return db.transaction(async (tx) => {
    await lockAdvocate(tx, advocateId);
    const [current] = await tx
      .select({ id: payoutMethods.id })
      .from(payoutMethods)
      .where(and(eq(payoutMethods.advocateId, advocateId), eq(payoutMethods.isDefault, true)));
    const isDefault = makeDefault || !current;
    if (isDefault && current)
      await tx
        .update(payoutMethods)
        .set({ isDefault: false })
        .where(eq(payoutMethods.id, current.id));
    const [row] = await tx
      .insert(payoutMethods)
      .values({ advocateId, ...values, isDefault, createdAt: now, updatedAt: now })
      .returning();
    return row;
  });
}

export async function updateMethod(
  db: Database,
  advocateId: number,
  id: number,
  values: PayoutMethodValues,
  makeDefault: boolean,
  now: Date,
): Promise<PayoutMethodRow | undefined> {
  return db.transaction(async (tx) => {
    await lockAdvocate(tx, advocateId);
    if (makeDefault)
      await tx
        .update(payoutMethods)
        .set({ isDefault: false })
        .where(and(eq(payoutMethods.advocateId, advocateId), eq(payoutMethods.isDefault, true)));
    const [row] = await tx
      .update(payoutMethods)
      .set({ ...values, ...(makeDefault ? { isDefault: true } : {}), updatedAt: now })
      .where(and(eq(payoutMethods.id, id), eq(payoutMethods.advocateId, advocateId)))
      .returning();
    return row;
  });
}

export async function makeDefaultMethod(
  db: Database,
  advocateId: number,
  id: number,
  now: Date,
): Promise<PayoutMethodRow | undefined> {
  return db.transaction(async (tx) => {
    await lockAdvocate(tx, advocateId);
    const [target] = await tx
      .select({ id: payoutMethods.id })
      .from(payoutMethods)
      .where(and(eq(payoutMethods.id, id), eq(payoutMethods.advocateId, advocateId)));
    if (!target) return undefined;
    await tx
      .update(payoutMethods)
      .set({ isDefault: false })
      .where(and(eq(payoutMethods.advocateId, advocateId), eq(payoutMethods.isDefault, true)));
    const [row] = await tx
      .update(payoutMethods)
      .set({ isDefault: true, updatedAt: now })
      .where(eq(payoutMethods.id, id))
      .returning();
    return row;
  });
}

export async function removeMethod(db: Database, advocateId: number, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockAdvocate(tx, advocateId);
    const [removed] = await tx
      .delete(payoutMethods)
      .where(and(eq(payoutMethods.id, id), eq(payoutMethods.advocateId, advocateId)))
      .returning();
    if (!removed) return false;
    if (removed.isDefault) {
      const [next] = await tx
        .select({ id: payoutMethods.id })
        .from(payoutMethods)
        .where(eq(payoutMethods.advocateId, advocateId))
        .orderBy(asc(payoutMethods.id))
        .limit(1);
      if (next)
        await tx
          .update(payoutMethods)
          .set({ isDefault: true })
          .where(eq(payoutMethods.id, next.id));
    }
    return true;
  });
}

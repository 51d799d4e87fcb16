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
  /** Keyed hash of where the money goes (features/fraud): finds one account under two advocates. */
  fingerprint?: string | null;
}

export const listMethods = (db: Database, advocateId: number) =>
  db
    .select()
    .from(payoutMethods)
    .where(eq(payoutMethods.advocateId, advocateId))
    .orderBy(asc(payoutMethods.id));

/** The method `id` of the advocate. */
const ofAdvocate = (advocateId: number, id: number) =>
  and(eq(payoutMethods.id, id), eq(payoutMethods.advocateId, advocateId));

/** The advocate's default method. */
const defaultOf = (advocateId: number) =>
  and(eq(payoutMethods.advocateId, advocateId), eq(payoutMethods.isDefault, true));

export async function findMethod(
  db: Database,
  advocateId: number,
  id: number,
): Promise<PayoutMethodRow | undefined> {
  const [row] = await db.select().from(payoutMethods).where(ofAdvocate(advocateId, id));
  return row;
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Runs `work` in a transaction holding the advocate's lock, which serializes their default
 * changes (the partial unique index would refuse a race).
 */
const lockingAdvocate = <T>(
  db: Database,
  advocateId: number,
  work: (tx: Transaction) => Promise<T>,
) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`select id from users where id = ${advocateId}::integer for update`);
    return work(tx);
  });

/** The advocate has no default method any more (the caller then names one). */
const clearDefault = (tx: Transaction, advocateId: number) =>
  tx.update(payoutMethods).set({ isDefault: false }).where(defaultOf(advocateId));

export async function addMethod(
  db: Database,
  advocateId: number,
  values: PayoutMethodValues,
  makeDefault: boolean,
  now: Date,
): Promise<PayoutMethodRow> {
  return lockingAdvocate(db, advocateId, async (tx) => {
    const [current] = await tx
      .select({ id: payoutMethods.id })
      .from(payoutMethods)
      .where(defaultOf(advocateId));
    const isDefault = makeDefault || !current;
    if (isDefault && current) await clearDefault(tx, advocateId);
    const [row] = await tx
      .insert(payoutMethods)
      .values({ advocateId, ...values, isDefault, createdAt: now, updatedAt: now })
      .returning();
    return row;
  });
}

/**
 * Sets `values` on the advocate's method `id`, and with `makeDefault` makes it their default;
 * undefined when they have no such method.
 */
export async function updateMethod(
  db: Database,
  advocateId: number,
  id: number,
  values: Partial<PayoutMethodValues>,
  makeDefault: boolean,
  now: Date,
): Promise<PayoutMethodRow | undefined> {
  return lockingAdvocate(db, advocateId, async (tx) => {
    if (makeDefault) {
      const [target] = await tx
        .select({ id: payoutMethods.id })
        .from(payoutMethods)
        .where(ofAdvocate(advocateId, id));
      if (!target) return undefined;
      await clearDefault(tx, advocateId);
    }
    const [row] = await tx
      .update(payoutMethods)
      .set({ ...values, ...(makeDefault ? { isDefault: true } : {}), updatedAt: now })
      .where(ofAdvocate(advocateId, id))
      .returning();
    return row;
  });
}

export const makeDefaultMethod = (db: Database, advocateId: number, id: number, now: Date) =>
  updateMethod(db, advocateId, id, {}, true, now);

export async function removeMethod(db: Database, advocateId: number, id: number): Promise<boolean> {
  return lockingAdvocate(db, advocateId, async (tx) => {
    const [removed] = await tx.delete(payoutMethods).where(ofAdvocate(advocateId, id)).returning();
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

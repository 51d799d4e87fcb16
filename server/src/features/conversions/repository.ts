// Recording a conversion and its ledger entry, idempotent on (brand_id, conversion_ref).
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { conversions, rewards, type ConversionRow } from '../../db/schema.js';
import { fromCents, grantFromBudget } from './rewards.js';

export type NewConversion = Omit<typeof conversions.$inferInsert, 'id' | 'rewardAmount'>;

/** Thrown inside the transaction to roll back the budget grant of a duplicate. */
class DuplicateConversion extends Error {}

/**
 * Inserts the conversion and its reward entry, the reward granted from the campaign's budget.
 * Returns the new row, or undefined when (brand, conversionRef) already exists: then nothing is
 * written (INSERT … ON CONFLICT DO NOTHING finds the winner, even one committing concurrently,
 * and the transaction rolls back, returning its grant to the budget).
 */
export async function insertConversion(
  db: Database,
  conversion: NewConversion,
  wantedCents: bigint,
): Promise<ConversionRow | undefined> {
  try {
    return await db.transaction(async (tx) => {
      const granted = await grantFromBudget(tx, conversion.campaignId, wantedCents);
      const [row] = await tx
        .insert(conversions)
        .values({ ...conversion, rewardAmount: fromCents(granted) })
        .onConflictDoNothing({ target: [conversions.brandId, conversions.conversionRef] })
        .returning();
      if (!row) throw new DuplicateConversion();
      await tx.insert(rewards).values({
        advocateId: row.advocateId,
        conversionId: row.id,
        campaignId: row.campaignId,
        brandId: row.brandId,
        amount: row.rewardAmount,
        status: row.status === 'pending' ? 'pending' : 'approved',
        createdAt: row.createdAt,
      });
      return row;
    });
  } catch (err) {
    if (err instanceof DuplicateConversion) return undefined;
    throw err;
  }
}

export async function findConversionByRef(db: Database, brandId: number, conversionRef: string): Promise<ConversionRow | undefined> {
  const [row] = await db
    .select()
    .from(conversions)
    .where(and(eq(conversions.brandId, brandId), eq(conversions.conversionRef, conversionRef)))
    .limit(1);
  return row;
}

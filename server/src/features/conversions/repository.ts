// Recording a conversion and its ledger entry, idempotent on (brand_id, conversion_ref).
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { campaigns, conversions, rewards, type ConversionRow } from '../../db/schema.js';
import { fromCents, grantFromBudget } from './rewards.js';

export type NewConversion = Omit<typeof conversions.$inferInsert, 'id' | 'rewardAmount'>;

/** Thrown inside the transaction to roll back the budget grant of a duplicate. */
class DuplicateConversion extends Error {}
/** The campaign got a budget_limit after we read it: redo the conversion on the capped path. */
class BudgetAppeared extends Error {}

/**
 * Inserts the conversion and its reward entry. `capped` (the campaign has a budget_limit): the
 * reward is granted from the remaining budget. Uncapped campaigns keep no running total, so
 * their conversions never wait on each other (the campaign's total is recomputed from the
 * ledger when a budget is set).
 * Returns the new row, or undefined when (brand, conversionRef) already exists: then nothing is
 * written (INSERT … ON CONFLICT DO NOTHING finds the winner, even one committing concurrently,
 * and the transaction rolls back, returning its grant to the budget).
 */
export async function insertConversion(
  db: Database,
  conversion: NewConversion,
  wantedCents: bigint,
  capped: boolean,
): Promise<ConversionRow | undefined> {
  try {
    return await db.transaction(async (tx) => {
      let granted = wantedCents;
      if (capped) {
        // Budgeted: grants serialize on the campaign row (lock held to commit, fsync included).
        granted = await grantFromBudget(tx, conversion.campaignId, wantedCents);
      } else {
        // No cap: nothing to serialize on. FOR SHARE (compatible with other conversions) only
        // keeps a concurrent "set budget_limit" waiting until this commits, so the running total
        // it recomputes (campaigns/repository.ts) includes this reward.
        const [campaign] = await tx
          .select({ budgetLimit: campaigns.budgetLimit })
          .from(campaigns)
          .where(eq(campaigns.id, conversion.campaignId))
          .for('share');
        if (campaign && campaign.budgetLimit !== null) throw new BudgetAppeared();
      }
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
    if (err instanceof BudgetAppeared) return insertConversion(db, conversion, wantedCents, true);
    throw err;
  }
}

export async function findConversionByRef(
  db: Database,
  brandId: number,
  conversionRef: string,
): Promise<ConversionRow | undefined> {
  const [row] = await db
    .select()
    .from(conversions)
    .where(and(eq(conversions.brandId, brandId), eq(conversions.conversionRef, conversionRef)))
    .limit(1);
  return row;
}

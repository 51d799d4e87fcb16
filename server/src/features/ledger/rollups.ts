// A conversion leaving the counted set (rejected or refunded) leaves every statistic in the same
// transaction: this is the one place the ledger tells the statistics rollups about it.
import { adjustConversionRollups } from '../rollups/index.js';
import type { Tx } from '../../lib/sql.js';

/**
 * Call inside the transaction that rejected or refunded `conversionIds`, with only conversions
 * that counted before (pending or approved), so each leaves the rollups exactly once.
 */
export async function conversionsLeftCountedSet(
  tx: Tx,
  conversionIds: readonly number[],
): Promise<void> {
  await adjustConversionRollups(tx, conversionIds, -1);
}

/** The reverse, for rejected conversions reopened (they count again, once). */
export async function conversionsBackInCountedSet(
  tx: Tx,
  conversionIds: readonly number[],
): Promise<void> {
  await adjustConversionRollups(tx, conversionIds, 1);
}

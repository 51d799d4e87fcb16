// Reward amounts in integer cents (no binary floating point on money), and the budget grant.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { CommissionType } from '../../db/schema.js';

export const toCents = (amount: number): bigint => BigInt(Math.round(amount * 100));
export const fromCents = (cents: bigint): number => Number(cents) / 100;
const centsText = (cents: bigint): string => {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
};

/** The campaign's rule applied to a conversion value: a percentage (rounded half up to the cent) or a flat amount. */
export function ruleReward(
  rule: { commissionType: CommissionType; commissionValue: number },
  value: number,
): bigint {
  if (rule.commissionType === 'flat') return toCents(rule.commissionValue);
  // value in cents × percentage in hundredths of a percent / 10000, rounded half up; BigInt
  // because 10^12 cents × 10^4 exceeds 2^53.
  const product = toCents(value) * toCents(rule.commissionValue);
  return (product + 5000n) / 10000n;
}

type Executor = Pick<Database, 'execute'>;

function firstRow(result: unknown): Record<string, unknown> | undefined {
  const rows = (result as { rows?: unknown }).rows;
  return Array.isArray(rows) && rows.length > 0 ? (rows[0] as Record<string, unknown>) : undefined;
}

/**
 * Grants up to `wanted` cents from the campaign's budget and returns what was granted: all of
 * it without a budget_limit, else at most what remains (0 once exhausted). One statement: the
 * CTE locks the campaign row (FOR UPDATE waits for a concurrent grant to commit and then reads
 * its total), the UPDATE adds the grant to the running total. Must run inside the transaction
 * that records the conversion, so a rolled-back conversion gives its grant back.
 */
export async function grantFromBudget(
  tx: Executor,
  campaignId: number,
  wanted: bigint,
): Promise<bigint> {
  if (wanted <= 0n) return 0n;
  const want = centsText(wanted);
  const result = await tx.execute(sql`
    with cur as (
      select id, least(${want}::numeric, greatest(coalesce(budget_limit - rewards_total, ${want}::numeric), 0)) as granted
      from campaigns where id = ${campaignId} for update
    )
    update campaigns c set rewards_total = c.rewards_total + cur.granted
    from cur where c.id = cur.id
    returning cur.granted::text as granted`);
  const granted = firstRow(result)?.granted;
  return typeof granted === 'string' ? toCents(Number(granted)) : 0n;
}

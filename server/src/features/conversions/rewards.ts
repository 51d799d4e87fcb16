// Reward amounts in integer cents (no binary floating point on money).
import type { CommissionType } from '../../db/schema.js';

export const toCents = (amount: number): bigint => BigInt(Math.round(amount * 100));
export const fromCents = (cents: bigint): number => Number(cents) / 100;
/** Cents as a numeric literal for SQL ("12.30"), exact at any size. */
export const centsText = (cents: bigint): string => {
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

// Billing providers' amounts: integers in the currency's minor unit (contract currencyDecimals),
// converted to the thousandths the ledger's numeric(15,3) columns and money maths keep.
import { currencyDecimals, fromMills, millsPerMinorUnit } from 'contract';

/** An amount in minor units → thousandths: exact for every currency (KWD 12345 → 12.345). */
export function minorToMills(minor: number | bigint, currency: string): bigint {
  const amount = typeof minor === 'bigint' ? minor : BigInt(Math.trunc(minor));
  return amount * millsPerMinorUnit(currency);
}

/** Thousandths → minor units of `currency` (the inverse of minorToMills). */
export const millsToMinor = (mills: bigint, currency: string): bigint =>
  mills / millsPerMinorUnit(currency);

/**
 * A decimal string as some providers send amounts ("10.00", "999", "12.345") → minor units of
 * `currency`; undefined when it is not a plain non-negative decimal with at most the currency's
 * decimals.
 */
export function minorUnits(decimal: string, currency: string): number | undefined {
  const places = currencyDecimals(currency);
  const match = /^(\d+)(?:\.(\d+))?$/.exec(decimal.trim());
  if (!match) return undefined;
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > places) return undefined;
  const minor = Number(`${match[1]}${fraction.padEnd(places, '0')}`);
  return Number.isSafeInteger(minor) ? minor : undefined;
}

/** Thousandths → the number the API and the ledger take. */
export const millsToAmount = (mills: bigint): number => fromMills(mills);

/** Whether `currency` is a three-letter code (providers send ISO 4217 codes, often lower-case). */
export const isCurrencyCode = (currency: unknown): currency is string =>
  typeof currency === 'string' && /^[A-Za-z]{3}$/.test(currency);

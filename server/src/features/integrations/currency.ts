// Billing providers' amounts: integers in the currency's minor unit (contract currencyDecimals),
// converted to the hundredths the ledger's numeric(12,2) columns keep.
import { currencyDecimals } from 'contract';

/**
 * An amount in minor units → hundredths. Zero- and two-decimal currencies are exact; a
 * three-decimal currency's last digit is below what the ledger keeps, so it is rounded half up.
 */
export function minorToCents(minor: number | bigint, currency: string): bigint {
  const amount = typeof minor === 'bigint' ? minor : BigInt(Math.trunc(minor));
  switch (currencyDecimals(currency)) {
    case 0:
      return amount * 100n;
    case 3:
      return (amount + (amount >= 0n ? 5n : -5n)) / 10n;
    default:
      return amount;
  }
}

/** Hundredths → minor units of `currency` (the inverse of minorToCents, exact for 0 and 2 decimals). */
export function centsToMinor(cents: bigint, currency: string): bigint {
  switch (currencyDecimals(currency)) {
    case 0:
      return cents / 100n;
    case 3:
      return cents * 10n;
    default:
      return cents;
  }
}

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

/** Hundredths → the number the API and the ledger take (exact: at most 2 decimals). */
export const centsToAmount = (cents: bigint): number => Number(cents) / 100;

/** Whether `currency` is a three-letter code (providers send ISO 4217 codes, often lower-case). */
export const isCurrencyCode = (currency: unknown): currency is string =>
  typeof currency === 'string' && /^[A-Za-z]{3}$/.test(currency);

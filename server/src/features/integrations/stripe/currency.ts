// Stripe amounts are integers in the currency's minor unit, with Stripe's exponent for it
// (docs.stripe.com/currencies: "zero-decimal" and "three-decimal" currencies; every other
// currency has two). Stripe's table, not ISO 4217's, is the one that matters here: ISK, for one,
// has no minor unit in ISO 4217 but Stripe sends it with two decimals.
const ZERO_DECIMAL = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'JPY',
  'KMF',
  'KRW',
  'MGA',
  'PYG',
  'RWF',
  'UGX',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);
const THREE_DECIMAL = new Set(['BHD', 'JOD', 'KWD', 'OMR', 'TND']);

/** How many decimals Stripe's integer amounts of `currency` (any case) have. */
export function stripeExponent(currency: string): 0 | 2 | 3 {
  const code = currency.toUpperCase();
  if (ZERO_DECIMAL.has(code)) return 0;
  if (THREE_DECIMAL.has(code)) return 3;
  return 2;
}

/**
 * A Stripe amount in minor units → the amount in hundredths (the ledger's numeric(12,2) unit).
 * Zero- and two-decimal currencies are exact; a three-decimal currency's last digit is below
 * what the ledger keeps, so it is rounded half up (1.2345 KWD is never sent: 1.235 → 1.24).
 */
export function stripeToCents(minor: number, currency: string): bigint {
  const amount = BigInt(Math.trunc(minor));
  switch (stripeExponent(currency)) {
    case 0:
      return amount * 100n;
    case 3:
      return (amount + (amount >= 0n ? 5n : -5n)) / 10n;
    default:
      return amount;
  }
}

/** Hundredths → the number the API and the ledger take (exact: at most 2 decimals). */
export const centsToAmount = (cents: bigint): number => Number(cents) / 100;

/** Whether `currency` is a three-letter code (Stripe sends ISO 4217 codes, lower-case). */
export const isCurrencyCode = (currency: unknown): currency is string =>
  typeof currency === 'string' && /^[A-Za-z]{3}$/.test(currency);

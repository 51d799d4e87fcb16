// How many decimals each currency's amounts have: the one table the server (rewards rounded to
// the currency's minor unit, provider amounts read) and the screens (money formatting) share.
// Stripe's table (docs.stripe.com/currencies), which billing providers follow: ISO 4217 with ISK
// and HUF kept at two decimals, as providers send them.
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
const THREE_DECIMAL = new Set(['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND']);

/** Decimals of `currency`'s minor unit (any case): 0 (JPY), 3 (KWD) or 2 (every other). */
export function currencyDecimals(currency: string): 0 | 2 | 3 {
  const code = currency.toUpperCase();
  if (ZERO_DECIMAL.has(code)) return 0;
  if (THREE_DECIMAL.has(code)) return 3;
  return 2;
}

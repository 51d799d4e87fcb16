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

// Money maths: every amount as whole thousandths of its unit (bigint "mills"), the finest minor
// unit of any currency (KWD's fils), so sums, shares and refunds are exact in every currency and
// the database's numeric(15,3) columns take them as they are. Rounding happens once, to the
// currency's own minor unit, where a rule makes a new amount (a reward).

/** Thousandths per unit. */
export const MILLS_PER_UNIT = 1000n;

/** Thousandths per minor unit of `currency`: 1000 for JPY, 10 for USD, 1 for KWD. */
export const millsPerMinorUnit = (currency: string): bigint =>
  10n ** BigInt(3 - currencyDecimals(currency));

/** `n / d` (d > 0) rounded half up, away from zero for a negative `n` (as a refund mirrors a sale). */
export function divideHalfUp(n: bigint, d: bigint): bigint {
  const abs = n < 0n ? -n : n;
  const q = (abs * 2n + d) / (2n * d);
  return n < 0n ? -q : q;
}

const DECIMAL = /^(-)?(\d+)(?:\.(\d*))?$/;

/**
 * An amount → whole thousandths: decimal text as the database returns it ("12.345", "-0.50")
 * exactly, a number to its nearest thousandth (its binary noise gone: 19.99 * 3 → 59970), and
 * anything finer than a thousandth rounded half up.
 */
export function toMills(amount: number | string): bigint {
  if (typeof amount === 'number') {
    if (!Number.isFinite(amount)) throw new RangeError(`not an amount: ${amount}`);
    const mills = Math.round(Math.abs(amount) * 1000);
    return BigInt(amount < 0 ? -mills : mills);
  }
  const match = DECIMAL.exec(amount.trim());
  if (!match) return toMills(Number(amount));
  const fraction = match[3] ?? '';
  const scaled = BigInt(match[2] + fraction.padEnd(3, '0').slice(0, 3));
  const rest = fraction.slice(3);
  // Beyond the third decimal: half up on the next digit (any digits after it only add).
  const mills = rest !== '' && rest[0] >= '5' ? scaled + 1n : scaled;
  return match[1] ? -mills : mills;
}

/** Thousandths as decimal text with all three decimals ("12.345", "-0.500"): exact at any size. */
export function millsText(mills: bigint): string {
  const abs = mills < 0n ? -mills : mills;
  const sign = mills < 0n ? '-' : '';
  return `${sign}${abs / MILLS_PER_UNIT}.${String(abs % MILLS_PER_UNIT).padStart(3, '0')}`;
}

/** Thousandths → the number the API replies with (the nearest double to the exact decimal). */
export const fromMills = (mills: bigint): number => Number(millsText(mills));

/** Thousandths rounded half up to `currency`'s minor unit: JPY 99.900 → 100, USD 1.225 → 1.23. */
export function roundToMinorUnit(mills: bigint, currency: string): bigint {
  const unit = millsPerMinorUnit(currency);
  return divideHalfUp(mills, unit) * unit;
}

/**
 * Whether a number is whole thousandths, binary floating point noise tolerated (19.99 * 3 is
 * 59.97): the noise of `amount * 1000` is a few units in its last place, which grows with its
 * size, so the tolerance does too (still far below half a thousandth within LIMITS.moneyMax).
 */
export function isWholeMills(amount: number): boolean {
  if (!Number.isFinite(amount)) return false;
  const scaled = amount * 1000;
  const noise = Math.max(1e-6, Math.abs(scaled) * Number.EPSILON * 8);
  return Math.abs(Math.round(scaled) - scaled) <= noise;
}

/** Whether `amount` is whole minor units of `currency` (JPY 100, USD 12.30, KWD 12.345). */
export const isWholeMinorUnits = (amount: number | string, currency: string): boolean =>
  (typeof amount === 'string' || isWholeMills(amount)) &&
  toMills(amount) % millsPerMinorUnit(currency) === 0n;

/**
 * An amount as text with exactly `currency`'s decimals ('12.50' USD, '100' JPY, '12.345' KWD),
 * exact (no binary floating point); a finer amount is rounded half up to the minor unit.
 */
export function moneyText(amount: number | string, currency: string): string {
  const text = millsText(roundToMinorUnit(toMills(amount), currency));
  const decimals = currencyDecimals(currency);
  // The rounded text's last 3 - decimals digits are zeros; JPY drops its decimal point too.
  return text.slice(0, text.length - (decimals === 0 ? 4 : 3 - decimals));
}

/** Why `amount` is refused in `currency` (finer than its minor unit: JPY 99.5, USD 1.005), else null. */
export function minorUnitProblem(amount: number | string, currency: string): string | null {
  if (isWholeMinorUnits(amount, currency)) return null;
  const decimals = currencyDecimals(currency);
  return decimals === 0
    ? `must be a whole amount in ${currency.toUpperCase()} (it has no decimals)`
    : `must have at most ${decimals} decimals in ${currency.toUpperCase()}`;
}

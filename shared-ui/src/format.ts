import { currencyDecimals } from 'contract/currency';

/**
 * One formatter per currency, made on first use: making an Intl.NumberFormat costs far more than
 * formatting with it, and a table or chart formats dozens of amounts per render.
 */
const moneyFormats = new Map<string, Intl.NumberFormat | null>();

function moneyFormat(currency: string): Intl.NumberFormat | null {
  let format = moneyFormats.get(currency);
  if (format === undefined) {
    try {
      // The currency's own minor unit (contract/currency: JPY 0, KWD 3, most 2), as the server
      // rounds rewards to it.
      const digits = currencyDecimals(currency);
      format = new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency,
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      });
    } catch {
      // Unknown ISO code from data (remembered as such): shown as code and amount instead.
      format = null;
    }
    moneyFormats.set(currency, format);
  }
  return format;
}

/**
 * `formatMoney(1234.5)` → '$1,234.50', `formatMoney(100, 'JPY')` → '¥100', `formatMoney(12.345,
 * 'KWD')` → 'KWD 12.345': each currency with its minor unit's decimals. Accepts the decimal
 * strings the API returns.
 */
export function formatMoney(amount: number | string, currency = 'USD'): string {
  const value = typeof amount === 'string' ? Number(amount) : amount;
  if (!Number.isFinite(value)) return '—';
  // Rather than breaking the page, an unknown code still shows the amount.
  return (
    moneyFormat(currency)?.format(value) ?? `${currency} ${value.toFixed(currencyDecimals(currency))}`
  );
}

/** Amounts in several currencies, one after another: money is never added across currencies. */
export function formatAmounts(amounts: readonly { amount: number | string; currency: string }[]) {
  return amounts.length === 0
    ? formatMoney(0)
    : amounts.map((a) => formatMoney(a.amount, a.currency)).join(' · ');
}

const axisNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const axisThousands = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const axisWholeThousands = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Chart value-axis label: '$950', '$1.2K', '$12K' (K from 1000 up, per the product spec). */
export function formatMoneyAxis(value: number): string {
  if (!Number.isFinite(value)) return '';
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  if (abs < 1000) return `${sign}$${axisNumber.format(abs)}`;
  const thousands = abs / 1000;
  const formatter = thousands < 10 ? axisThousands : axisWholeThousands;
  return `${sign}$${formatter.format(thousands)}K`;
}

/** `padId(7, 4)` → '0007' (PID); `padId(42, 6)` → '000042' (AID). */
export function padId(id: number | string, digits: number): string {
  return String(id).padStart(digits, '0');
}

// Dates: dates.ts, the product's one date style.

/** Keeps the first `maxLength` characters and appends '…' when anything was cut. */
export function truncate(text: string | null | undefined, maxLength: number): string {
  if (!text) return '';
  // Array.from counts code points, so an emoji is never split in half.
  const chars = Array.from(text);
  if (chars.length <= maxLength) return text;
  return `${chars.slice(0, maxLength).join('').trimEnd()}…`;
}

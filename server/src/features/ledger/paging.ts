// Paging and the day filters of the money lists.
import { sql, type SQL } from 'drizzle-orm';
import { fieldError } from '../../lib/http-error.js';

export interface Paging {
  page: number;
  perPage: number;
}

export const paging = (
  page: number | undefined,
  perPage: number | undefined,
  fallback: number,
): Paging => ({
  page: page ?? 1,
  perPage: perPage ?? fallback,
});

export const pageMeta = (total: number, p: Paging) => ({
  total,
  page: p.page,
  pages: Math.max(1, Math.ceil(total / p.perPage)),
});

export const NOT_A_DAY = 'must be a calendar day (YYYY-MM-DD) from 1970 to 9999';

/** A 400 naming the field unless `day` (already YYYY-MM-DD in form) is a real calendar day. */
function checkDay(field: string, day: string | undefined): void {
  if (day === undefined) return;
  const time = Date.parse(`${day}T00:00:00Z`);
  const year = Number(day.slice(0, 4));
  if (Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== day || year < 1970)
    throw fieldError(field, NOT_A_DAY);
}

/** `column` within the UTC days since..until, both inclusive; nothing when neither is given. */
export function dayRange(column: SQL, since: string | undefined, until: string | undefined): SQL[] {
  checkDay('since', since);
  checkDay('until', until);
  const where: SQL[] = [];
  if (since) where.push(sql`${column} >= ${`${since}T00:00:00Z`}::timestamptz`);
  if (until) where.push(sql`${column} < ${`${until}T00:00:00Z`}::timestamptz + interval '1 day'`);
  return where;
}

/** Sums of cents per currency, sorted by currency: amounts are never added across currencies. */
export function totalsByCurrency(rows: readonly { currency: string; amount: string | number }[]) {
  const cents = new Map<string, bigint>();
  for (const row of rows) {
    const value = BigInt(Math.round(Number(row.amount) * 100));
    cents.set(row.currency, (cents.get(row.currency) ?? 0n) + value);
  }
  return [...cents.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, value]) => ({ currency, amount: Number(value) / 100 }));
}

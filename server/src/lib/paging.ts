// Paged lists (`page`, `per_page` in, `meta: { total, page, pages }` out) and their day filters.
import { sql, type SQL } from 'drizzle-orm';
import { fieldError } from './http-error.js';
import { rowsOf, type Tx } from './sql.js';

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

/**
 * The meta of the statistics lists: pageMeta's figures, but `pages` is 0 for an empty list, plus
 * per_page and the rows on this page.
 */
export const listMeta = (total: number, p: Paging, count: number) => ({
  total,
  page: p.page,
  pages: Math.ceil(total / p.perPage),
  per_page: p.perPage,
  count,
});

/** The `limit … offset …` of one page (a bigint offset: a far page is empty, not an error). */
export const pageWindow = (p: Paging): SQL =>
  sql`limit ${p.perPage}::integer offset ${(p.page - 1) * p.perPage}::bigint`;

/**
 * One page of `select …, count(*) over () as total …` and the list's total. A page past the end
 * has no row to carry the total, so `count` (a `select count(*) as n …` of the same rows) gives it.
 */
export async function pagedRows<R extends { total: string | number }>(
  db: Tx,
  select: SQL,
  count: SQL,
  page: Paging,
): Promise<{ rows: R[]; total: number }> {
  const rows = await rowsOf<R>(db, sql`${select} ${pageWindow(page)}`);
  let total = rows.length > 0 ? Number(rows[0].total) : 0;
  if (rows.length === 0 && page.page > 1) {
    const [counted] = await rowsOf<{ n: string }>(db, count);
    total = Number(counted?.n ?? 0);
  }
  return { rows, total };
}

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

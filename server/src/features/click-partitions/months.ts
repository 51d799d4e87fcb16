// Calendar months in UTC, as the clicks table's partitions cut them: partition clicks_YYYY_MM holds
// the clicks from the first instant of that month (UTC) up to, not including, the next month's.

/** A month as its first instant in UTC (ms since the epoch). */
export type MonthStart = number;

/** The month `instant` falls in. */
export function monthOf(instant: Date): MonthStart {
  return Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth(), 1);
}

/** The month `months` after `month` (negative: before). */
export function addMonths(month: MonthStart, months: number): MonthStart {
  const d = new Date(month);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1);
}

const two = (n: number) => String(n).padStart(2, '0');

/** The partition's table name: clicks_2026_11. */
export function partitionName(month: MonthStart): string {
  const d = new Date(month);
  return `clicks_${d.getUTCFullYear()}_${two(d.getUTCMonth() + 1)}`;
}

/** The month a partition name stands for; undefined for another table (clicks_default). */
export function monthOfPartition(name: string): MonthStart | undefined {
  const match = /^clicks_(\d{4})_(\d{2})$/.exec(name);
  if (!match) return undefined;
  const month = Number(match[2]);
  return month >= 1 && month <= 12 ? Date.UTC(Number(match[1]), month - 1, 1) : undefined;
}

/** A month's first instant as an SQL timestamptz literal ('2026-11-01 00:00:00+00'). */
export function monthLiteral(month: MonthStart): string {
  const d = new Date(month);
  return `'${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-01 00:00:00+00'`;
}

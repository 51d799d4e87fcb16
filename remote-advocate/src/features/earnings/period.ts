/** Advocate periods: 7 and 30 days, 3, 6 and 12 months, or everything since 1 January 2020. */
export const PERIODS = [
  { value: '7d', label: 'Last 7 Days' },
  { value: '30d', label: 'Last 30 Days' },
  { value: '3m', label: 'Last 3 Months' },
  { value: '6m', label: 'Last 6 Months' },
  { value: '1y', label: 'Last 1 Year' },
  { value: 'all', label: 'All Time' },
] as const;
export type Period = (typeof PERIODS)[number]['value'];

const day = (d: Date) => d.toISOString().slice(0, 10);

/** The first UTC day of `period` ending today (`now`). */
export function sinceOf(period: Period, now: Date): string {
  if (period === 'all') return '2020-01-01';
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  if (period === '7d') start.setUTCDate(start.getUTCDate() - 6);
  else if (period === '30d') start.setUTCDate(start.getUTCDate() - 29);
  else start.setUTCMonth(start.getUTCMonth() - (period === '3m' ? 3 : period === '6m' ? 6 : 12));
  return day(start);
}

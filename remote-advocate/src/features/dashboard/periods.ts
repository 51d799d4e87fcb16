/** The dashboard's periods. 'all' begins on 1 January 2020. */
export const ADVOCATE_PERIODS = [
  { value: '7d', label: 'Last 7 Days' },
  { value: '30d', label: 'Last 30 Days' },
  { value: '3m', label: 'Last 3 Months' },
  { value: '6m', label: 'Last 6 Months' },
  { value: '1y', label: 'Last 1 Year' },
  { value: 'all', label: 'All Time' },
] as const;
export type AdvocatePeriod = (typeof ADVOCATE_PERIODS)[number]['value'];
export const DEFAULT_ADVOCATE_PERIOD: AdvocatePeriod = '30d';
export const ALL_TIME_SINCE = '2020-01-01';

export interface DayRange {
  /** YYYY-MM-DD, both days included. */
  since: string;
  until: string;
}

/** A local calendar day as YYYY-MM-DD. */
export function isoDay(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

function addDays(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
}

/** Back `months` calendar months (31 March less one month is the last day of February). */
function minusMonths(date: Date, months: number): Date {
  const target = new Date(date.getFullYear(), date.getMonth() - months, 1);
  const lastDay = new Date(target.getFullYear(), target.getMonth() + 1, 0).getDate();
  return new Date(target.getFullYear(), target.getMonth(), Math.min(date.getDate(), lastDay));
}

/** The days of `period` ending today (the viewer's today). */
export function periodRange(period: AdvocatePeriod, today: Date): DayRange {
  const until = isoDay(today);
  switch (period) {
    case '7d':
      return { since: isoDay(addDays(today, -6)), until };
    case '30d':
      return { since: isoDay(addDays(today, -29)), until };
    case '3m':
      return { since: isoDay(addDays(minusMonths(today, 3), 1)), until };
    case '6m':
      return { since: isoDay(addDays(minusMonths(today, 6), 1)), until };
    case '1y':
      return { since: isoDay(addDays(minusMonths(today, 12), 1)), until };
    case 'all':
      return { since: ALL_TIME_SINCE, until };
  }
}

function parseDay(day: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d);
}

/** The period of the same length just before `range`. */
export function previousRange(range: DayRange): DayRange {
  const since = parseDay(range.since);
  const length = Math.round((parseDay(range.until).getTime() - since.getTime()) / 86_400_000) + 1;
  const until = addDays(since, -1);
  return { since: isoDay(addDays(until, -(length - 1))), until: isoDay(until) };
}

// Query values every statistics call reads the same way.
import { fieldError } from '../../lib/http-error.js';
import { addDays, checkTimeZone, dayRange, isCalendarDay, lastDays, localDay, type DayRange } from './time.js';

export { checkTimeZone };

/** The currency asked for (upper-cased), else the scope's main currency. */
export const currencyOf = (asked: string | undefined, main: string): string =>
  asked ? asked.toUpperCase() : main;

/** Longest since–until range (days): 'all' from 2020 fits. */
const MAX_RANGE_DAYS = 4000;

/**
 * since/until (YYYY-MM-DD, the caller's days, both included) as a day range; without them the
 * last `defaultDays` days. 400 naming the parameter when a day is not a date or the range is
 * backwards or too long.
 */
export function sinceUntil(
  tz: string,
  since: string | undefined,
  until: string | undefined,
  nowMs: number,
  defaultDays: number,
): DayRange {
  for (const [name, value] of [
    ['since', since],
    ['until', until],
  ] as const) {
    if (value !== undefined && !isCalendarDay(value)) throw fieldError(name, 'must be a real date (YYYY-MM-DD)');
  }
  if (since === undefined && until === undefined) return lastDays(tz, defaultDays, nowMs);
  const last = until ?? localDay(tz, nowMs);
  const first = since ?? addDays(last, 1 - defaultDays);
  if (first > last) throw fieldError('since', 'must not be after until');
  if (Date.parse(last) - Date.parse(first) > MAX_RANGE_DAYS * 86_400_000)
    throw fieldError('since', `the range may span at most ${MAX_RANGE_DAYS} days`);
  return dayRange(tz, first, last);
}

/** since/until as UTC bounds only (lists without a series): open ends stay open. */
export function boundsOf(
  tz: string,
  since: string | undefined,
  until: string | undefined,
): { start: number; end: number } {
  for (const [name, value] of [
    ['since', since],
    ['until', until],
  ] as const) {
    if (value !== undefined && !isCalendarDay(value)) throw fieldError(name, 'must be a real date (YYYY-MM-DD)');
  }
  if (since !== undefined && until !== undefined && since > until)
    throw fieldError('since', 'must not be after until');
  const start = since === undefined ? 0 : dayRange(tz, since, since).start;
  // Open end: far enough in the future for any stored event.
  const end = until === undefined ? Date.UTC(9999, 0, 1) : dayRange(tz, until, until).end;
  return { start, end };
}

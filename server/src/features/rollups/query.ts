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
  const { first, last } = sinceUntilDays(tz, since, until, nowMs, defaultDays);
  return first === undefined || last === undefined ? lastDays(tz, defaultDays, nowMs) : dayRange(tz, first, last);
}

/**
 * The same range as sinceUntil, as UTC bounds only: a list over years of days (since=2020-01-01)
 * then costs two day computations, not one per day.
 */
export function sinceUntilBounds(
  tz: string,
  since: string | undefined,
  until: string | undefined,
  nowMs: number,
  defaultDays: number,
): { start: number; end: number } {
  const today = localDay(tz, nowMs);
  const { first = addDays(today, 1 - defaultDays), last = today } = sinceUntilDays(tz, since, until, nowMs, defaultDays);
  return { start: dayRange(tz, first, first).start, end: dayRange(tz, last, last).end };
}

/** The checked first and last day of since/until (both undefined: the default range). */
function sinceUntilDays(
  tz: string,
  since: string | undefined,
  until: string | undefined,
  nowMs: number,
  defaultDays: number,
): { first?: string; last?: string } {
  for (const [name, value] of [
    ['since', since],
    ['until', until],
  ] as const) {
    if (value !== undefined && !isCalendarDay(value)) throw fieldError(name, 'must be a real date (YYYY-MM-DD)');
  }
  if (since === undefined && until === undefined) return {};
  const last = until ?? localDay(tz, nowMs);
  const first = since ?? addDays(last, 1 - defaultDays);
  if (first > last) throw fieldError('since', 'must not be after until');
  if (Date.parse(last) - Date.parse(first) > MAX_RANGE_DAYS * 86_400_000)
    throw fieldError('since', `the range may span at most ${MAX_RANGE_DAYS} days`);
  return { first, last };
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

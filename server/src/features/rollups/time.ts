// The caller's days in UTC hours. Rollups are kept per UTC hour (and per UTC day), so a day of any
// zone whose offset is a whole number of hours is an exact set of hours. In a zone with a
// half-hour offset (India, +05:30) a day starts at the whole UTC hour before local midnight,
// i.e. half an hour early (+05:45: a quarter of an hour early).
import { fieldError } from '../../lib/http-error.js';

export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(tz, f);
  }
  return f;
}

/** The zone's canonical name, or a 400 naming `field` when the zone is unknown. */
export function checkTimeZone(tz: string | undefined, field = 'tz'): string {
  const name = tz ?? 'UTC';
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    throw fieldError(field, `unknown time zone '${name}' (use an IANA name such as Europe/Paris)`);
  }
}

function wallClock(tz: string, utcMs: number) {
  const parts: Record<string, number> = {};
  for (const part of formatter(tz).formatToParts(new Date(utcMs))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return parts as { year: number; month: number; day: number; hour: number; minute: number; second: number };
}

/** The zone's offset from UTC at `utcMs`, in ms. */
function offsetMs(tz: string, utcMs: number): number {
  const w = wallClock(tz, utcMs);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(utcMs / 1000) * 1000;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The caller's calendar day (YYYY-MM-DD) at `utcMs`. */
export function localDay(tz: string, utcMs: number): string {
  const w = wallClock(tz, utcMs);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

/** `day` plus `n` days (calendar arithmetic on the date alone). */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d + n));
  return `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/** Whether `day` is a real calendar date (2025-02-30 is not). */
export function isCalendarDay(day: string): boolean {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

/** When the caller's `day` starts, in UTC ms, floored to the whole hour (see the top of the file). */
export function dayStartUtc(tz: string, day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d);
  let t = guess - offsetMs(tz, guess);
  t = guess - offsetMs(tz, t);
  return Math.floor(t / HOUR_MS) * HOUR_MS;
}

/** A run of the caller's days: their names, and the UTC hour each starts at (plus the end). */
export interface DayRange {
  tz: string;
  days: string[];
  /** starts[i] = first hour of days[i]; starts[days.length] = the end of the range. */
  starts: number[];
  start: number;
  end: number;
}

const hourFormatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's wall clock at `utcMs` as 'HH:MM': one cheap format() call. */
function localTime(tz: string, utcMs: number): string {
  let f = hourFormatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: tz, hourCycle: 'h23', hour: '2-digit', minute: '2-digit' });
    hourFormatters.set(tz, f);
  }
  return f.format(new Date(utcMs));
}

export function dayRange(tz: string, since: string, until: string): DayRange {
  const days: string[] = [];
  for (let day = since; day <= until; day = addDays(day, 1)) days.push(day);
  // Each next day starts 24 hours after the previous one, give or take a clock change: read the
  // local hour there and step back or forward by it (one format per day; a range of years of
  // days stays cheap). Zones whose days do not start on a whole hour are computed day by day.
  const starts = [dayStartUtc(tz, since)];
  for (let i = 1; i <= days.length; i++) {
    const candidate = starts[i - 1]! + DAY_MS;
    const hour = Number(localTime(tz, candidate).slice(0, 2));
    const next =
      hour === 0 ? candidate : hour >= 12 ? candidate + (24 - hour) * HOUR_MS : candidate - hour * HOUR_MS;
    starts.push(localTime(tz, next) === '00:00' ? next : dayStartUtc(tz, addDays(since, i)));
  }
  return { tz, days, starts, start: starts[0]!, end: starts[starts.length - 1]! };
}

/** The last `count` days of the caller up to today (included). */
export function lastDays(tz: string, count: number, nowMs: number): DayRange {
  const today = localDay(tz, nowMs);
  return dayRange(tz, addDays(today, 1 - count), today);
}

/** The day of `range` that contains the hour `utcMs`, as an index (-1 outside). */
export function dayIndexOf(range: DayRange, utcMs: number): number {
  const { starts } = range;
  if (utcMs < starts[0]! || utcMs >= starts[starts.length - 1]!) return -1;
  let lo = 0;
  let hi = starts.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= utcMs) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Whether every day of the range is a whole UTC day (then daily rows give each day). */
export const alignedToUtcDays = (range: DayRange): boolean =>
  range.starts.every((t) => t % DAY_MS === 0);

export interface Segment {
  grain: 'h' | 'd' | 'm';
  from: number;
  to: number;
  /** -1: rows to subtract (a month row's part outside the range); sums only, never sketches. */
  sign: 1 | -1;
}

/** The start of the UTC month containing `ms`, or the next one when `next` and `ms` is inside it. */
function utcMonth(ms: number, next: boolean): number {
  const d = new Date(ms);
  const start = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  return next && start < ms ? Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) : start;
}

/** [from, to) as hours at the edges and whole UTC days between, each with `sign`. */
function daysAndHours(from: number, to: number, sign: 1 | -1): Segment[] {
  const firstDay = Math.ceil(from / DAY_MS) * DAY_MS;
  const lastDay = Math.floor(to / DAY_MS) * DAY_MS;
  if (firstDay >= lastDay) return from < to ? [{ grain: 'h', from, to, sign }] : [];
  const out: Segment[] = [];
  if (from < firstDay) out.push({ grain: 'h', from, to: firstDay, sign });
  out.push({ grain: 'd', from: firstDay, to: lastDay, sign });
  if (lastDay < to) out.push({ grain: 'h', from: lastDay, to, sign });
  return out;
}

/**
 * [start, end) as whole UTC days in the middle and hours at the edges: the fewest rollup rows.
 * With `months`, whole UTC months inside the days are read as month rows (brand totals and
 * advocate totals keep them; see maintain.ts).
 */
export function segmentsOf(start: number, end: number, months = false): Segment[] {
  const firstMonth = utcMonth(Math.ceil(start / DAY_MS) * DAY_MS, true);
  const lastMonth = utcMonth(Math.floor(end / DAY_MS) * DAY_MS, false);
  if (!months || firstMonth >= lastMonth) return daysAndHours(start, end, 1);
  return [
    ...daysAndHours(start, firstMonth, 1),
    { grain: 'm', from: firstMonth, to: lastMonth, sign: 1 },
    ...daysAndHours(lastMonth, end, 1),
  ];
}

/**
 * What reading some segments costs, in day rows: an hour has far fewer rows than a day, and
 * nothing has happened from `now` on.
 */
function readCost(segments: readonly Segment[], now: number): number {
  let cost = 0;
  for (const s of segments) {
    const to = Math.min(s.to, now);
    if (s.grain === 'm') cost += 1;
    else if (to > s.from) cost += (to - s.from) / (s.grain === 'd' ? DAY_MS : HOUR_MS * 6);
  }
  return cost;
}

/**
 * The segments of a sum over [start, end) where month rows may be subtracted from: each UTC
 * month the range covers in part is read either as the days and hours it covers, or as its
 * month row minus the days and hours it does not cover, whichever reads fewer rows (`now`: from
 * then on the rollups are empty, so reading there costs nothing). The last N days up to today
 * then read the current month as one row and at most about half of the month before as days.
 * Only for figures that are sums (counts, money), in scopes that keep month rows.
 */
export function subtractingSegmentsOf(start: number, end: number, now = Infinity): Segment[] {
  if (start >= end) return [];
  const nextMonth = (month: number) => utcMonth(month + DAY_MS * 31, false);
  /** The part [from, to) of `month`: its days and hours, or the month less the rest. */
  const partOf = (month: number, from: number, to: number): Segment[] => {
    const inside = daysAndHours(from, to, 1);
    const outside: Segment[] = [
      { grain: 'm', from: month, to: nextMonth(month), sign: 1 },
      ...daysAndHours(month, from, -1),
      ...daysAndHours(to, nextMonth(month), -1),
    ];
    return readCost(outside, now) < readCost(inside, now) ? outside : inside;
  };
  // Whole months in the middle (one range, however many: 'all time' is 1970 to 9999), the
  // first and the last month as they are covered.
  const firstMonth = utcMonth(start, false);
  const endMonth = utcMonth(end, true);
  if (nextMonth(firstMonth) === endMonth) return partOf(firstMonth, start, end);
  const wholeFrom = start === firstMonth ? firstMonth : nextMonth(firstMonth);
  const wholeTo = end === endMonth ? endMonth : utcMonth(end, false);
  const out: Segment[] = [
    ...(start === firstMonth ? [] : partOf(firstMonth, start, wholeFrom)),
    ...(wholeFrom < wholeTo ? [{ grain: 'm' as const, from: wholeFrom, to: wholeTo, sign: 1 as const }] : []),
    ...(end === endMonth ? [] : partOf(wholeTo, wholeTo, end)),
  ];
  // Adjacent segments of one grain and sign as one index range.
  const merged: Segment[] = [];
  for (const s of out.sort((a, b) => a.sign - b.sign || a.grain.localeCompare(b.grain) || a.from - b.from)) {
    const last = merged[merged.length - 1];
    if (last && last.grain === s.grain && last.sign === s.sign && last.to === s.from) last.to = s.to;
    else merged.push({ ...s });
  }
  return merged;
}

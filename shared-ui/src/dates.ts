// The product's one way of writing dates (issue 35: "Nov 27, 2026", "November 27th, 2026" and
// "27 Nov" all appeared): a day is 'Nov 27, 2026'; where a log needs the moment, the same day and
// its time, 'Nov 27, 2026, 2:05 PM'; chart ticks and ranges within one view drop the year,
// 'Nov 27'; a month is 'November 2026'. Every screen formats through these, so they cannot drift.
// The platform's Intl does them all: a date library would add its whole formatter to every page,
// because federation cannot tree-shake this shared package.

export type DateInput = Date | string | number;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A Date, or null when unreadable. */
export function toDate(input: DateInput | null | undefined): Date | null {
  if (input === null || input === undefined || input === '') return null;
  // A date-only string means that calendar day here; `new Date('2025-03-01')` would be UTC
  // midnight and show as 28 February west of Greenwich.
  const dateOnly = typeof input === 'string' ? DATE_ONLY.exec(input) : null;
  const parsed = dateOnly
    ? new Date(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3]))
    : new Date(input);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

/** What a date that is absent or cannot be read shows. */
export const NO_DATE = '—';

const DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const MOMENT = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const MOMENT_SECONDS = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
});
const TIME = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const SHORT_DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
const MONTH = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' });
const MONTH_UTC = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

const using =
  (format: Intl.DateTimeFormat) =>
  (input: DateInput | null | undefined): string => {
    const date = toDate(input);
    return date ? format.format(date) : NO_DATE;
  };

/** 'Nov 27, 2026'; '—' when absent or unreadable. */
export const formatDate = using(DAY);

/**
 * 'Nov 27, 2026, 2:05 PM' (with `seconds`, '2:05:09 PM': a delivery log tells attempts apart);
 * '—' when absent or unreadable.
 */
export function formatDateTime(
  input: DateInput | null | undefined,
  { seconds = false }: { seconds?: boolean } = {},
): string {
  return using(seconds ? MOMENT_SECONDS : MOMENT)(input);
}

/** '2:05 PM', for a moment of today ('Last updated'). */
export const formatTime = using(TIME);

/** 'Nov 27': chart ticks and ranges whose year the view already gives. */
export const formatShortDay = using(SHORT_DAY);

/** 'November 2026'. The ledger dates its entries in UTC: `utc` reads the month there. */
export function formatMonth(
  input: DateInput | null | undefined,
  { utc = false }: { utc?: boolean } = {},
): string {
  return using(utc ? MONTH_UTC : MONTH)(input);
}

import { formatDate, formatDateTime, formatMonth, formatShortDay, formatTime } from './dates';

// One date style across the product (issue 35): never 'November 27th, 2026' nor '27 Nov'.
describe('dates', () => {
  it("writes a day as 'Nov 27, 2026', a date-only value as that calendar day", () => {
    expect(formatDate('2025-03-01')).toBe('Mar 1, 2025');
    expect(formatDate(new Date(2026, 10, 27, 23, 59))).toBe('Nov 27, 2026');
    expect(formatDate(new Date(2024, 4, 3).getTime())).toBe('May 3, 2024');
  });

  it('writes a moment as the same day and its time, with seconds where a log needs them', () => {
    const at = new Date(2026, 10, 27, 14, 5, 9);
    expect(formatDateTime(at)).toBe('Nov 27, 2026, 2:05 PM');
    expect(formatDateTime(at, { seconds: true })).toBe('Nov 27, 2026, 2:05:09 PM');
    expect(formatTime(at)).toBe('2:05 PM');
  });

  it("drops the year only for ticks and ranges ('Nov 27'); a month is 'November 2026'", () => {
    expect(formatShortDay('2026-11-27')).toBe('Nov 27');
    expect(formatMonth('2030-03-31T23:30:00Z', { utc: true })).toBe('March 2030');
    expect(formatMonth(new Date(2026, 10, 1))).toBe('November 2026');
  });

  it('shows a dash for a date that is absent or cannot be read', () => {
    for (const missing of [null, undefined, '', 'garbage'])
      for (const format of [formatDate, formatDateTime, formatTime, formatShortDay, formatMonth])
        expect(format(missing)).toBe('—');
  });
});

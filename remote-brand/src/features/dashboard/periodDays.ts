/** YYYY-MM-DD of a local calendar day (the browser's zone is the zone the dashboard asks in). */
function isoDay(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

/**
 * The last `days` days up to and including today, as the stats call counts its period
 * (docs/metrics.md, "Time"), so the payments beside the cards are the same days' sales.
 */
export function lastDays(days: number, today: Date): { since: string; until: string } {
  const first = new Date(today.getFullYear(), today.getMonth(), today.getDate() - (days - 1));
  return { since: isoDay(first), until: isoDay(today) };
}

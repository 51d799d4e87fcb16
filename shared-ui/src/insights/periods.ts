/** The insights timeframes: days asked of the stats calls, and their labels. */
export const INSIGHTS_TIMEFRAMES = [
  { days: 7, label: 'Last 7d' },
  { days: 30, label: 'Last 30d' },
  { days: 90, label: 'Last 90d' },
  { days: 365, label: 'Annually' },
] as const;
export type InsightsDays = (typeof INSIGHTS_TIMEFRAMES)[number]['days'];
export const DEFAULT_INSIGHTS_DAYS: InsightsDays = 30;

/** What the top platforms table ranks by. */
export const PLATFORM_METRICS = [
  { value: 'revenue', label: 'Revenue' },
  { value: 'conversions', label: 'Conversions' },
  { value: 'views', label: 'Views' },
  { value: 'clicks', label: 'Clicks' },
] as const;
export type PlatformMetric = (typeof PLATFORM_METRICS)[number]['value'];
export const DEFAULT_PLATFORM_METRIC: PlatformMetric = 'revenue';
/** Rows of the top platforms table. */
export const PLATFORMS_LIMIT = 5;

/** The browser's IANA zone, so "today" and each day of a series are the viewer's days. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

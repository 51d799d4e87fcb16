/**
 * shared-ui/insights: the analytics widgets both workspaces draw (the brand's and the advocate's
 * insights, the dashboards and the brand profile panel), their selectors and fetch pacing. A
 * shared entry of its own, like shared-ui/charts, because it draws charts: screens without them
 * never download chart.js. It reaches the other entries by package name, so a page keeps one
 * copy of each component.
 */
/// <reference path="../styled.d.ts" />
export { InsightsWidgets, otherCurrencies, sourceParts } from './InsightsWidgets';
export type { InsightsAudience, InsightsWidgetsProps } from './InsightsWidgets';
export type { InsightsStats } from './types';
export { RevenueTrend } from './RevenueTrend';
export type { RevenueTrendProps, SeriesPoint } from './RevenueTrend';
export { SourcesDoughnut, SOURCE_LABELS } from './SourcesDoughnut';
export type { SourcesDoughnutProps } from './SourcesDoughnut';
export { TopAdvocatesTable, TopPlatformsTable } from './TopTables';
export type { TopAdvocateRow, TopPlatformRow } from './TopTables';
export { StatGrid, PanelRow, TableRow } from './StatGrid';
export { TimeframeSelect, PlatformMetricSelect, BrandSelect, ControlBar } from './Controls';
export type { BrandOption } from './Controls';
export {
  INSIGHTS_TIMEFRAMES,
  DEFAULT_INSIGHTS_DAYS,
  PLATFORM_METRICS,
  DEFAULT_PLATFORM_METRIC,
  PLATFORMS_LIMIT,
  browserTimeZone,
} from './periods';
export type { InsightsDays, PlatformMetric } from './periods';
export { useThrottledArgs, useThrottledQuery, ANALYTICS_THROTTLE_MS } from './useThrottledArgs';
export type { ThrottledArgs } from './useThrottledArgs';
export { formatChange, formatCount, formatPercent, formatDay, percentChange } from './format';
export type { ChangeText } from './format';
export { LoadingAnalytics } from './LoadingAnalytics';
export { InsightsScreen } from './InsightsScreen';
export type { InsightsArgs, InsightsScreenProps } from './InsightsScreen';

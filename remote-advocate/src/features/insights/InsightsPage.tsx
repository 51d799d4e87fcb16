import { useMemo, useState } from 'react';
import { Button, ErrorBanner, PageHeader } from 'shared-ui';
import {
  BrandSelect,
  ControlBar,
  DEFAULT_INSIGHTS_DAYS,
  DEFAULT_PLATFORM_METRIC,
  InsightsWidgets,
  LoadingAnalytics,
  PLATFORMS_LIMIT,
  PlatformMetricSelect,
  TimeframeSelect,
  browserTimeZone,
  useThrottledQuery,
  type InsightsDays,
  type PlatformMetric,
} from 'shared-ui/insights';
import { ALL_TIME_SINCE, isoDay, useGetPerformanceQuery } from '../dashboard';
import { useGetMyStatsQuery, type MeStatsArgs } from './meStatsApi';

/** The brands the advocate has promoted: from their all-time performance by brand. */
function useMyBrands(tz: string) {
  const until = useMemo(() => isoDay(new Date()), []);
  const performance = useGetPerformanceQuery({
    since: ALL_TIME_SINCE,
    until,
    timeseries: false,
    tz,
  });
  const brands = useMemo(
    () =>
      (performance.data?.breakdown_by_brand ?? []).map((b) => ({
        id: b.brand_id,
        name: b.brand_name,
      })),
    [performance.data],
  );
  // The brand list only narrows the figures: without it the page still shows every brand.
  return { brands, ready: !performance.isLoading };
}

function useStatsOnceReady(args: MeStatsArgs | null) {
  return useGetMyStatsQuery(args ?? SKIPPED, { skip: args === null });
}
const SKIPPED: MeStatsArgs = {
  brandId: null,
  days: 30,
  platformsMetric: 'revenue',
  platformsLimit: PLATFORMS_LIMIT,
  tz: 'UTC',
};

/** /advocate/insights: the brand insights widgets on the advocate's own figures. */
export function InsightsPage() {
  const [tz] = useState(browserTimeZone);
  const { brands, ready } = useMyBrands(tz);
  const [days, setDays] = useState<InsightsDays>(DEFAULT_INSIGHTS_DAYS);
  const [metric, setMetric] = useState<PlatformMetric>(DEFAULT_PLATFORM_METRIC);
  const [picked, setPicked] = useState<number | null | undefined>(undefined);
  const brandId = picked !== undefined ? picked : brands.length === 1 ? brands[0].id : null;

  const stats = useThrottledQuery(
    useStatsOnceReady,
    ready ? { brandId, days, platformsMetric: metric, platformsLimit: PLATFORMS_LIMIT, tz } : null,
  );
  const data = stats.currentData;

  return (
    <>
      <PageHeader
        title="Insights"
        subtitle="Your revenue, visits and best platforms."
        actions={
          <ControlBar>
            <BrandSelect brands={brands} value={brandId} onChange={setPicked} />
            <TimeframeSelect value={days} onChange={setDays} />
            <Button
              type="button"
              variant="secondary"
              onClick={stats.refresh}
              disabled={stats.isFetching}
            >
              Refresh
            </Button>
          </ControlBar>
        }
      />
      {stats.isError ? (
        <ErrorBanner message="Failed to fetch stats" onRetry={stats.refresh} />
      ) : !data ? (
        <LoadingAnalytics />
      ) : (
        <InsightsWidgets
          stats={data}
          platformControls={<PlatformMetricSelect value={metric} onChange={setMetric} />}
        />
      )}
    </>
  );
}

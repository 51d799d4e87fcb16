import { useState } from 'react';
import { useListBrandsQuery } from 'shared-api/catalog';
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
import { useGetBrandStatsQuery, type BrandStatsArgs } from './brandStatsApi';

/** The query waits (null) until the brands are known, so a single brand is asked for directly. */
function useStatsOnceReady(args: BrandStatsArgs | null) {
  return useGetBrandStatsQuery(args ?? SKIPPED, { skip: args === null });
}
const SKIPPED: BrandStatsArgs = { brandId: null, days: 30, timeseries: false, tz: 'UTC' };

/** /brand/insights: the analytics of one brand or of all the owner's brands. */
export function InsightsPage() {
  const brands = useListBrandsQuery();
  const [days, setDays] = useState<InsightsDays>(DEFAULT_INSIGHTS_DAYS);
  const [metric, setMetric] = useState<PlatformMetric>(DEFAULT_PLATFORM_METRIC);
  // undefined until the owner picks: a user with exactly one brand has it preselected.
  const [picked, setPicked] = useState<number | null | undefined>(undefined);
  const list = brands.data ?? [];
  const brandId = picked !== undefined ? picked : list.length === 1 ? list[0].id : null;
  const ready = !brands.isLoading;

  const stats = useThrottledQuery(
    useStatsOnceReady,
    ready
      ? {
          brandId,
          days,
          timeseries: true,
          platformsMetric: metric,
          platformsLimit: PLATFORMS_LIMIT,
          tz: browserTimeZone(),
        }
      : null,
  );

  const data = stats.currentData;
  return (
    <>
      <PageHeader
        title="Insights"
        subtitle="Revenue, visits and your best advocates and platforms."
        actions={
          <ControlBar>
            <BrandSelect
              brands={list.map((b) => ({ id: b.id, name: b.brand_name }))}
              value={brandId}
              onChange={setPicked}
            />
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
        <ErrorBanner message="Failed to fetch brand stats" onRetry={stats.refresh} />
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

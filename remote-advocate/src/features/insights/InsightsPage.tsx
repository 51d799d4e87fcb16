import { useMemo } from 'react';
import { InsightsScreen, PLATFORMS_LIMIT, type InsightsArgs } from 'shared-ui/insights';
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

function useStatsOnceReady(args: InsightsArgs | null) {
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
  return (
    <InsightsScreen
      subtitle="The sales you brought, your earnings, visits and best platforms."
      errorMessage="Failed to fetch stats"
      audience="advocate"
      useBrands={useMyBrands}
      useStats={useStatsOnceReady}
    />
  );
}

import { useMemo } from 'react';
import { useListBrandsQuery } from 'shared-api/catalog';
import { InsightsScreen, type InsightsArgs } from 'shared-ui/insights';
import { useGetBrandStatsQuery, type BrandStatsArgs } from './brandStatsApi';

/** The owner's brands, to narrow the figures to one of them. */
function useOwnBrands() {
  const brands = useListBrandsQuery();
  const options = useMemo(
    () => (brands.data ?? []).map((b) => ({ id: b.id, name: b.brand_name })),
    [brands.data],
  );
  return { brands: options, ready: !brands.isLoading };
}

function useStatsOnceReady(args: InsightsArgs | null) {
  return useGetBrandStatsQuery(args ? { ...args, timeseries: true } : SKIPPED, {
    skip: args === null,
  });
}
const SKIPPED: BrandStatsArgs = { brandId: null, days: 30, timeseries: false, tz: 'UTC' };

/** /brand/insights: the analytics of one brand or of all the owner's brands. */
export function InsightsPage() {
  return (
    <InsightsScreen
      subtitle="Revenue, visits and your best advocates and platforms."
      errorMessage="Failed to fetch brand stats"
      useBrands={useOwnBrands}
      useStats={useStatsOnceReady}
    />
  );
}

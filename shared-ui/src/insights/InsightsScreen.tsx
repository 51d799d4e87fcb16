import { useState, type ReactNode } from 'react';
import { Button, ErrorBanner, PageHeader } from 'shared-ui';
import { BrandSelect, ControlBar, PlatformMetricSelect, TimeframeSelect } from './Controls';
import type { BrandOption } from './Controls';
import { InsightsWidgets, type InsightsAudience } from './InsightsWidgets';
import { LoadingAnalytics } from './LoadingAnalytics';
import {
  DEFAULT_INSIGHTS_DAYS,
  DEFAULT_PLATFORM_METRIC,
  PLATFORMS_LIMIT,
  browserTimeZone,
  type InsightsDays,
  type PlatformMetric,
} from './periods';
import type { InsightsStats } from './types';
import { useThrottledQuery } from './useThrottledArgs';

/** What the insights controls ask for; each workspace adds what its own stats call needs. */
export interface InsightsArgs {
  /** null: every brand. */
  brandId: number | null;
  days: InsightsDays;
  platformsMetric: PlatformMetric;
  platformsLimit: number;
  tz: string;
}

interface InsightsQueryResult {
  currentData?: InsightsStats;
  isFetching: boolean;
  isError: boolean;
  refetch: () => unknown;
}

export interface InsightsScreenProps {
  subtitle: ReactNode;
  /** The error banner's text when the figures fail to load. */
  errorMessage: string;
  /** The brands to choose from, and whether the list has loaded (the figures wait for it). */
  useBrands: (tz: string) => { brands: BrandOption[]; ready: boolean };
  /** The workspace's stats query; null arguments: skip until the brands are known. */
  useStats: (args: InsightsArgs | null) => InsightsQueryResult;
  /** Whose figures these are (InsightsWidgets). Default 'brand'. */
  audience?: InsightsAudience;
}

/**
 * The insights screen of both workspaces: brand, timeframe and platform metric controls over the
 * analytics widgets. A user with exactly one brand has it preselected until they pick, so the
 * query waits for the brand list and then asks for that brand directly.
 */
export function InsightsScreen({
  subtitle,
  errorMessage,
  useBrands,
  useStats,
  audience = 'brand',
}: InsightsScreenProps) {
  const [tz] = useState(browserTimeZone);
  const { brands, ready } = useBrands(tz);
  const [days, setDays] = useState<InsightsDays>(DEFAULT_INSIGHTS_DAYS);
  const [metric, setMetric] = useState<PlatformMetric>(DEFAULT_PLATFORM_METRIC);
  const [picked, setPicked] = useState<number | null | undefined>(undefined);
  const brandId = picked !== undefined ? picked : brands.length === 1 ? brands[0].id : null;

  const stats = useThrottledQuery(
    useStats,
    ready ? { brandId, days, platformsMetric: metric, platformsLimit: PLATFORMS_LIMIT, tz } : null,
  );
  const data = stats.currentData;

  return (
    <>
      <PageHeader
        title="Insights"
        subtitle={subtitle}
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
        <ErrorBanner message={errorMessage} onRetry={stats.refresh} />
      ) : !data ? (
        <LoadingAnalytics />
      ) : (
        <InsightsWidgets
          stats={data}
          audience={audience}
          platformControls={<PlatformMetricSelect value={metric} onChange={setMetric} />}
        />
      )}
    </>
  );
}

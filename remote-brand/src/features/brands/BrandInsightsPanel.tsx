import type { BrandStats } from 'contract';
import { Fragment, useMemo, useState } from 'react';
import styled from 'styled-components';
import { ErrorBanner, Heading, Text } from 'shared-ui';
import {
  LoadingAnalytics,
  RevenueTrend,
  SourcesDoughnut,
  browserTimeZone,
  formatCount,
  formatPercent,
  sourceParts,
} from 'shared-ui/insights';
import { useGetBrandStatsQuery } from '../insights';

const PANEL_DAYS = 30;

/** The Brand Insights panel of a brand's profile: its last 30 days. */
export function BrandInsightsPanel({ brandId }: { brandId: number }) {
  const [tz] = useState(browserTimeZone);
  const stats = useGetBrandStatsQuery({ brandId, days: PANEL_DAYS, timeseries: true, tz });
  return (
    <>
      <Text muted size="sm">
        Last {PANEL_DAYS} days
      </Text>
      {stats.isError ? (
        <ErrorBanner message="Failed to load stats" onRetry={() => void stats.refetch()} />
      ) : !stats.data ? (
        <LoadingAnalytics />
      ) : (
        <Figures stats={stats.data} />
      )}
    </>
  );
}

function Figures({ stats }: { stats: BrandStats }) {
  const sources = useMemo(() => sourceParts(stats.performance.by_source), [stats]);
  const engagement = useMemo(
    () => [
      { label: 'Clicks', value: stats.engagement.clicks },
      { label: 'Impressions', value: stats.engagement.impressions },
      { label: 'Reach', value: stats.engagement.reach },
      { label: 'Leads', value: stats.engagement.leads },
    ],
    [stats],
  );
  const revenue = useMemo(
    () => [{ label: 'Revenue', points: stats.revenue.timeseries }],
    [stats.revenue.timeseries],
  );
  return (
    <>
      <Figures3>
        <div>
          <dt>Unique visitors</dt>
          <dd>{formatCount(stats.visitors.unique_visitors)}</dd>
        </div>
        <div>
          <dt>Conversions</dt>
          <dd>{formatCount(stats.conversions.count)}</dd>
        </div>
        <div>
          <dt>Conversion rate</dt>
          <dd>{formatPercent(stats.conversions.rate)}</dd>
        </div>
      </Figures3>
      <Heading level={3} size="md">
        Revenue trend
      </Heading>
      <RevenueTrend series={revenue} height={200} aria-label="Revenue trend" />
      {[
        { title: 'Performance by source', values: sources, emptyText: 'No visits yet' },
        { title: 'Engagement', values: engagement, emptyText: 'No engagement yet' },
      ].map(({ title, values, emptyText }) => (
        <Fragment key={title}>
          <Heading level={3} size="md">
            {title}
          </Heading>
          <SourcesDoughnut values={values} height={220} emptyText={emptyText} aria-label={title} />
        </Fragment>
      ))}
    </>
  );
}

const Figures3 = styled.dl`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: ${({ theme }) => theme.spacing(3)};
  margin: 0;

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.xs};
  }

  dd {
    margin: 0;
    color: ${({ theme }) => theme.colors.text};
    font-size: ${({ theme }) => theme.fontSizes.xl};
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
    font-variant-numeric: tabular-nums;
  }
`;

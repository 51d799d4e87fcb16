import { useMemo } from 'react';
import { LineChart } from 'shared-ui/charts';
import { formatDay } from './format';

export interface SeriesPoint {
  date: string;
  amount: number;
}

export interface RevenueTrendProps {
  /** One point per day; further series (net revenue, say) share the first one's days. */
  series: ReadonlyArray<{ label: string; points: readonly SeriesPoint[] }>;
  height?: number;
  'aria-label'?: string;
}

/** Revenue per day as a money line chart, or 'No revenue data' when there was none. */
export function RevenueTrend({
  series,
  height,
  'aria-label': ariaLabel = 'Revenue over time',
}: RevenueTrendProps) {
  const labels = useMemo(
    () => (series[0]?.points ?? []).map((point) => formatDay(point.date)),
    [series],
  );
  const datasets = useMemo(
    () => series.map(({ label, points }) => ({ label, data: points.map((p) => p.amount) })),
    [series],
  );
  return (
    <LineChart
      labels={labels}
      datasets={datasets}
      money
      height={height}
      emptyText="No revenue data"
      aria-label={ariaLabel}
    />
  );
}

import './register';
import { useMemo } from 'react';
import { Bar } from 'react-chartjs-2';
import { useTheme } from 'styled-components';
import { ChartBox } from './ChartBox';
import { buildBarData, buildBarOptions } from './options';

export interface BarChartProps {
  labels: readonly string[];
  data: readonly number[];
  /** Series name shown in the tooltip. */
  label?: string;
  money?: boolean;
  /** Tiny axis-less bars for stat tiles (48px high unless `height` is given). */
  compact?: boolean;
  /** px. Default 280, or 48 when compact. */
  height?: number;
  'aria-label'?: string;
  className?: string;
}

export function BarChart({
  labels,
  data,
  label,
  money = false,
  compact = false,
  height,
  'aria-label': ariaLabel = 'Bar chart',
  className,
}: BarChartProps) {
  const theme = useTheme();
  const chartData = useMemo(
    () => buildBarData(theme, labels, data, label),
    [theme, labels, data, label],
  );
  const options = useMemo(
    () => buildBarOptions(theme, { money, compact }),
    [theme, money, compact],
  );
  return (
    <ChartBox $height={height ?? (compact ? 48 : 280)} className={className}>
      <Bar data={chartData} options={options} role="img" aria-label={ariaLabel} />
    </ChartBox>
  );
}

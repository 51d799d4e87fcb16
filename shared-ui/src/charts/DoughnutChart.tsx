import './register';
import { useMemo } from 'react';
import { Doughnut } from 'react-chartjs-2';
import { useTheme } from 'styled-components';
import { ChartFrame, isBlank } from './ChartBox';
import { buildDoughnutData, buildDoughnutOptions } from './options';

export interface DoughnutChartProps {
  labels: readonly string[];
  data: readonly number[];
  /** px. Default 260. */
  height?: number;
  'aria-label'?: string;
  /** Shown instead of the chart when every value is zero or there are none. */
  emptyText?: string;
  className?: string;
}

export function DoughnutChart({
  labels,
  data,
  height = 260,
  'aria-label': ariaLabel = 'Doughnut chart',
  emptyText,
  className,
}: DoughnutChartProps) {
  const theme = useTheme();
  const chartData = useMemo(() => buildDoughnutData(theme, labels, data), [theme, labels, data]);
  const options = useMemo(() => buildDoughnutOptions(theme), [theme]);
  return (
    <ChartFrame height={height} blank={isBlank(data)} emptyText={emptyText} className={className}>
      <Doughnut data={chartData} options={options} role="img" aria-label={ariaLabel} />
    </ChartFrame>
  );
}

import './register';
import { useMemo } from 'react';
import { Doughnut } from 'react-chartjs-2';
import { useTheme } from 'styled-components';
import { ChartBox } from './ChartBox';
import { buildDoughnutData, buildDoughnutOptions } from './options';

export interface DoughnutChartProps {
  labels: readonly string[];
  data: readonly number[];
  /** px. Default 260. */
  height?: number;
  'aria-label'?: string;
  className?: string;
}

export function DoughnutChart({
  labels,
  data,
  height = 260,
  'aria-label': ariaLabel = 'Doughnut chart',
  className,
}: DoughnutChartProps) {
  const theme = useTheme();
  const chartData = useMemo(() => buildDoughnutData(theme, labels, data), [theme, labels, data]);
  const options = useMemo(() => buildDoughnutOptions(theme), [theme]);
  return (
    <ChartBox $height={height} className={className}>
      <Doughnut data={chartData} options={options} role="img" aria-label={ariaLabel} />
    </ChartBox>
  );
}

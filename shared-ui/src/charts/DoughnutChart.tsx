import './register';
import { useMemo } from 'react';
import { Doughnut } from 'react-chartjs-2';
import { useTheme } from 'styled-components';
import { ChartFrame, isBlank } from './ChartBox';
import { ChartLegend } from './ChartLegend';
import { buildDoughnutData, buildDoughnutOptions, chartPalette, shareText } from './options';

export interface DoughnutChartProps {
  labels: readonly string[];
  data: readonly number[];
  /** px. Default 260. */
  height?: number;
  'aria-label'?: string;
  /** Shown instead of the chart when every value is zero or there are none. */
  emptyText?: string;
  /** A part's value in the legend. Default: the number with thousands separators. */
  formatValue?: (value: number) => string;
  className?: string;
}

const plainNumber = (value: number) => value.toLocaleString('en-US');

export function DoughnutChart({
  labels,
  data,
  height = 260,
  'aria-label': ariaLabel = 'Doughnut chart',
  emptyText,
  formatValue = plainNumber,
  className,
}: DoughnutChartProps) {
  const theme = useTheme();
  const chartData = useMemo(() => buildDoughnutData(theme, labels, data), [theme, labels, data]);
  const options = useMemo(() => buildDoughnutOptions(theme), [theme]);
  const blank = isBlank(data);
  const palette = chartPalette(theme);
  const total = data.reduce((sum, value) => sum + value, 0);
  return (
    <>
      <ChartFrame height={height} blank={blank} emptyText={emptyText} className={className}>
        <Doughnut data={chartData} options={options} role="img" aria-label={ariaLabel} />
      </ChartFrame>
      {/* Each part's value and share, which a ring alone does not tell. */}
      {!(blank && emptyText !== undefined) && (
        <ChartLegend
          label={`${ariaLabel} legend`}
          items={labels.map((label, i) => ({
            label,
            color: palette[i % palette.length],
            detail: `${formatValue(data[i] ?? 0)} · ${shareText(data[i] ?? 0, total)}`,
          }))}
        />
      )}
    </>
  );
}

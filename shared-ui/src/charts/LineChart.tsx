import './register';
import { useMemo } from 'react';
import { Line } from 'react-chartjs-2';
import { useTheme } from 'styled-components';
import { ChartFrame, isBlank } from './ChartBox';
import { ChartLegend } from './ChartLegend';
import {
  buildLineData,
  buildLineOptions,
  chartPalette,
  type ChartDataset,
} from './options';

export interface LineChartProps {
  labels: readonly string[];
  datasets: readonly ChartDataset[];
  /** Value axis as money: '$950', '$1.2K'. */
  money?: boolean;
  /** px. Default 280. */
  height?: number;
  /** Describes the chart for screen readers. Default 'Line chart'. */
  'aria-label'?: string;
  /** Shown instead of the chart when every value is zero or there are none, e.g. 'No revenue data'. */
  emptyText?: string;
  className?: string;
}

export function LineChart({
  labels,
  datasets,
  money = false,
  height = 280,
  'aria-label': ariaLabel = 'Line chart',
  emptyText,
  className,
}: LineChartProps) {
  const theme = useTheme();
  const data = useMemo(() => buildLineData(theme, labels, datasets), [theme, labels, datasets]);
  const options = useMemo(() => buildLineOptions(theme, { money }), [theme, money]);
  const blank = datasets.every((dataset) => isBlank(dataset.data));
  const palette = chartPalette(theme);
  return (
    <>
      {/* Two lines need names: which is revenue and which is net revenue. */}
      {datasets.length > 1 && !(blank && emptyText !== undefined) && (
        <ChartLegend
          label={`${ariaLabel} legend`}
          items={datasets.map((dataset, i) => ({
            label: dataset.label,
            color: palette[i % palette.length],
          }))}
        />
      )}
      <ChartFrame height={height} blank={blank} emptyText={emptyText} className={className}>
        <Line data={data} options={options} role="img" aria-label={ariaLabel} />
      </ChartFrame>
    </>
  );
}

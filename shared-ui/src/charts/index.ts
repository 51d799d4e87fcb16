/// <reference path="../styled.d.ts" />
export { LineChart } from './LineChart';
export type { LineChartProps } from './LineChart';
export { BarChart } from './BarChart';
export type { BarChartProps } from './BarChart';
export { DoughnutChart } from './DoughnutChart';
export type { DoughnutChartProps } from './DoughnutChart';
export {
  buildLineOptions,
  buildLineData,
  buildBarOptions,
  buildBarData,
  buildDoughnutOptions,
  buildDoughnutData,
  chartPalette,
  withAlpha,
} from './options';
export type { ChartDataset } from './options';
export { registerCharts } from './register';

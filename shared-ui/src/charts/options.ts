import type { ChartData, ChartOptions, TooltipItem } from 'chart.js';
import { formatMoney, formatMoneyAxis } from '../format';
import type { AppTheme } from '../theme/tokens';

export interface ChartDataset {
  label: string;
  data: readonly number[];
}

/** `#rrggbb` plus an alpha channel, for fills under lines (canvas does not understand color-mix). */
export function withAlpha(hex: string, alpha: number): string {
  const byte = Math.round(Math.min(1, Math.max(0, alpha)) * 255)
    .toString(16)
    .padStart(2, '0');
  return /^#[0-9a-f]{6}$/i.test(hex) ? `${hex}${byte}` : hex;
}

/**
 * Series colours in order; the first is the brand primary. The second is green, not blue: two
 * lines drawn together (Revenue and Net revenue, Revenue and Earnings) must not read as one
 * colour in either theme, and the primary is a blue-violet.
 */
export function chartPalette(theme: AppTheme): string[] {
  const { primary, info, success, warning, danger } = theme.colors;
  return [primary, success, warning, info, danger, '#ec4899', '#14b8a6'];
}

function baseOptions(theme: AppTheme) {
  return {
    responsive: true,
    maintainAspectRatio: false,
    // Figures appear at once: no motion to sit through (or to catch half-drawn in a screenshot).
    animation: false,
    color: theme.colors.textMuted,
    font: { family: theme.fonts.body },
  } as const;
}

function moneyTooltipLabel(item: TooltipItem<'line' | 'bar'>): string {
  const prefix = item.dataset.label ? `${item.dataset.label}: ` : '';
  return `${prefix}${formatMoney(Number(item.parsed.y))}`;
}

/**
 * The axes of every money and count chart: the value axis starts at 0 and never goes below it
 * (a −$100 tick reads as money lost); the curves are monotone, so they do not dip either.
 */
function valueScales(theme: AppTheme, money: boolean) {
  return {
    x: {
      grid: { display: false },
      border: { color: theme.colors.border },
      ticks: { color: theme.colors.textMuted, maxRotation: 0, autoSkip: true },
    },
    y: {
      beginAtZero: true,
      min: 0,
      grid: { color: theme.colors.border },
      border: { display: false },
      ticks: {
        color: theme.colors.textMuted,
        ...(money ? { callback: (value: string | number) => formatMoneyAxis(Number(value)) } : {}),
      },
    },
  };
}

/**
 * The plugins of line and bar charts: no canvas legend (several series get a legend on the page,
 * see ChartLegend), and tooltips in money when the values are.
 */
function seriesPlugins(money: boolean) {
  return {
    legend: { display: false },
    tooltip: money ? { callbacks: { label: moneyTooltipLabel } } : {},
  };
}

export function buildLineOptions(theme: AppTheme, { money = false } = {}): ChartOptions<'line'> {
  return {
    ...baseOptions(theme),
    interaction: { mode: 'index', intersect: false },
    scales: valueScales(theme, money),
    plugins: seriesPlugins(money),
  };
}

export function buildLineData(
  theme: AppTheme,
  labels: readonly string[],
  datasets: readonly ChartDataset[],
): ChartData<'line'> {
  const palette = chartPalette(theme);
  return {
    labels: [...labels],
    datasets: datasets.map((dataset, i) => {
      const color = palette[i % palette.length];
      return {
        label: dataset.label,
        data: [...dataset.data],
        borderColor: color,
        backgroundColor: withAlpha(color, 0.12),
        // Only a single series is filled; overlapping fills are unreadable.
        fill: datasets.length === 1,
        // Monotone curves never swing beyond their points: a day of $0 between two good days
        // stays at $0 instead of dipping below it.
        cubicInterpolationMode: 'monotone' as const,
        tension: 0.35,
        borderWidth: 2,
        pointRadius: 0,
        pointHoverRadius: 4,
      };
    }),
  };
}

export function buildBarOptions(
  theme: AppTheme,
  { money = false, compact = false } = {},
): ChartOptions<'bar'> {
  if (compact) {
    return {
      ...baseOptions(theme),
      scales: { x: { display: false }, y: { display: false, beginAtZero: true, min: 0 } },
      plugins: seriesPlugins(money),
    };
  }
  return {
    ...baseOptions(theme),
    scales: valueScales(theme, money),
    plugins: seriesPlugins(money),
  };
}

export function buildBarData(
  theme: AppTheme,
  labels: readonly string[],
  data: readonly number[],
  label = '',
): ChartData<'bar'> {
  return {
    labels: [...labels],
    datasets: [
      {
        label,
        data: [...data],
        backgroundColor: theme.colors.primary,
        hoverBackgroundColor: withAlpha(theme.colors.primary, 0.8),
        borderRadius: 4,
        maxBarThickness: 32,
      },
    ],
  };
}

/** Each part's share of the whole, one decimal: '24.1%'. */
export function shareText(value: number, total: number): string {
  if (total <= 0) return '0%';
  return `${(Math.round((value / total) * 1000) / 10).toLocaleString('en-US')}%`;
}

export function buildDoughnutOptions(theme: AppTheme): ChartOptions<'doughnut'> {
  return {
    ...baseOptions(theme),
    cutout: '68%',
    plugins: {
      // The legend, with each part's value and share, is on the page (ChartLegend).
      legend: { display: false },
      tooltip: {
        callbacks: {
          label: (item) => {
            const values = item.dataset.data as number[];
            const total = values.reduce((sum, value) => sum + value, 0);
            const value = Number(item.parsed);
            return `${item.label}: ${value.toLocaleString('en-US')} (${shareText(value, total)})`;
          },
        },
      },
    },
  };
}

export function buildDoughnutData(
  theme: AppTheme,
  labels: readonly string[],
  data: readonly number[],
): ChartData<'doughnut'> {
  const palette = chartPalette(theme);
  return {
    labels: [...labels],
    datasets: [
      {
        data: [...data],
        backgroundColor: labels.map((_, i) => palette[i % palette.length]),
        // Segment gaps drawn in the card colour, so they read as gaps in both themes.
        borderColor: theme.colors.surface,
        borderWidth: 2,
        hoverOffset: 4,
      },
    ],
  };
}

import type { ChartData, ChartOptions } from 'chart.js';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../test-utils';
import { darkTheme, lightTheme } from '../theme/tokens';
import { BarChart } from './BarChart';
import { DoughnutChart } from './DoughnutChart';
import { LineChart } from './LineChart';

interface CapturedProps {
  data: ChartData;
  options: ChartOptions;
  'aria-label': string;
}

const captured: Record<string, CapturedProps> = {};

// jsdom has no canvas: stand in for react-chartjs-2 and keep what each chart was given.
jest.mock('react-chartjs-2', () => {
  const stub = (type: string) => (props: CapturedProps) => {
    captured[type] = props;
    return <canvas role="img" aria-label={props['aria-label']} />;
  };
  return { Line: stub('line'), Bar: stub('bar'), Doughnut: stub('doughnut') };
});

afterEach(() => localStorage.clear());

/** Degrees between two #rrggbb colours' hues. */
function hueDistance(a: string, b: string): number {
  const hue = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
    const max = Math.max(r, g, bl);
    const d = max - Math.min(r, g, bl);
    if (d === 0) return 0;
    const h = max === r ? ((g - bl) / d) % 6 : max === g ? (bl - r) / d + 2 : (r - g) / d + 4;
    return (h * 60 + 360) % 360;
  };
  const diff = Math.abs(hue(a) - hue(b));
  return Math.min(diff, 360 - diff);
}

describe('chart components', () => {
  it('draws a money line chart with the theme colours', () => {
    renderWithProviders(
      <LineChart
        labels={['Mar 1', 'Mar 2']}
        datasets={[{ label: 'Revenue', data: [900, 1500] }]}
        money
        aria-label="Revenue over time"
      />,
    );
    expect(screen.getByRole('img', { name: 'Revenue over time' })).toBeInTheDocument();
    expect(captured.line.data.labels).toEqual(['Mar 1', 'Mar 2']);
    expect(captured.line.data.datasets[0]).toMatchObject({
      data: [900, 1500],
      borderColor: lightTheme.colors.primary,
    });
  });

  it('follows the dark theme', () => {
    localStorage.setItem('theme', 'dark');
    renderWithProviders(
      <DoughnutChart labels={['Direct', 'Social']} data={[3, 7]} aria-label="Visits by source" />,
    );
    expect(screen.getByRole('img', { name: 'Visits by source' })).toBeInTheDocument();
    expect(captured.doughnut.data.datasets[0]).toMatchObject({
      data: [3, 7],
      borderColor: darkTheme.colors.surface,
    });
  });

  it('draws a compact bar chart without axes', () => {
    renderWithProviders(<BarChart labels={['Joins']} data={[4]} compact aria-label="Joins" />);
    expect(screen.getByRole('img', { name: 'Joins' })).toBeInTheDocument();
    const scales = captured.bar.options.scales as { x: { display: boolean } };
    expect(scales.x.display).toBe(false);
  });

  it('shows the empty text instead of an axis of zeros', () => {
    renderWithProviders(
      <>
        <LineChart
          labels={['Mar 1', 'Mar 2']}
          datasets={[{ label: 'Revenue', data: [0, 0] }]}
          money
          emptyText="No revenue data"
          aria-label="Revenue over time"
        />
        <DoughnutChart labels={[]} data={[]} emptyText="No visits yet" aria-label="Visits" />
      </>,
    );
    expect(screen.getByText('No revenue data')).toBeInTheDocument();
    expect(screen.getByText('No visits yet')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('draws a series with any value other than zero', () => {
    renderWithProviders(
      <LineChart
        labels={['Mar 1', 'Mar 2']}
        datasets={[{ label: 'Revenue', data: [0, 12.5] }]}
        emptyText="No revenue data"
        aria-label="Revenue over time"
      />,
    );
    expect(screen.getByRole('img', { name: 'Revenue over time' })).toBeInTheDocument();
    expect(screen.queryByText('No revenue data')).not.toBeInTheDocument();
  });

  it('never dips below zero: monotone curves and a floor at 0 on every money and count chart', () => {
    renderWithProviders(
      <LineChart
        labels={['Mar 1', 'Mar 2', 'Mar 3']}
        datasets={[{ label: 'Revenue', data: [1000, 0, 800] }]}
        money
      />,
    );
    expect(captured.line.data.datasets[0]).toMatchObject({ cubicInterpolationMode: 'monotone' });
    const y = (captured.line.options.scales as { y: { min?: number; beginAtZero?: boolean } }).y;
    expect(y).toMatchObject({ min: 0, beginAtZero: true });
  });

  it('keeps the floor when a series has a negative day (net revenue after a refund)', () => {
    renderWithProviders(
      <LineChart labels={['Mar 1', 'Mar 2']} datasets={[{ label: 'Net', data: [-20, 50] }]} />,
    );
    const y = (captured.line.options.scales as { y: { min?: number } }).y;
    expect(y.min).toBe(0);
  });

  it('floors bar charts at zero too, full size and compact', () => {
    const { unmount } = renderWithProviders(<BarChart labels={['Mon']} data={[3]} />);
    expect((captured.bar.options.scales as { y: { min?: number } }).y.min).toBe(0);
    unmount();
    renderWithProviders(<BarChart labels={['Mon']} data={[3]} compact />);
    expect((captured.bar.options.scales as { y: { min?: number } }).y.min).toBe(0);
  });

  it('draws two lines in clearly different colours in both themes', () => {
    for (const theme of ['light', 'dark']) {
      localStorage.setItem('theme', theme);
      const { unmount } = renderWithProviders(
        <LineChart
          labels={['Mar 1']}
          datasets={[
            { label: 'Revenue', data: [9] },
            { label: 'Net revenue', data: [7] },
          ]}
        />,
      );
      const [first, second] = captured.line.data.datasets.map((d) => String(d.borderColor));
      expect(hueDistance(first, second)).toBeGreaterThan(60);
      unmount();
    }
  });

  it('names two lines in a legend; a single line needs none', () => {
    const { unmount } = renderWithProviders(
      <LineChart
        labels={['Mar 1', 'Mar 2']}
        datasets={[
          { label: 'Revenue', data: [900, 1500] },
          { label: 'Net revenue', data: [800, 1300] },
        ]}
        aria-label="Revenue over time"
      />,
    );
    const legend = screen.getByRole('list', { name: 'Revenue over time legend' });
    expect(legend).toHaveTextContent('Revenue');
    expect(legend).toHaveTextContent('Net revenue');
    unmount();
    renderWithProviders(
      <LineChart labels={['Mar 1']} datasets={[{ label: 'Revenue', data: [9] }]} />,
    );
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it("gives a doughnut's parts their values and shares", () => {
    renderWithProviders(
      <DoughnutChart
        labels={['Direct', 'Social']}
        data={[408, 1224]}
        aria-label="Visits by source"
      />,
    );
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual(['Direct408 · 25%', 'Social1,224 · 75%']);
  });
});

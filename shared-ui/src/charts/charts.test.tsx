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
});

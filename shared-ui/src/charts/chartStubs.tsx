// Stand-ins for react-chartjs-2 in component tests (jsdom has no canvas): each draws an img
// named by the chart's aria-label, carrying the labels and values it was given, so a test can
// assert what the chart shows. Use: jest.mock('react-chartjs-2', () => jest.requireActual('shared-ui/test-utils').chartStubs)
interface StubProps {
  data: { labels?: unknown[]; datasets: Array<{ data: unknown[] }> };
  'aria-label'?: string;
}

function stub({ data, 'aria-label': label }: StubProps) {
  return (
    <canvas
      role="img"
      aria-label={label}
      data-labels={(data.labels ?? []).join('|')}
      data-values={data.datasets.map((d) => d.data.join(',')).join('|')}
    />
  );
}

export const chartStubs = { Line: stub, Bar: stub, Doughnut: stub };

import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../test-utils';
import { makeBusyStats, makeStats } from './fixtures';
import { formatChange } from './format';
import { InsightsWidgets } from './InsightsWidgets';

// jsdom has no canvas: stand-ins that show what each chart was given.
jest.mock('react-chartjs-2', () => {
  const stub =
    () =>
    (props: {
      data: { labels: string[]; datasets: Array<{ data: number[] }> };
      'aria-label': string;
    }) => (
      <canvas
        role="img"
        aria-label={props['aria-label']}
        data-labels={props.data.labels.join('|')}
        data-values={props.data.datasets.map((d) => d.data.join(',')).join('|')}
      />
    );
  return { Line: stub(), Doughnut: stub(), Bar: stub() };
});

const card = (name: string) => screen.getByRole('region', { name });

describe('insights widgets', () => {
  it('draws the figures: cards, revenue line, sources, top advocates and platforms', () => {
    renderWithProviders(<InsightsWidgets stats={makeBusyStats()} />);

    expect(within(card('Total Revenue')).getByText('$1,550.50')).toBeInTheDocument();
    expect(within(card('Total Revenue')).getByText('+25%')).toBeInTheDocument();
    // Euros are listed beside the dollars, never added to them.
    expect(within(card('Total Revenue')).getByText('Also €40.00')).toBeInTheDocument();
    expect(within(card('Net Revenue')).getByText('$1,395.45')).toBeInTheDocument();
    expect(within(card('Conversion Rate')).getByText('5%')).toBeInTheDocument();
    expect(within(card('Conversion Rate')).getByText('7 conversions')).toBeInTheDocument();
    expect(within(card('Unique Visitors')).getByText('120')).toBeInTheDocument();

    const line = screen.getByRole('img', { name: 'Revenue over time' });
    expect(line.getAttribute('data-labels')?.split('|').at(-1)).toBe('Mar 31');
    expect(line.getAttribute('data-values')?.split('|')[0].split(',').at(-1)).toBe('1550.5');
    expect(
      screen.getByRole('img', {
        name: 'Visits by source: Direct 80, Social 50, Email 10, Others 0',
      }),
    ).toHaveAttribute('data-values', '80,50,10,0');

    const advocates = within(screen.getByRole('table', { name: 'Top advocates' }));
    expect(
      advocates.getByRole('row', { name: /Ada Obi Acme Coffee \$1,250\.00 5/ }),
    ).toBeInTheDocument();
    expect(
      advocates.getByRole('row', { name: /Bo Lee Acme Coffee \$300\.50 2/ }),
    ).toBeInTheDocument();
    const platforms = within(screen.getByRole('table', { name: 'Top platforms' }));
    expect(
      platforms.getByRole('row', { name: /Direct 100 80 5 \$1,250\.00 80\.6%/ }),
    ).toBeInTheDocument();
  });

  it('says there is nothing yet instead of drawing empty charts and tables', () => {
    renderWithProviders(<InsightsWidgets stats={makeStats()} />);
    expect(within(card('Total Revenue')).getByText('$0.00')).toBeInTheDocument();
    expect(screen.getByText('No revenue data')).toBeInTheDocument();
    expect(screen.getByText('No visits yet')).toBeInTheDocument();
    expect(screen.getByText('No advocate sales yet')).toBeInTheDocument();
    expect(screen.getByText('No platform activity yet')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('says New when the previous period had no revenue to compare with, 0% when unchanged', () => {
    const fresh = makeBusyStats();
    fresh.revenue.change_percentage = null;
    fresh.revenue.previous_total_revenue = 0;
    const { unmount } = renderWithProviders(<InsightsWidgets stats={fresh} />);
    expect(within(card('Total Revenue')).getByText('$1,550.50')).toBeInTheDocument();
    expect(within(card('Total Revenue')).getByText('New')).toBeInTheDocument();
    expect(within(card('Total Revenue')).queryByText('0%')).not.toBeInTheDocument();
    unmount();

    const same = makeBusyStats();
    same.revenue.change_percentage = 0;
    same.revenue.previous_total_revenue = 1550.5;
    renderWithProviders(<InsightsWidgets stats={same} />);
    expect(within(card('Total Revenue')).getByText('0%')).toBeInTheDocument();
  });

  it('names the previous figure when it was next to nothing, instead of +53,871.4%', () => {
    const jump = makeBusyStats();
    jump.revenue.previous_total_revenue = 19.7;
    jump.revenue.change_percentage = 53871.4;
    renderWithProviders(<InsightsWidgets stats={jump} />);
    const total = card('Total Revenue');
    expect(within(total).getByText('Up from $19.70')).toBeInTheDocument();
    expect(within(total).queryByText(/53,871/)).not.toBeInTheDocument();
  });
});

describe('formatChange', () => {
  it('keeps percentages for ordinary changes and names a near-empty base', () => {
    expect(formatChange(76.14, 10)).toEqual({ text: '+76.1%', tone: 'positive' });
    expect(formatChange(-3, 10, '$5.00')).toEqual({ text: '-3%', tone: 'negative' });
    expect(formatChange(999, 10, '$1.00')?.text).toBe('+999%');
    expect(formatChange(1000, 11, '$1.00')).toEqual({
      text: 'Up from $1.00',
      tone: 'positive',
      smallBase: true,
    });
    expect(formatChange(53871.4, 10)?.text).toBe('Over 10×');
    expect(formatChange(null, 5)?.text).toBe('New');
  });
});

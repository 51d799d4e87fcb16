import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../test-utils';
import { StatCard } from './StatCard';

describe('StatCard', () => {
  it('shows title, value, change and hint as a labelled region', () => {
    renderWithProviders(
      <StatCard title="Clicks" value="1,204" change="0%" hint="from last period" />,
    );
    const card = screen.getByRole('region', { name: 'Clicks' });
    expect(within(card).getByText('1,204')).toBeInTheDocument();
    expect(within(card).getByText('0%')).toBeInTheDocument();
    expect(within(card).getByText('from last period')).toBeInTheDocument();
    // Cards sit right under the screen's h1: their titles are the next level down.
    expect(within(card).getByRole('heading', { level: 2, name: 'Clicks' })).toBeInTheDocument();
  });

  it('renders a chart slot when given children', () => {
    renderWithProviders(
      <StatCard title="Joins" value={0}>
        <p>No data</p>
      </StatCard>,
    );
    expect(
      within(screen.getByRole('region', { name: 'Joins' })).getByText('No data'),
    ).toBeInTheDocument();
  });
});

import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../test-utils';
import { Panel } from './Panel';

describe('Panel', () => {
  it('is a region named by its level-2 title, with its actions and content', () => {
    renderWithProviders(
      <Panel title="Payouts" actions={<button>Create payouts</button>}>
        <p>No payouts yet.</p>
      </Panel>,
    );
    const region = screen.getByRole('region', { name: 'Payouts' });
    expect(within(region).getByRole('heading', { level: 2, name: 'Payouts' })).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Create payouts' })).toBeInTheDocument();
    expect(within(region).getByText('No payouts yet.')).toBeInTheDocument();
  });
});

import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../test-utils';
import { PageHeader } from './PageHeader';
import { Stack } from './Stack';

describe('PageHeader', () => {
  it('shows the title as the page heading with subtitle and actions', () => {
    renderWithProviders(
      <PageHeader
        title="Payouts"
        subtitle="Money sent to advocates"
        actions={<button>Export</button>}
      />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Payouts' })).toBeInTheDocument();
    expect(screen.getByText('Money sent to advocates')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
  });
});

describe('Stack', () => {
  it('lays children out in the requested direction with a grid gap', () => {
    renderWithProviders(
      <Stack direction="row" gap={2} data-testid="stack">
        <span>a</span>
      </Stack>,
    );
    expect(screen.getByTestId('stack')).toHaveStyle({ flexDirection: 'row', gap: '8px' });
  });
});

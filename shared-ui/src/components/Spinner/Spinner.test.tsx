import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../test-utils';
import { Spinner } from './Spinner';

describe('Spinner', () => {
  it('announces loading', () => {
    renderWithProviders(<Spinner />);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  });

  it('accepts a custom label', () => {
    renderWithProviders(<Spinner label="Loading analytics..." />);
    expect(screen.getByRole('status', { name: 'Loading analytics...' })).toBeInTheDocument();
  });
});

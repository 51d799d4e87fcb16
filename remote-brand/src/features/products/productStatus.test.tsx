import { screen } from '@testing-library/react';
import { renderWithProviders } from 'shared-ui/test-utils';
import { ProductStatusBadge } from './productStatus';

describe('ProductStatusBadge', () => {
  it.each([
    ['active', 'Active'],
    ['inactive', 'Inactive'],
    ['discontinued', 'Discontinued'],
    ['out_of_stock', 'Out of stock'],
  ] as const)('shows %s as %s, never a payment status', (status, label) => {
    renderWithProviders(<ProductStatusBadge status={status} />);
    expect(screen.getByText(label)).toBeInTheDocument();
  });
});

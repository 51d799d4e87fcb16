import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../test-utils';
import { NetAmount } from './NetAmount';

describe('NetAmount', () => {
  it('shows the amount net of refunds with the refunded part under it', () => {
    const { container } = renderWithProviders(
      <NetAmount amount={15} refunded={5} currency="USD" />,
    );
    expect(container).toHaveTextContent('$15.00refunded $5.00');
    expect(screen.getByText('refunded $5.00').tagName).toBe('SMALL');
  });

  it('says nothing of refunds when there were none, in the currency’s own decimals', () => {
    const { container } = renderWithProviders(
      <NetAmount amount={999} refunded={0} currency="JPY" />,
    );
    expect(container).toHaveTextContent(/^¥999$/);
    expect(screen.queryByText(/refunded/)).toBeNull();
  });
});

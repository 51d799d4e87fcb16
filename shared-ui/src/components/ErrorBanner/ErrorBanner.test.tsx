import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test-utils';
import { ErrorBanner } from './ErrorBanner';

describe('ErrorBanner', () => {
  it('announces the message and retries on request', async () => {
    const onRetry = jest.fn();
    renderWithProviders(<ErrorBanner message="Failed to load analytics" onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load analytics');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('has no Retry button without onRetry', () => {
    renderWithProviders(<ErrorBanner message="Nope" />);
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });
});

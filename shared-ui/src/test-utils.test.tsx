import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeToggle } from './theme/ThemeToggle';
import { renderWithProviders } from './test-utils';
import { useToast } from './toast/ToastProvider';

function Screen() {
  const toast = useToast();
  return (
    <>
      <ThemeToggle />
      <button onClick={() => toast.info('Synced')}>Sync</button>
    </>
  );
}

describe('renderWithProviders', () => {
  afterEach(() => localStorage.clear());

  it('provides theme mode and toasts', async () => {
    renderWithProviders(<Screen />);
    await userEvent.click(screen.getByRole('button', { name: 'Toggle theme' }));
    expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
    await userEvent.click(screen.getByRole('button', { name: 'Sync' }));
    expect(await screen.findByText('Synced')).toBeInTheDocument();
  });
});

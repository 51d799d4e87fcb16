import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useTheme } from 'styled-components';
import { AppThemeProvider, useThemeMode } from './AppThemeProvider';
import { ThemeToggle } from './ThemeToggle';
import { darkTheme, lightTheme } from './tokens';

function mockSystemDark(matches: boolean) {
  window.matchMedia = jest.fn().mockImplementation((query: string) => ({
    matches: query === '(prefers-color-scheme: dark)' ? matches : false,
    media: query,
    addEventListener: jest.fn(),
    removeEventListener: jest.fn(),
  }));
}

function Probe() {
  const { mode } = useThemeMode();
  const theme = useTheme();
  return (
    <p>
      mode:{mode} bg:{theme.colors.bg}
    </p>
  );
}

function renderApp() {
  return render(
    <AppThemeProvider>
      <Probe />
      <ThemeToggle />
    </AppThemeProvider>,
  );
}

const root = document.documentElement;

afterEach(() => {
  localStorage.clear();
  root.className = '';
  delete root.dataset.theme;
});

describe('AppThemeProvider', () => {
  it('starts from the stored choice over the system preference', () => {
    mockSystemDark(true);
    localStorage.setItem('theme', 'light');
    renderApp();
    expect(screen.getByText(`mode:light bg:${lightTheme.colors.bg}`)).toBeInTheDocument();
    expect(root).not.toHaveClass('dark');
    expect(root).toHaveAttribute('data-theme', 'light');
  });

  it('falls back to the system preference and marks the root dark', () => {
    mockSystemDark(true);
    renderApp();
    expect(screen.getByText(`mode:dark bg:${darkTheme.colors.bg}`)).toBeInTheDocument();
    expect(root).toHaveClass('dark');
    expect(root).toHaveAttribute('data-theme', 'dark');
  });

  it('ignores a stored value that is not a mode', () => {
    mockSystemDark(false);
    localStorage.setItem('theme', 'purple');
    renderApp();
    expect(screen.getByText(/mode:light/)).toBeInTheDocument();
  });

  it('toggles, persists the choice and updates the root marker', async () => {
    const user = userEvent.setup();
    mockSystemDark(false);
    renderApp();
    const toggle = screen.getByRole('button', { name: 'Toggle theme' });

    await user.click(toggle);
    expect(screen.getByText(`mode:dark bg:${darkTheme.colors.bg}`)).toBeInTheDocument();
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(root).toHaveClass('dark');
    expect(root).toHaveAttribute('data-theme', 'dark');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');

    await user.click(toggle);
    expect(screen.getByText(/mode:light/)).toBeInTheDocument();
    expect(localStorage.getItem('theme')).toBe('light');
    expect(root).not.toHaveClass('dark');
    expect(root).toHaveAttribute('data-theme', 'light');
  });

  it('works where matchMedia is missing', () => {
    // @ts-expect-error simulating an environment without matchMedia
    delete window.matchMedia;
    renderApp();
    expect(screen.getByText(/mode:light/)).toBeInTheDocument();
  });
});

describe('useThemeMode', () => {
  it('explains itself when used outside the provider', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Probe />)).toThrow('useThemeMode must be used inside <AppThemeProvider>.');
    jest.mocked(console.error).mockRestore();
  });
});

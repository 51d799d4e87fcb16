import { render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { darkTheme, lightTheme } from '../../theme/tokens';
import { Logo } from './Logo';

describe('Logo', () => {
  it('follows the theme mode by default', () => {
    const { rerender } = render(
      <ThemeProvider theme={lightTheme}>
        <Logo />
      </ThemeProvider>,
    );
    expect(screen.getByText('Advocately').parentElement).toHaveAttribute('data-variant', 'light');
    rerender(
      <ThemeProvider theme={darkTheme}>
        <Logo />
      </ThemeProvider>,
    );
    expect(screen.getByText('Advocately').parentElement).toHaveAttribute('data-variant', 'dark');
  });

  it('can be forced to a variant', () => {
    render(
      <ThemeProvider theme={lightTheme}>
        <Logo variant="dark" />
      </ThemeProvider>,
    );
    expect(screen.getByText('Advocately').parentElement).toHaveAttribute('data-variant', 'dark');
  });

  it('is named for assistive technology without the wordmark', () => {
    render(
      <ThemeProvider theme={lightTheme}>
        <Logo wordmark={false} />
      </ThemeProvider>,
    );
    expect(screen.getByRole('img', { name: 'Advocately' })).toBeInTheDocument();
  });
});

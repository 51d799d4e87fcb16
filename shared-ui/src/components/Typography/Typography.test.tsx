import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../test-utils';
import { lightTheme } from '../../theme/tokens';
import { Heading, Text, TextLink } from './Typography';

describe('Typography', () => {
  it('renders headings at the requested level', () => {
    renderWithProviders(<Heading level={1}>Products &amp; Sales</Heading>);
    expect(screen.getByRole('heading', { level: 1, name: 'Products & Sales' })).toBeInTheDocument();
  });

  it('renders muted text in the muted colour', () => {
    renderWithProviders(<Text muted>from last period</Text>);
    expect(screen.getByText('from last period')).toHaveStyle({
      color: lightTheme.colors.textMuted,
    });
  });

  it('styles links with the primary colour', () => {
    renderWithProviders(<TextLink href="https://example.com">Website</TextLink>);
    expect(screen.getByRole('link', { name: 'Website' })).toHaveStyle({
      color: lightTheme.colors.primary,
    });
  });
});

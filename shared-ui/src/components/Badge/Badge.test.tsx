import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../test-utils';
import { lightTheme } from '../../theme/tokens';
import { Badge } from './Badge';

describe('Badge', () => {
  it('shows its label in the tone colour', () => {
    renderWithProviders(<Badge tone="danger">Failed</Badge>);
    expect(screen.getByText('Failed')).toHaveStyle({ '--badge-color': lightTheme.colors.danger });
  });

  it('defaults to the neutral tone', () => {
    renderWithProviders(<Badge>Inactive</Badge>);
    expect(screen.getByText('Inactive')).toHaveStyle({
      '--badge-color': lightTheme.colors.textMuted,
    });
  });
});

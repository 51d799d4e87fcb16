import { screen } from '@testing-library/react';
import { renderWithProviders } from '../test-utils';
import { BrandSelect } from './Controls';

describe('BrandSelect', () => {
  it('is never wider than its bar, however long a brand name (no sideways scroll on a phone)', () => {
    renderWithProviders(
      <BrandSelect
        brands={[{ id: 1, name: 'A brand with a very long name that would not fit a phone' }]}
        value={null}
        onChange={() => {}}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Brand' });
    expect(getComputedStyle(select).maxWidth).toBe('100%');
  });
});

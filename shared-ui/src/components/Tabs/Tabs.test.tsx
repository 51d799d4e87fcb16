import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderWithProviders } from '../../test-utils';
import { Tabs } from './Tabs';

const tabs = [
  { id: 'products', label: 'Products' },
  { id: 'sales', label: 'Sales' },
  { id: 'settings', label: 'Settings' },
] as const;

type TabId = (typeof tabs)[number]['id'];

function Harness({ onChange }: { onChange?: (id: TabId) => void }) {
  const [value, setValue] = useState<TabId>('products');
  return (
    <>
      <Tabs
        aria-label="Products and sales"
        tabs={tabs}
        value={value}
        onChange={(id) => {
          setValue(id);
          onChange?.(id);
        }}
      />
      <p>Showing {value}</p>
    </>
  );
}

describe('Tabs', () => {
  it('marks the selected tab and switches on click', async () => {
    renderWithProviders(<Harness />);
    expect(screen.getByRole('tablist', { name: 'Products and sales' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Products' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(screen.getByRole('tab', { name: 'Sales' }));
    expect(screen.getByRole('tab', { name: 'Sales' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Products' })).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByText('Showing sales')).toBeInTheDocument();
  });

  it('moves with arrow keys, wrapping around, and follows focus', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.click(screen.getByRole('tab', { name: 'Products' }));
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Settings' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Settings' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Products' })).toHaveFocus();
  });
});

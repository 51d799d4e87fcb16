import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test-utils';
import { PhoneSections } from './PhoneSections';

/** Pretends the window is `width` px wide for the (max-width: 640px) query. */
function windowOf(width: number) {
  window.matchMedia = ((query: string) => ({
    matches: /max-width: 640px/.test(query) && width <= 640,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}

const sections = [
  { id: 'review', label: 'Review', content: <h2>Pending review</h2> },
  { id: 'settings', label: 'Settings', content: <input aria-label="Hold period" /> },
] as const;

afterEach(() => {
  // jsdom has no matchMedia; the other tests expect none.
  delete (window as { matchMedia?: unknown }).matchMedia;
});

describe('PhoneSections', () => {
  it('on a desktop shows every section, with no tabs', () => {
    windowOf(1280);
    renderWithProviders(<PhoneSections aria-label="Payouts sections" sections={sections} />);
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Pending review' })).toBeVisible();
    expect(screen.getByLabelText('Hold period')).toBeVisible();
  });

  it('on a 390 px phone shows one section at a time, keeping what was typed in the others', async () => {
    windowOf(390);
    const user = userEvent.setup();
    renderWithProviders(<PhoneSections aria-label="Payouts sections" sections={sections} />);
    const tabs = screen.getByRole('tablist', { name: 'Payouts sections' });
    expect(within(tabs).getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Review',
      'Settings',
    ]);
    expect(screen.getByRole('tabpanel', { name: 'Review' })).toBeVisible();
    expect(screen.getByText('Pending review')).toBeVisible();
    expect(screen.getByLabelText('Hold period')).not.toBeVisible();
    await user.click(within(tabs).getByRole('tab', { name: 'Settings' }));
    await user.type(screen.getByLabelText('Hold period'), '14');
    await user.click(within(tabs).getByRole('tab', { name: 'Review' }));
    await user.click(within(tabs).getByRole('tab', { name: 'Settings' }));
    expect(screen.getByLabelText('Hold period')).toHaveValue('14');
  });

  it('opens on the section a link names (the setup checklist opens the settings)', () => {
    windowOf(390);
    renderWithProviders(
      <PhoneSections aria-label="Payouts sections" sections={sections} initial="settings" />,
    );
    expect(screen.getByRole('tab', { name: 'Settings' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Hold period')).toBeVisible();
    expect(screen.getByText('Pending review')).not.toBeVisible();
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { AllProviders } from 'shared-ui/test-utils';
import { CONSENT_COOKIE, CookieBanner } from './CookieBanner';

describe('CookieBanner', () => {
  afterEach(() => Cookies.remove(CONSENT_COOKIE, { path: '/' }));

  it.each(['Accept', 'Close'])('%s records consent and hides the banner', async (button) => {
    render(<CookieBanner />, { wrapper: AllProviders });
    await userEvent.click(screen.getByRole('button', { name: button }));
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).not.toBeInTheDocument();
    expect(Cookies.get(CONSENT_COOKIE)).toBe('true');
  });

  it('stays hidden once consent exists', () => {
    Cookies.set(CONSENT_COOKIE, 'true');
    render(<CookieBanner />, { wrapper: AllProviders });
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).not.toBeInTheDocument();
  });
});

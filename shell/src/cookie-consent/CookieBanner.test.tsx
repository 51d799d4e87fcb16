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

  it('keeps room below the page while shown, so nothing stays under it; gives it back after', async () => {
    render(<CookieBanner />, { wrapper: AllProviders });
    const banner = screen.getByRole('region', { name: 'Cookie consent' });
    // jsdom lays nothing out (height 0): the room is the banner's height plus its two gaps.
    expect(banner.offsetHeight).toBe(0);
    expect(document.body.style.paddingBottom).toBe('32px');
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(document.body.style.paddingBottom).toBe('');
  });

  it('stays hidden once consent exists', () => {
    Cookies.set(CONSENT_COOKIE, 'true');
    render(<CookieBanner />, { wrapper: AllProviders });
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).not.toBeInTheDocument();
  });
});

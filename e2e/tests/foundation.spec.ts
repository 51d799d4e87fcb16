import type { Page } from '@playwright/test';
import { acceptCookies, expect, PORTS, test } from '../fixtures';

const BRAND = { email: 'brand@demo.test', password: 'Brand123!' };

async function signInViaApi(page: Page, account: { email: string; password: string }) {
  // The refresh cookie lands in the browser context; the shell restores the session from it.
  const reply = await page.request.post('/api/v1/token/', { data: account });
  expect(reply.ok()).toBe(true);
}

test.describe('federated shell', () => {
  test('each area renders its remote, loaded from the remote origin, inside the shell layout', async ({
    page,
  }) => {
    const entries: string[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/remoteEntry.js') && response.ok())
        entries.push(new URL(response.url()).port);
    });

    await page.goto('/auth/login');
    await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Toggle theme' })).toBeVisible();
    expect(entries).toContain(String(PORTS.auth));

    await signInViaApi(page, BRAND);
    await page.goto('/brand/dashboard');
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    expect(entries).toContain(String(PORTS.brand));

    await page.goto('/user/profile');
    await expect(page.getByText('brand@demo.test').first()).toBeVisible();
    expect(entries).toContain(String(PORTS.user));
  });

  test('the advocate area loads from its own origin', async ({ page }) => {
    const entry = page.waitForResponse(`http://localhost:${PORTS.advocate}/remoteEntry.js`);
    await signInViaApi(page, { email: 'advocate@demo.test', password: 'Advocate123!' });
    await page.goto('/advocate/dashboard');
    expect((await entry).ok()).toBe(true);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  });

  test('the theme choice survives a reload', async ({ page }) => {
    await page.goto('/auth/login');
    const initial = await page.locator('html').getAttribute('data-theme');
    await page.getByRole('button', { name: 'Toggle theme' }).click();
    const flipped = initial === 'dark' ? 'light' : 'dark';
    await expect(page.locator('html')).toHaveAttribute('data-theme', flipped);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', flipped);
  });

  test('the cookie banner goes away after Accept and stays gone', async ({ page }) => {
    await page.goto('/auth/login');
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await expect(banner).toBeVisible();
    await acceptCookies(page);
    await expect(banner).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
    await expect(banner).toBeHidden();
  });

  test('a remote that is down is contained, and Retry brings it back without a reload', async ({
    page,
    product,
  }) => {
    await signInViaApi(page, BRAND);
    await product.stopRemote('brand');
    try {
      await page.goto('/brand/dashboard');
      await expect(page.getByText('This section is unavailable')).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();

      // Other areas keep working meanwhile.
      await page.goto('/auth/login');
      await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
      await page.goto('/brand/dashboard');
      await expect(page.getByText('This section is unavailable')).toBeVisible();
    } finally {
      await product.startRemote('brand', PORTS.brand);
    }
    await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    expect(
      await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload),
    ).toBe(true);
  });

  test('the runtime manifest moves a remote to another origin without rebuilding the shell', async ({
    page,
    product,
  }) => {
    const movedPort = PORTS.spare;
    await product.startRemote('auth', movedPort, 'auth-moved');
    product.pointRemote('auth', movedPort);
    try {
      const entry = page.waitForResponse(`http://localhost:${movedPort}/remoteEntry.js`);
      await page.goto('/auth/login');
      expect((await entry).ok()).toBe(true);
      await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
    } finally {
      product.pointRemote('auth', PORTS.auth);
      await product.stopRemote('auth-moved');
    }
  });
});

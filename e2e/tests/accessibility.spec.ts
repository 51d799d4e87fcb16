// Every screen a person can reach from the sidebar of each role (brand owner, advocate, a user
// without a role), plus the public and sign-in pages, in light and in dark theme: no serious or
// critical axe-core violation.
import type { Page } from '@playwright/test';
import { acceptCookies, expect, expectNoSeriousAxeViolations, test } from '../fixtures';
import { register } from '../journeys';

const AUTH_PAGES = [
  '/',
  '/auth/login',
  '/auth/signup',
  '/auth/forgot-password',
  '/auth/verify-otp',
  '/auth/reset-password',
];

/** The sidebar's links and the bottom group's, as each role sees them. */
const ROLE_SCREENS = {
  brand: [
    '/brand/dashboard',
    '/brand/insights',
    '/brand/inchat',
    '/brand/brands',
    '/brand/advocates',
    '/brand/intelligence',
    '/brand/payouts',
    '/user/profile',
    '/brand/support',
  ],
  advocate: [
    '/advocate/dashboard',
    '/advocate/insights',
    '/advocate/chat',
    '/advocate/campaigns/list',
    '/advocate/inacademy',
    '/advocate/intelligence',
    '/advocate/earnings',
    '/advocate/campaigns',
    '/advocate/settings',
    '/advocate/support',
  ],
  user: ['/user/dashboard', '/user/get-started', '/user/profile', '/user/sdk-tester'],
};

/** Opens `path` and waits until its data has come and its heading shows. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('heading').first()).toBeVisible();
  // Skeletons and spinners have gone: the screen shows what its data says.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** axe on the current screen in the light theme, then in the dark one. */
async function checkBothThemes(page: Page): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
    await test.step(`${page.url()} (${colorScheme})`, () => expectNoSeriousAxeViolations(page));
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  const reply = await page.request.post('/api/v1/token/', { data: { email, password } });
  expect(reply.ok()).toBe(true);
}

test.describe('accessibility (axe-core, light and dark theme)', () => {
  test.describe.configure({ timeout: 240_000 });

  test('the public and sign-in pages', async ({ page }) => {
    await page.goto('/auth/login');
    await acceptCookies(page);
    for (const path of AUTH_PAGES) {
      await open(page, path);
      await checkBothThemes(page);
    }
  });

  test('every screen of the brand owner sidebar', async ({ page }) => {
    await signIn(page, 'brand@demo.test', 'Brand123!');
    await page.goto('/brand/dashboard');
    await acceptCookies(page);
    for (const path of ROLE_SCREENS.brand) {
      await open(page, path);
      await checkBothThemes(page);
    }
  });

  test('every screen of the advocate sidebar', async ({ page }) => {
    await signIn(page, 'advocate@demo.test', 'Advocate123!');
    await page.goto('/advocate/dashboard');
    await acceptCookies(page);
    for (const path of ROLE_SCREENS.advocate) {
      await open(page, path);
      await checkBothThemes(page);
    }
  });

  test('every screen of a user without a role', async ({ page }) => {
    await register(page.request, 'a11y');
    await page.goto('/user/dashboard');
    await acceptCookies(page);
    for (const path of ROLE_SCREENS.user) {
      await open(page, path);
      await checkBothThemes(page);
    }
  });
});

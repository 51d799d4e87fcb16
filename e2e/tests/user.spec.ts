import type { Page } from '@playwright/test';
import { acceptCookies, expect, test, shootScreen } from '../fixtures';

const BOTH = { email: 'both@demo.test', password: 'Both1234!' };

async function signInViaApi(page: Page, account: { email: string; password: string }) {
  // The refresh cookie lands in the browser context; the shell restores the session from it.
  const reply = await page.request.post('/api/v1/token/', { data: account });
  expect(reply.ok()).toBe(true);
}

/** Registers a fresh account (which also signs it in) and returns its username. */
async function registerNewUser(page: Page, prefix: string): Promise<string> {
  const username = `${prefix}${Date.now().toString(36)}`;
  const password = 'Newbie123!';
  const reply = await page.request.post('/api/v1/user/register/', {
    data: {
      username,
      email: `${username}@example.test`,
      password,
      password_confirmation: password,
    },
  });
  expect(reply.ok()).toBe(true);
  return username;
}

test.describe('user area', () => {
  test('a user with both roles chooses one per session and switches from the header', async ({
    page,
  }) => {
    await signInViaApi(page, BOTH);
    await page.goto('/brand/dashboard');
    await acceptCookies(page);

    await expect(page).toHaveURL(/\/user\/select-role$/);
    await expect(
      page.getByRole('heading', { name: 'Choose your role for this session' }),
    ).toBeVisible();
    await shootScreen(page, 'select-role');

    await page.getByRole('button', { name: /^Advocate/ }).click();
    await expect(page).toHaveURL(/\/advocate\/dashboard$/);

    await page.getByRole('button', { name: 'Advocate', exact: true }).click();
    await page.getByRole('menuitemradio', { name: 'Brand Owner' }).click();
    await expect(page).toHaveURL(/\/brand\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  });

  test('a new user is welcomed by name and becomes an advocate with Promote', async ({ page }) => {
    const username = await registerNewUser(page, 'promo');
    await page.goto('/user/get-started');
    await acceptCookies(page);

    await expect(page.getByRole('heading', { name: `Welcome, ${username}` })).toBeVisible();
    await shootScreen(page, 'get-started');

    await page.getByRole('button', { name: 'Start Promoting' }).click();
    await expect(page.getByText('Upgraded to Advocate')).toBeVisible();
    await expect(page).toHaveURL(/\/advocate\/dashboard$/);
  });

  test('a profile edit is saved on the server and survives a reload', async ({ page }) => {
    const username = await registerNewUser(page, 'edit');
    await page.goto('/user/profile');
    await acceptCookies(page);

    const account = page.getByRole('region', { name: username });
    await expect(account.getByText(`${username}@example.test`)).toBeVisible();
    await expect(account.getByText('Active', { exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Brand Access' })).toContainText('0 brands');
    await shootScreen(page, 'profile');

    await page.getByRole('button', { name: 'Edit' }).click();
    const renamed = `${username}x`;
    await page.getByLabel('Username').fill(renamed);
    await page.getByLabel('First name').fill('Edith');
    await shootScreen(page, 'profile-edit');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Profile updated')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Edith' })).toContainText(renamed);

    await page.reload();
    const reloaded = page.getByRole('region', { name: 'Edith' });
    await expect(reloaded).toContainText(renamed);
    await expect(page.getByText(`Welcome, Edith`)).toBeVisible();

    await page.getByRole('button', { name: 'Deactivate' }).click();
    await expect(page.getByRole('dialog', { name: 'Deactivate account?' })).toContainText(
      'Are you sure you want to deactivate your account? This will sign you out.',
    );
    await shootScreen(page, 'profile-deactivate');
  });

  test('the profile lists held roles, each removable after confirmation', async ({ page }) => {
    await signInViaApi(page, BOTH);
    await page.goto('/user/profile');
    await acceptCookies(page);
    const roles = page.getByRole('region', { name: 'Roles' });
    await expect(roles.getByRole('button', { name: 'Remove Brand Owner' })).toBeVisible();
    await expect(roles.getByRole('button', { name: 'Remove Advocate' })).toBeVisible();
    // The server has no brands feature yet, so the count is all there is to see here; the
    // 'Brand #id' list and '+N more' are covered by the component tests.
    await expect(page.getByRole('region', { name: 'Brand Access' })).toContainText(/\d+ brands?/);
    await shootScreen(page, 'profile-roles');

    await roles.getByRole('button', { name: 'Remove Advocate' }).click();
    await expect(page.getByRole('dialog', { name: 'Remove role?' })).toBeVisible();
    await shootScreen(page, 'profile-remove-role');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
  });

  test('unknown /user paths show not-found with a Home link', async ({ page }) => {
    await signInViaApi(page, BOTH);
    await page.goto('/user/nowhere');
    await acceptCookies(page);
    await expect(page.getByText('Page not found')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await shootScreen(page, 'not-found');
  });
});

// Keyboard only: signing in, joining a campaign and creating a product with Tab, Shift+Tab,
// Enter and Space, every control showing where the focus is, and each action completing.
import type { Locator, Page } from '@playwright/test';
import { acceptCookies, expect, test } from '../fixtures';
import { ok, register } from '../journeys';

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, at most `limit` times, then checks
 * that the focus is visible on it: `:focus-visible` matches and it draws an outline or a ring.
 */
async function tabTo(page: Page, target: Locator, backwards = false, limit = 40): Promise<void> {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) break;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  await expect(target).toBeFocused();
  const indicator = await target.evaluate((el) => {
    const style = getComputedStyle(el);
    return {
      focusVisible: el.matches(':focus-visible'),
      outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0,
      ring: style.boxShadow !== 'none',
    };
  });
  expect(indicator.focusVisible, 'the focus is marked as visible').toBe(true);
  expect(indicator.outline || indicator.ring, 'an outline or a ring shows the focus').toBe(true);
}

test.describe('keyboard only', () => {
  test('sign in: Tab through the form, Shift+Tab back, Enter signs in', async ({ page }) => {
    await page.goto('/auth/login');
    await acceptCookies(page);
    await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();

    const email = page.getByLabel('Email');
    const password = page.getByLabel('Password', { exact: true });
    const login = page.getByRole('button', { name: 'Login' });
    await tabTo(page, email);
    await page.keyboard.type('brand@demo.test');
    await tabTo(page, password);
    await page.keyboard.type('Brand123!');
    await tabTo(page, login);
    // Back to the password and forward again: Shift+Tab walks the same controls in reverse.
    await tabTo(page, password, true);
    await expect(password).toHaveValue('Brand123!');
    await tabTo(page, login);
    await page.keyboard.press('Enter');
    // Signed in: the signed-in layout with its sidebar replaces the form.
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    await expect(page).not.toHaveURL(/\/auth\//);
  });

  test('join a campaign: Enter opens it from the list, Space joins, the share links show', async ({
    page,
  }) => {
    const advocate = await register(page.request, 'kbadv');
    await ok(
      await page.request.post('/api/v1/roles/upgrade/advocate/', { headers: advocate.auth }),
    );
    await page.goto('/advocate/campaigns/list');
    await acceptCookies(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Available Campaigns');

    const view = page.getByRole('link', { name: /^View / }).first();
    await tabTo(page, view);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Your share links' })).toBeVisible();

    const join = page.getByRole('button', { name: 'Join this Campaign' });
    await tabTo(page, join);
    await page.keyboard.press('Space');
    const links = page.getByRole('list', { name: 'Share links' });
    await expect(links.getByRole('link').first()).toBeVisible();
    await expect(join).toBeHidden();
  });

  test('create a product: fields, selects and the submit button by keyboard', async ({ page }) => {
    const owner = await register(page.request, 'kbowner');
    const { brand } = await ok<{ brand: { id: number } }>(
      await page.request.post('/api/v1/brand/create/', {
        headers: owner.auth,
        data: { brand_name: `Keyboard ${Date.now().toString(36)}` },
      }),
    );
    await page.goto(`/brand/brands/${brand.id}/products/create`);
    await acceptCookies(page);
    await expect(page.getByRole('heading', { name: 'Create Product' })).toBeVisible();

    const name = `Tabbed Mug ${Date.now().toString(36)}`;
    await tabTo(page, page.getByLabel('Name'));
    await page.keyboard.type(name);
    await tabTo(page, page.getByLabel('Price'));
    await page.keyboard.type('14.50');
    // A native select takes arrow keys; the currency keeps its default and is only passed.
    await tabTo(page, page.getByLabel('Currency'));
    await tabTo(page, page.getByLabel('Product URL'));
    await page.keyboard.type('https://shop.example/tabbed-mug');
    await tabTo(page, page.getByRole('button', { name: 'Create Product' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/brand/brands/${brand.id}/products$`));
    await expect(page.getByRole('table', { name: 'Products' }).getByText(name)).toBeVisible();
  });
});

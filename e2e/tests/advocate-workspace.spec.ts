import type { Page } from '@playwright/test';
import {
  acceptCookies,
  expect,
  expectNoSeriousAxeViolations,
  shootScreen,
  test,
} from '../fixtures';

const ADVOCATE = { email: 'advocate@demo.test', password: 'Advocate123!' };
const BRAND = { email: 'brand@demo.test', password: 'Brand123!' };

// A real 1×1 PNG: the server keeps a picture only when its content is an image.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function signIn(page: Page, account: { email: string; password: string }) {
  // The refresh cookie lands in the browser context; the shell restores the session from it.
  const reply = await page.request.post('/api/v1/token/', { data: account });
  expect(reply.ok()).toBe(true);
}

/**
 * Prototype screens open with a notice; close it so the screen itself can be used. Call once the
 * screen's heading is visible: the notice renders with it.
 */
async function dismissPrototypeNotice(page: Page) {
  const notice = page.getByRole('dialog', { name: 'Prototype — UI only' });
  // Every visit of a prototype screen opens the notice, a moment after the page is drawn.
  await notice.getByRole('button', { name: 'Got it' }).click();
  await expect(notice).toBeHidden();
}

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

test.describe('advocate workspace', () => {
  test('profile and notification settings saved survive a reload', async ({ page }) => {
    await signIn(page, ADVOCATE);
    await page.goto('/advocate/settings');
    await acceptCookies(page);
    await expect(h1(page)).toHaveText('Settings');

    const name = page.getByLabel('Full name');
    await name.fill('Ada Advocate');
    await page.getByLabel('Telephone').fill('+234 801 234 5678');
    await page.getByLabel('Description').fill('Runner, reviewer and coffee lover.');
    await page.getByLabel('Instagram').fill('https://instagram.com/ada.advocate');
    await page.getByLabel('Upload a picture').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Profile updated')).toBeVisible();

    await page.getByRole('tab', { name: 'Notification & Preferences' }).click();
    const sms = page.getByRole('switch', { name: 'SMS' });
    await expect(sms).toHaveAttribute('aria-checked', 'false');
    await sms.click();
    await expect(page.getByText('Preferences saved')).toBeVisible();
    await expect(sms).toHaveAttribute('aria-checked', 'true');

    await page.reload();
    await expect(page.getByLabel('Full name')).toHaveValue('Ada Advocate');
    await expect(page.getByLabel('Telephone')).toHaveValue('+234 801 234 5678');
    await expect(page.getByLabel('Description')).toHaveValue('Runner, reviewer and coffee lover.');
    await expect(page.getByLabel('Instagram')).toHaveValue('https://instagram.com/ada.advocate');
    const picture = page.getByRole('img', { name: 'Your profile picture' });
    await expect(picture).toBeVisible();
    // The signed picture URL serves the stored image.
    expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    await expectNoSeriousAxeViolations(page);
    await shootScreen(page, 'settings-profile');

    await page.getByRole('tab', { name: 'Notification & Preferences' }).click();
    await expect(page.getByRole('switch', { name: 'SMS' })).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByRole('switch', { name: 'In-App' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await expect(page.getByRole('switch', { name: 'Push' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    await expectNoSeriousAxeViolations(page);
    await shootScreen(page, 'settings-notifications');

    await page.getByRole('tab', { name: 'Payment methods' }).click();
    await shootScreen(page, 'settings-payments');
  });

  test('support, chat, intelligence and academy screens', async ({ page }) => {
    await signIn(page, ADVOCATE);
    await page.goto('/advocate/support');
    await acceptCookies(page);
    await expect(h1(page)).toHaveText('Support');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('status')).toContainText('nothing was sent');
    await page.getByRole('button', { name: 'Terms of Service' }).click();
    await expect(page.getByRole('dialog', { name: 'Terms of Service' })).toBeVisible();
    await shootScreen(page, 'support-terms');
    await page.getByRole('button', { name: 'Done' }).click();
    await expectNoSeriousAxeViolations(page);
    await shootScreen(page, 'support');

    await page.goto('/advocate/chat');
    await expect(h1(page)).toContainText('Chat');
    await dismissPrototypeNotice(page);
    await page.getByRole('button', { name: ADVOCATE_PROMPT }).click();
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('region', { name: 'Conversation' })).toContainText(
      'answers are not available yet',
    );
    await expectNoSeriousAxeViolations(page);
    await shootScreen(page, 'chat');

    await page.goto('/advocate/intelligence');
    await expect(h1(page)).toContainText('Intelligence');
    await dismissPrototypeNotice(page);
    await page.getByRole('button', { name: 'Generate' }).click();
    await expect(page.getByText('$13,450.00').first()).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await shootScreen(page, 'intelligence');

    await page.goto('/advocate/inacademy');
    await expect(h1(page)).toContainText('InAcademy');
    await dismissPrototypeNotice(page);
    await expectNoSeriousAxeViolations(page);
    await shootScreen(page, 'academy');

    await page.goto('/advocate/campaigns/list');
    await expect(h1(page)).toHaveText('Available Campaigns');
    await expectNoSeriousAxeViolations(page);
    await shootScreen(page, 'campaigns');
  });

  test('Available Campaigns keeps View in reach; a joined campaign shows its links after a reload', async ({
    page,
  }) => {
    await signIn(page, ADVOCATE);
    await page.goto('/advocate/campaigns/list');
    await acceptCookies(page);
    await expect(h1(page)).toHaveText('Available Campaigns');
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: 800 });
      // The filters and each campaign's terms make a phone's first card taller than the screen:
      // "in reach" means reachable by scrolling down, never cut off at the side.
      const view = page.getByRole('link', { name: /^View / }).first();
      await view.scrollIntoViewIfNeeded();
      await expect(view).toBeInViewport();
      const box = await view.boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(width);
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    // An open campaign of the demo (its Ambassadors campaign takes applications instead).
    await page.getByRole('link', { name: 'View Spring Trail Launch' }).first().click();
    await expect(page.getByRole('heading', { name: 'Your share links' })).toBeVisible();
    const join = page.getByRole('button', { name: 'Join this Campaign' });
    const links = page.getByRole('list', { name: 'Share links' });
    await expect(join.or(links)).toBeVisible();
    if (await join.isVisible()) {
      await join.click();
      await expect(links).toBeVisible();
    }
    const first = await links.getByRole('link').first().getAttribute('href');

    await page.reload();
    await expect(links.getByRole('link').first()).toHaveAttribute('href', first ?? '');
    await expect(page.getByText('Already joined')).toBeVisible();
    await expect(join).toBeHidden();
    await expectNoSeriousAxeViolations(page);
    await shootScreen(page, 'campaign-joined');
  });

  test('the brand contact page, reached from Support', async ({ page }) => {
    await signIn(page, BRAND);
    await page.goto('/brand/support');
    await acceptCookies(page);
    await page.getByRole('link', { name: 'Open the contact page' }).click();
    await expect(page).toHaveURL(/\/brand\/contact$/);
    await expect(h1(page)).toHaveText('Contact');
    await expectNoSeriousAxeViolations(page);
    await shootScreen(page, 'brand-contact');
  });

  for (const [role, account] of [
    ['advocate', ADVOCATE],
    ['brand', BRAND],
  ] as const) {
    test(`every sidebar link of the ${role} leads to a screen with a heading`, async ({ page }) => {
      await signIn(page, account);
      await page.goto(`/${role}/dashboard`);
      await acceptCookies(page);
      const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
      // In-app links only: external ones (API documentation, mail) leave the workspace.
      const links = sidebar.locator('a:not([target="_blank"])');
      await expect(links.first()).toBeVisible();
      const hrefs = await links.evaluateAll((anchors) =>
        anchors.map((a) => a.getAttribute('href') ?? ''),
      );
      expect(hrefs.length).toBeGreaterThan(5);
      // A prototype screen opens its notice a moment after it is drawn; whenever the notice is
      // in the way of the next click, it is dismissed first.
      const notice = page.getByRole('dialog', { name: 'Prototype — UI only' });
      await page.addLocatorHandler(notice, async () => {
        await notice.getByRole('button', { name: 'Got it' }).click();
      });
      for (const href of hrefs) {
        await sidebar.locator(`a[href="${href}"]`).click();
        await expect(page).toHaveURL(new RegExp(`${href}$`));
        await expect(h1(page), href).toBeVisible();
        await expect(h1(page), href).not.toHaveText('Page not found');
      }
    });
  }
});

const ADVOCATE_PROMPT = 'Which of my links earned the most this month?';

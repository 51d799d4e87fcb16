import type { Page } from '@playwright/test';
import {
  acceptCookies,
  expect,
  expectNoSeriousAxeViolations,
  shootScreen,
  test,
} from '../fixtures';
import { ok, register } from '../journeys';
import { invitationPathFor } from '../outbox';

// Issue 30's "done when": the money screens and both dashboards at 1280 and 390 px in both
// themes, no figure clipped and no sideways scroll, the payouts' amount and status in view.

const BRAND = { email: 'brand@demo.test', password: 'Brand123!' };
const ADVOCATE = { email: 'advocate@demo.test', password: 'Advocate123!' };

/** Signs `page`'s context in; returns the bearer header for API calls. */
async function signIn(page: Page, account: { email: string; password: string }) {
  const reply = await ok<{ access?: string; token?: string }>(
    await page.request.post('/api/v1/token/', { data: account }),
  );
  return { Authorization: `Bearer ${reply.access ?? reply.token ?? ''}` };
}

/** At 390 px, in the light and the dark theme, the page is no wider than the screen. */
async function expectNoSidewaysScroll(page: Page) {
  const desktop = page.viewportSize() ?? { width: 1280, height: 800 };
  await page.setViewportSize({ width: 390, height: desktop.height });
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
    // Polled: a chart redraws its canvas at the new width when its resize observer fires, a
    // moment after the window narrows (on a busy machine, long enough to be measured at 1280 px's
    // width). What must hold is the page once it has settled.
    await expect
      .poll(
        () =>
          page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          ),
        { message: `${page.url()} at 390 px, ${colorScheme}: px wider than the screen` },
      )
      .toBeLessThanOrEqual(0);
  }
  await page.setViewportSize(desktop);
  await page.emulateMedia({ colorScheme: 'light' });
}

/** The cell's box lies inside the window, nothing of it scrolled out or under the buttons. */
async function expectInView(page: Page, cell: ReturnType<Page['locator']>, what: string) {
  const box = await cell.boundingBox();
  const width = page.viewportSize()?.width ?? 1280;
  expect(box, what).not.toBeNull();
  expect(box!.x, what).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, what).toBeLessThanOrEqual(width);
}

test.describe('money screens and dashboards at 1280 and 390 px', () => {
  test.describe.configure({ timeout: 240_000 });

  test('brand payouts: amount, date and status in view beside the buttons; provider files; Export', async ({
    page,
    browser,
    baseURL,
  }) => {
    // A pending payout to look at: the demo advocate adds a PayPal account (their first method,
    // so the default) and the demo brand creates its payouts.
    const advocate = await browser.newContext({ baseURL });
    const advocatePage = await advocate.newPage();
    const advocateAuth = await signIn(advocatePage, ADVOCATE);
    await ok(
      await advocatePage.request.post('/api/v1/payout-methods/', {
        data: { type: 'paypal', paypal_email: 'advocate@pay.example' },
        headers: advocateAuth,
      }),
    );
    await advocate.close();

    const brandAuth = await signIn(page, BRAND);
    // Other journeys may have given the demo owner more brands: the demo data is Demo Outfitters'.
    const { brands } = await ok<{ brands: Array<{ id: number; brand_name: string }> }>(
      await page.request.get('/api/v1/brand/list/', { headers: brandAuth }),
    );
    const brandId = brands.find((b) => b.brand_name === 'Demo Outfitters')?.id;
    expect(brandId).toBeDefined();
    await ok(await page.request.post(`/api/v1/brand/${brandId}/payouts/`, { headers: brandAuth }));

    await page.goto(`/brand/payouts?brandId=${brandId}`);
    await acceptCookies(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Payouts' })).toBeVisible();
    const payouts = page.getByRole('table', { name: 'Payouts' });
    const row = payouts.getByRole('row', { name: /advocate@pay\.example/ }).first();
    await expect(row).toBeVisible();

    // 1280 px: who, method, amount, date, status and the buttons all fit; nothing scrolls.
    const cells = row.getByRole('cell');
    const headers = await payouts.getByRole('columnheader').allTextContents();
    const column = (name: string) => cells.nth(headers.indexOf(name));
    await expectInView(page, column('Amount'), 'amount cell at 1280 px');
    await expectInView(page, column('Status'), 'status cell at 1280 px');
    await expectInView(page, column('Date'), 'date cell at 1280 px');
    await expectInView(page, row.getByRole('button', { name: 'Mark sent' }), 'Mark sent');
    // The table's own scroll box (its parent) has nothing to scroll sideways.
    const box = payouts.locator('xpath=..');
    expect(await box.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

    // The provider files offered are exactly the pending payouts, and the header exports them.
    await expect(
      page.getByRole('button', { name: /^PayPal CSV \([A-Z]{3}\) · \d+ payouts?$/ }).first(),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: /^Wise CSV/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Export' })).toBeEnabled();
    await expect(page.getByRole('region', { name: 'Previous payout' })).toContainText(
      'not sent yet',
    );

    // axe over every screen is accessibility.spec.ts's; this journey looks at layout.
    await shootScreen(page, 'payouts');
    await expectNoSidewaysScroll(page);
  });

  test('brand dashboard and insights', async ({ page }) => {
    await signIn(page, BRAND);
    await page.goto('/brand/dashboard');
    await acceptCookies(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Payments' })).toBeVisible();
    await expect(page.getByText(/^Sales with a value from /)).toBeVisible();
    await shootScreen(page, 'brand-dashboard');
    await expectNoSidewaysScroll(page);

    await page.goto('/brand/insights');
    await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();
    await shootScreen(page, 'brand-insights');
    await expectNoSidewaysScroll(page);
  });

  test('advocate dashboard and insights', async ({ page }) => {
    await signIn(page, ADVOCATE);
    await page.goto('/advocate/dashboard');
    await acceptCookies(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Performance by campaign' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Revenue over time legend' })).toBeVisible();
    await shootScreen(page, 'advocate-dashboard');
    await expectNoSidewaysScroll(page);

    await page.goto('/advocate/insights');
    await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();
    await shootScreen(page, 'advocate-insights');
    await expectNoSidewaysScroll(page);
  });
});

test.describe('review and earnings at 1280 and 390 px', () => {
  test.describe.configure({ timeout: 240_000 });

  test('brand review: what waits, a held commission with its timeline, the refused browser reports', async ({
    page,
  }) => {
    await signIn(page, BRAND);
    await page.goto('/brand/payouts');
    await acceptCookies(page);
    // The demo holds a few commissions and kept a few refused browser reports.
    // The page's own count (the sidebar's Payouts link says it too, to screen readers only).
    await expect(
      page.getByRole('main').getByText(/^\d+ sales? waiting for review$/),
    ).toBeVisible();
    await expect(
      page.getByText(/^\d+ browser reports? refused this week: over the price cap$/),
    ).toBeVisible();
    await expect(page.getByRole('table', { name: 'Refused browser reports' })).toBeVisible();
    await page.getByLabel('Status').selectOption('held');
    const review = page.getByRole('table', { name: 'Pending conversions' });
    await review.getByRole('button', { name: 'Review' }).first().click();
    const drawer = page.getByRole('dialog', { name: 'Commission' });
    const timeline = drawer.getByRole('region', { name: 'Timeline' });
    await expect(timeline.getByText('Fraud rule matched').first()).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await shootScreen(page, 'review');
  });

  test('advocate earnings: payouts with their status, Export', async ({ page }) => {
    await signIn(page, ADVOCATE);
    await page.goto('/advocate/earnings');
    await acceptCookies(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Earnings' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Transaction History' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Payouts' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Export/ })).toBeEnabled();
    await expectNoSeriousAxeViolations(page);
    await shootScreen(page, 'earnings');
    await expectNoSidewaysScroll(page);
  });
});

test.describe('the invitation page at 1280 and 390 px', () => {
  test('names the brand, the inviter and the role, signed out; axe-clean', async ({
    page,
    product,
  }) => {
    const owner = await register(page.request, 'invshots');
    const { brand } = await ok<{ brand: { id: number } }>(
      await page.request.post('/api/v1/brand/create/', {
        data: { brand_name: 'Lumen Roast' },
        headers: owner.auth,
      }),
    );
    const invitee = `inv${Date.now().toString(36)}@example.test`;
    await ok(
      await page.request.post(`/api/v1/brand/${brand.id}/members/invite/`, {
        data: { email: invitee, role: 'analyst' },
        headers: owner.auth,
      }),
    );
    let link = '';
    await expect.poll(() => (link = invitationPathFor(product.dataDir, invitee))).not.toBe('');
    await page.context().clearCookies();
    await page.goto(link);
    await acceptCookies(page);
    await expect(page.getByRole('heading', { name: 'Join Lumen Roast' })).toBeVisible();
    await expect(page.getByText('Analyst', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create an account' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await shootScreen(page, 'invitation');
    await expectNoSidewaysScroll(page);
  });
});

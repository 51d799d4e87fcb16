import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type * as Sdk from 'sdk';
import { acceptCookies, expect, test, shootScreen } from '../fixtures';
import { ok, PASSWORD, register } from '../journeys';

// The merchant-side client, as a merchant's Node server would load it (see tracking.spec.ts).
const { createTrackingClient } = createRequire(import.meta.url)(
  '../../sdk/src/index.ts',
) as typeof Sdk;

// A desktop browser: the server does not count HeadlessChrome (a known bot) as a click.
const chrome = (n: number) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.${n}.0 Safari/537.36`;

/** Opens a share link as visitor `n` (from `referer` if given); returns what attributes a sale. */
async function click(request: APIRequestContext, shareUrl: string, n: number, referer?: string) {
  const reply = await request.get(shareUrl, {
    maxRedirects: 0,
    headers: { 'User-Agent': chrome(n), ...(referer ? { Referer: referer } : {}) },
  });
  expect(reply.status()).toBe(302);
  const landed = new URL(reply.headers().location ?? '');
  return {
    via: landed.searchParams.get('via') ?? '',
    clickId: landed.searchParams.get('cid') ?? '',
  };
}

async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
}

/** The figure of a stat card. */
const figure = (page: Page, name: string) =>
  page.getByRole('region', { name, exact: true }).locator('p').first();

/** A new advocate signed in on a page of their own, joined to `campaignId`. */
async function advocateJoined(
  browser: Browser,
  baseURL: string,
  prefix: string,
  campaignId: number,
) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const account = await register(page.request, prefix);
  await ok(await page.request.post('/api/v1/roles/upgrade/advocate/', { headers: account.auth }));
  const join = await ok<{ share_links?: Array<{ url?: string; share_link?: string }> }>(
    await page.request.post('/api/v1/join-campaign/', {
      data: { id: campaignId },
      headers: account.auth,
    }),
  );
  const link = join.share_links?.[0];
  // A fresh sign-in picks up the advocate role as the session's active one.
  await ok(
    await page.request.post('/api/v1/token/', {
      data: { email: account.email, password: PASSWORD },
    }),
  );
  return { ...account, page, shareUrl: link?.url ?? link?.share_link ?? '' };
}

test.describe('analytics', () => {
  test('the dashboard, insights and the advocates’ own dashboards show the same clicks, sales and sources', async ({
    browser,
    baseURL,
    product,
  }) => {
    test.setTimeout(300_000);
    const owner = await browser.newContext({ baseURL });
    const page = await owner.newPage();
    // The redirects are not followed: any public product page will do.
    const landing = 'https://shop.example/house-blend';

    // A new brand owner with one product, one campaign (10%) and a secret key.
    const me = await register(page.request, 'stats-owner');
    const brand = await ok<{ brand: { id: number } }>(
      await page.request.post('/api/v1/brand/create/', {
        data: { brand_name: 'Stats Roastery', brand_type: 'company' },
        headers: me.auth,
      }),
    );
    const brandId = brand.brand.id;
    const made = await ok<{ data: { product: { id: number } } }>(
      await page.request.post('/api/v1/product/create/', {
        data: {
          name: 'House Blend',
          price: 12.5,
          currency: 'USD',
          status: 'active',
          brand_id: brandId,
          product_url: landing,
        },
        headers: me.auth,
      }),
    );
    const campaign = await ok<{ campaign: { id: number } }>(
      await page.request.post('/api/v1/campaign/create/', {
        data: {
          brand: brandId,
          title: 'Stats Launch',
          description: 'Share our house blend.',
          product_ids: [made.data.product.id],
          commission_type: 'percentage',
          commission_value: 10,
        },
        headers: me.auth,
      }),
    );
    const { secret } = await ok<{ secret: string }>(
      await page.request.post(`/api/v1/brand/${brandId}/api-keys/`, {
        data: { kind: 'secret' },
        headers: me.auth,
      }),
    );
    const tracking = createTrackingClient({ baseUrl: product.url, credential: secret });

    // Two advocates join. Ada: a click from t.co that sells $40 and a direct click that does not;
    // Bo: a direct click that sells $12.25. So 3 clicks (2 direct, 1 social), 2 sales, $52.25.
    const ada = await advocateJoined(browser, baseURL ?? '', 'ada', campaign.campaign.id);
    const bo = await advocateJoined(browser, baseURL ?? '', 'bo', campaign.campaign.id);
    const visits = [
      { who: ada, referer: 'https://t.co/x', value: 40 },
      { who: ada, referer: undefined, value: 0 },
      { who: bo, referer: undefined, value: 12.25 },
    ];
    let n = 0;
    for (const visit of visits) {
      const { via, clickId } = await click(page.request, visit.who.shareUrl, ++n, visit.referer);
      if (visit.value > 0) {
        const reply = await tracking.trackConversion({
          conversionRef: `order-${n}-${Date.now()}`,
          value: visit.value,
          currency: 'USD',
          via,
          clickId,
        });
        expect(reply.duplicate).toBe(false);
      }
    }

    // The dashboard's cards: exactly those (clicks are stored in batches, about every second).
    await page.goto('/brand/dashboard');
    await acceptCookies(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(async () => {
      await page.reload();
      await expect(figure(page, 'Clicks')).toHaveText('3', { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expect(figure(page, 'Advocates')).toHaveText('2');
    await expect(figure(page, 'Conversions')).toHaveText('2');
    await expect(figure(page, 'Total Income')).toHaveText('$52.25');
    const payments = page.getByRole('table', { name: 'Payments' });
    await expect(payments.getByRole('row')).toHaveCount(3);
    await expect(payments).toContainText('$40.00');
    await expect(payments).toContainText('$12.25');
    await shootScreen(page, 'brand-dashboard');
    await expectAccessible(page);

    // 7 days: a new request; today's activity is still all of it.
    const sevenDays = page.waitForRequest((r) => /\/brand\/stats\/\?.*days=7/.test(r.url()));
    await page.getByRole('combobox', { name: 'Period' }).selectOption({ label: 'Last 7 days' });
    await sevenDays;
    await expect(figure(page, 'Clicks')).toHaveText('3');
    await expect(page.getByText(/ – .* · Last updated/)).toBeVisible();

    // Insights: the brand is preselected; both advocates and both sources.
    await page.goto('/brand/insights');
    await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Brand' })).toHaveValue(String(brandId));
    const top = page.getByRole('table', { name: 'Top advocates' });
    await expect(top.getByRole('row', { name: new RegExp(ada.username) })).toContainText('$40.00');
    await expect(top.getByRole('row', { name: new RegExp(bo.username) })).toContainText('$12.25');
    await expect(
      page.getByRole('img', { name: 'Visits by source: Direct 2, Social 1, Email 0, Others 0' }),
    ).toBeVisible();
    await shootScreen(page, 'brand-insights');
    await expectAccessible(page);
    const annually = page.waitForRequest((r) => /\/brand\/stats\/\d+\/\?.*days=365/.test(r.url()));
    await page.getByRole('combobox', { name: 'Timeframe' }).selectOption({ label: 'Annually' });
    await annually;

    // The brand profile: real counts and the Brand Insights panel.
    await page.goto(`/brand/brands/${brandId}`);
    await expect(page.getByRole('heading', { level: 1, name: /Stats Roastery/ })).toBeVisible();
    const insights = page.getByRole('region', { name: 'Brand Insights' });
    await expect(insights.getByText('Unique visitors').locator('..')).toContainText('3');
    const about = page.getByRole('region', { name: 'About' });
    await expect(about.getByText('Campaigns', { exact: true }).locator('..')).toContainText('1');
    await expect(about.getByText('Products', { exact: true }).locator('..')).toContainText('1');
    await expect(about.getByText('Advocates', { exact: true }).locator('..')).toContainText('2');
    await expect(about.getByText('Company', { exact: true })).toBeVisible();
    await shootScreen(page, 'brand-profile');
    await expectAccessible(page);

    // Ada's own dashboard: the figures the brand sees for her.
    await ada.page.goto('/advocate/dashboard');
    await acceptCookies(ada.page);
    await expect(ada.page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(figure(ada.page, 'Clicks')).toHaveText('2');
    await expect(figure(ada.page, 'Revenue')).toHaveText('$40.00');
    await expect(figure(ada.page, 'Earnings')).toHaveText('$4.00');
    const breakdown = ada.page.getByRole('table', { name: 'Performance by campaign' });
    await expect(breakdown.getByRole('row', { name: /Stats Launch/ })).toContainText('$40.00');
    await shootScreen(ada.page, 'advocate-dashboard');
    await expectAccessible(ada.page);
    // Seven days: a request for a range of 7 days ending today.
    const spanDays = (url: string) => {
      const query = new URL(url).searchParams;
      return (
        (Date.parse(query.get('until') ?? '') - Date.parse(query.get('since') ?? '')) / 86_400_000
      );
    };
    const week = ada.page.waitForRequest(
      (r) => r.url().includes('/advocates/performance/') && spanDays(r.url()) === 6,
    );
    await ada.page.getByRole('combobox', { name: 'Period' }).selectOption({ label: 'Last 7 Days' });
    await week;
    await expect(figure(ada.page, 'Clicks')).toHaveText('2');

    // Bo's insights: the brand insights widgets on his own figures, in his words: the sales he
    // brought and his earnings on them (10% of $12.25, rounded half up), no top advocates of one.
    await bo.page.goto('/advocate/insights');
    await acceptCookies(bo.page);
    await expect(bo.page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();
    await expect(figure(bo.page, 'Sales you brought')).toHaveText('$12.25');
    await expect(figure(bo.page, 'Your earnings')).toHaveText('$1.23');
    await expect(bo.page.getByRole('region', { name: 'Total Revenue' })).toHaveCount(0);
    await expect(bo.page.getByRole('table', { name: 'Top advocates' })).toHaveCount(0);
    await expect(bo.page.getByRole('table', { name: 'Top platforms' })).toBeVisible();
    await expect(
      bo.page.getByRole('img', { name: 'Visits by source: Direct 1, Social 0, Email 0, Others 0' }),
    ).toBeVisible();
    await shootScreen(bo.page, 'advocate-insights');
    await expectAccessible(bo.page);

    await owner.close();
  });
});

import { createRequire } from 'node:module';
import type { APIRequestContext, Page } from '@playwright/test';
import type * as Sdk from 'sdk';
import { acceptCookies, expect, test, shootScreen } from '../fixtures';
import { ok } from '../journeys';
import { E2E_SHOP_HOST } from '../shop-host';

// The merchant-side client, loaded as a merchant's Node server would. Through require: the sdk
// package ships TypeScript with no "type", which Playwright compiles for require() only.
const { createTrackingClient } = createRequire(import.meta.url)(
  '../../sdk/src/index.ts',
) as typeof Sdk;

const ADVOCATE = { email: 'advocate@demo.test', password: 'Advocate123!' };
const PASSWORD = 'Brand1234!';

/** JSON of a call that must succeed. */

interface Setup {
  token: string;
  brandId: number;
  productId: number;
  campaignId: number;
  title: string;
}

/**
 * A fresh brand owner (signed in within `request`'s context) with a brand, one product whose
 * page is `productUrl`, and an active campaign with a flat $5 reward.
 */
async function brandWithCampaign(request: APIRequestContext, productUrl: string): Promise<Setup> {
  const username = `owner${Date.now().toString(36)}`;
  const registered = await ok<{ access?: string; token?: string }>(
    await request.post('/api/v1/user/register/', {
      data: {
        username,
        email: `${username}@example.test`,
        password: PASSWORD,
        password_confirmation: PASSWORD,
      },
    }),
  );
  const token = registered.access ?? registered.token ?? '';
  const headers = { Authorization: `Bearer ${token}` };
  const brand = await ok<{ brand?: { id: number }; data?: { brand?: { id: number } } }>(
    await request.post('/api/v1/brand/create/', {
      data: { brand_name: `Tracked ${username}` },
      headers,
    }),
  );
  const brandId = brand.brand?.id ?? brand.data?.brand?.id ?? 0;
  const product = await ok<{ data: { product: { id: number } } }>(
    await request.post('/api/v1/product/create/', {
      data: {
        name: 'House Blend',
        price: 12.5,
        currency: 'USD',
        status: 'active',
        brand_id: brandId,
        product_url: productUrl,
      },
      headers,
    }),
  );
  const title = `Launch ${username}`;
  const campaign = await ok<{ campaign: { id: number } }>(
    await request.post('/api/v1/campaign/create/', {
      data: {
        brand: brandId,
        title,
        description: 'Share our house blend with your followers.',
        product_ids: [product.data.product.id],
        commission_type: 'flat',
        commission_value: 5,
      },
      headers,
    }),
  );
  return {
    token,
    brandId,
    productId: product.data.product.id,
    campaignId: campaign.campaign.id,
    title,
  };
}

/** The figure on a stats tile, e.g. tile(page, 'Clicks') → '1'. */
function tile(page: Page, name: string) {
  return page.getByRole('region', { name, exact: true }).locator('p').first();
}

test.describe('tracking', () => {
  test('an advocate joins and shares; clicks, visitors and one idempotent conversion reach the brand', async ({
    browser,
    baseURL,
    product,
  }) => {
    test.setTimeout(240_000);
    // Links lead only to public host names: the browser maps this one to the product's server.
    const shop = new URL(product.url);
    shop.hostname = E2E_SHOP_HOST;
    const landing = `${shop.origin}/landing?x=1`;

    // The brand owner's context: set up through the API, then the screens.
    const owner = await browser.newContext({ baseURL });
    const ownerPage = await owner.newPage();
    const setup = await brandWithCampaign(ownerPage.request, landing);

    // The advocate browses, views and joins.
    const advocate = await browser.newContext({ baseURL });
    await advocate.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    const page = await advocate.newPage();
    await ok(await page.request.post('/api/v1/token/', { data: ADVOCATE }));
    await page.goto('/advocate/campaigns');
    await acceptCookies(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Guidelines' })).toBeVisible();
    await shootScreen(page, 'advocate-guidelines');
    await page.getByRole('link', { name: /Join Campaign/ }).click();
    await expect(page).toHaveURL(/\/advocate\/campaigns\/list$/);
    const row = page.getByRole('row', { name: new RegExp(setup.title) });
    await expect(row).toBeVisible();
    await shootScreen(page, 'advocate-campaigns');
    await row.getByRole('link', { name: `View ${setup.title}` }).click();
    await expect(page).toHaveURL(new RegExp(`/advocate/campaigns/${setup.campaignId}$`));
    await expect(page.getByRole('heading', { level: 1, name: setup.title })).toBeVisible();
    await expect(page.getByText('$5.00 per sale', { exact: true })).toBeVisible();
    await shootScreen(page, 'advocate-campaign');

    await page.getByRole('button', { name: 'Join this Campaign' }).click();
    await expect(page.getByRole('status')).toContainText('Joined campaign');
    const links = page.getByRole('list', { name: 'Share links' });
    const item = links.getByRole('listitem').filter({ hasText: 'House Blend' });
    const shareUrl = (await item.getByRole('link').getAttribute('href')) ?? '';
    expect(shareUrl).toMatch(/\/r\/[A-Za-z0-9_-]{10,}$/);
    await item.getByRole('button', { name: 'Copy' }).click();
    await expect(item.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shareUrl);
    await shootScreen(page, 'advocate-joined');

    // A visitor opens the link in a browser of their own: the product page, with the code.
    // With a desktop Chrome user agent: the server does not count HeadlessChrome, a known bot.
    const visitor = await browser.newContext({
      userAgent:
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    });
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(shareUrl);
    const landed = new URL(visitorPage.url());
    expect(`${landed.origin}${landed.pathname}`).toBe(landing.replace('?x=1', ''));
    expect(landed.searchParams.get('x')).toBe('1');
    const via = landed.searchParams.get('via') ?? '';
    expect(shareUrl.endsWith(`/r/${via}`)).toBe(true);
    const clickId = landed.searchParams.get('cid') ?? '';
    expect(clickId).not.toBe('');
    await visitor.close();

    // The brand owner sees the join, the click and the visitor.
    const statsPath = `/brand/brands/${setup.brandId}/campaigns/${setup.campaignId}`;
    await ownerPage.goto(statsPath);
    await acceptCookies(ownerPage);
    await expect(ownerPage.getByRole('heading', { level: 1, name: setup.title })).toBeVisible();
    await expect(tile(ownerPage, 'Joins')).toHaveText('1');
    // The server writes clicks in batches (every second): reload until this one is in.
    await expect(async () => {
      await ownerPage.reload();
      // A reloaded page may take a few seconds to draw on a busy machine.
      await expect(tile(ownerPage, 'Clicks')).toHaveText('1', { timeout: 5_000 });
    }).toPass({ timeout: 40_000 });
    await expect(tile(ownerPage, 'Visitors')).toHaveText('1');
    await expect(tile(ownerPage, 'Conversions')).toHaveText('0');
    await expect(
      ownerPage.getByRole('region', { name: 'Conversions', exact: true }).getByText('No data'),
    ).toBeVisible();
    await expect(ownerPage.getByRole('row', { name: /demo_advocate/ })).toBeVisible();
    await shootScreen(ownerPage, 'brand-campaign-stats');

    // A secret key from the API keys screen, shown once.
    await ownerPage.goto(`/brand/brands/${setup.brandId}`);
    await ownerPage.getByRole('link', { name: 'API Keys' }).click();
    await expect(ownerPage.getByRole('heading', { level: 1, name: 'API keys' })).toBeVisible();
    await expect(ownerPage.getByText('No API keys yet.', { exact: true })).toBeVisible();
    await shootScreen(ownerPage, 'brand-api-keys-empty');
    await ownerPage.getByRole('button', { name: 'Create key' }).click();
    const dialog = ownerPage.getByRole('dialog', { name: 'Your new secret key' });
    const secret = (await dialog.getByLabel('New key').textContent()) ?? '';
    expect(secret).toMatch(/^sk_live_[A-Za-z0-9_-]{32,}$/);
    await shootScreen(ownerPage, 'brand-api-key-created');
    await dialog.getByRole('button', { name: 'I have saved it' }).click();
    await expect(ownerPage.getByText(`${secret.slice(0, 12)}…`, { exact: true })).toBeVisible();
    await shootScreen(ownerPage, 'brand-api-keys');

    // The merchant's server reports the purchase with the sdk package, twice.
    const tracking = createTrackingClient({ baseUrl: product.url, credential: secret });
    const order = { conversionRef: `order-${Date.now()}`, value: 40, via, clickId };
    const first = await tracking.trackConversion(order);
    expect(first).toMatchObject({ status: 'success', duplicate: false });
    // Every reward waits for the brand's review or the end of its hold period, whatever reported it.
    expect(first.conversion).toMatchObject({ campaign_id: setup.campaignId, status: 'pending' });
    const again = await tracking.trackConversion(order);
    expect(again).toMatchObject({ duplicate: true, conversion: { id: first.conversion.id } });

    await ownerPage.goto(statsPath);
    await expect(tile(ownerPage, 'Conversions')).toHaveText('1');
    await expect(tile(ownerPage, 'Clicks')).toHaveText('1');

    // The SDK tester reads the same figures with the owner's token.
    await ownerPage.goto('/user/sdk-tester');
    await expect(ownerPage.getByRole('heading', { level: 1, name: 'SDK Tester' })).toBeVisible();
    await ownerPage.getByLabel('brand_id').fill(String(setup.brandId));
    await ownerPage
      .getByRole('combobox', { name: 'Campaign' })
      .selectOption(String(setup.campaignId));
    await ownerPage.getByRole('button', { name: 'Get campaign stats' }).click();
    await expect(ownerPage.getByLabel('Reply')).toContainText('"conversions": 1');
    await shootScreen(ownerPage, 'user-sdk-tester');
    await ownerPage.getByRole('button', { name: 'Track test conversion' }).click();
    await expect(ownerPage.getByText('No product selected', { exact: true })).toBeVisible();

    await owner.close();
    await advocate.close();
  });
});

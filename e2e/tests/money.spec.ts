import { createRequire } from 'node:module';
import type { APIRequestContext, Page } from '@playwright/test';
import type * as Sdk from 'sdk';
import { acceptCookies, expect, shootScreen, test } from '../fixtures';
import { ok } from '../journeys';

// The merchant-side client, as a merchant's Node server would load it (see tracking.spec.ts).
const { createTrackingClient } = createRequire(import.meta.url)(
  '../../sdk/src/index.ts',
) as typeof Sdk;

const PASSWORD = 'Brand1234!';

interface Account {
  email: string;
  auth: { Authorization: string };
}

/** A fresh account registered (and signed in) in `request`'s context. */
async function register(request: APIRequestContext, prefix: string): Promise<Account> {
  const username = `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const email = `${username}@example.test`;
  const reply = await ok<{ access?: string; token?: string }>(
    await request.post('/api/v1/user/register/', {
      data: { username, email, password: PASSWORD, password_confirmation: PASSWORD },
    }),
  );
  return { email, auth: { Authorization: `Bearer ${reply.access ?? reply.token}` } };
}

/** The figure of a stat card. */
const figure = (page: Page, name: string) =>
  page.getByRole('region', { name, exact: true }).locator('p').first();

test.describe('money', () => {
  test('a browser-reported sale is reviewed, approved, paid out and refunded; the advocate sees each step', async ({
    browser,
    baseURL,
    product,
  }) => {
    test.setTimeout(240_000);
    // The sale is attributed by the share code from the join reply: the link is never followed.
    const landing = 'https://shop.example/beans';

    // The brand: a brand, a product, a $5-per-sale campaign, both API keys, a $5 payout minimum.
    const owner = await browser.newContext({ baseURL });
    const ownerPage = await owner.newPage();
    const brandOwner = await register(ownerPage.request, 'payer');
    const brand = await ok<{ brand: { id: number } }>(
      await ownerPage.request.post('/api/v1/brand/create/', {
        data: { brand_name: 'Payout Roasters' },
        headers: brandOwner.auth,
      }),
    );
    const brandId = brand.brand.id;
    const item = await ok<{ data: { product: { id: number } } }>(
      await ownerPage.request.post('/api/v1/product/create/', {
        data: {
          name: 'Beans',
          price: 20,
          currency: 'USD',
          status: 'active',
          brand_id: brandId,
          product_url: landing,
        },
        headers: brandOwner.auth,
      }),
    );
    const campaign = await ok<{ campaign: { id: number } }>(
      await ownerPage.request.post('/api/v1/campaign/create/', {
        data: {
          brand: brandId,
          title: 'Bean Drop',
          product_ids: [item.data.product.id],
          commission_type: 'flat',
          commission_value: 5,
        },
        headers: brandOwner.auth,
      }),
    );
    const key = async (kind: 'secret' | 'publishable') =>
      (
        await ok<{ secret: string }>(
          await ownerPage.request.post(`/api/v1/brand/${brandId}/api-keys/`, {
            data: { kind },
            headers: brandOwner.auth,
          }),
        )
      ).secret;
    const publishable = await key('publishable');
    const secret = await key('secret');
    await ok(
      await ownerPage.request.put(`/api/v1/brand/${brandId}/payout-settings/`, {
        data: { hold_days: 30, payout_minimum: 5 },
        headers: brandOwner.auth,
      }),
    );
    // Signed in again, so the session's active role is the brand owner's new role.
    await ok(
      await ownerPage.request.post('/api/v1/token/', {
        data: { email: brandOwner.email, password: PASSWORD },
      }),
    );

    // The advocate joins and keeps a PayPal payout method.
    const advocateContext = await browser.newContext({ baseURL });
    const page = await advocateContext.newPage();
    const advocate = await register(page.request, 'payee');
    await ok(
      await page.request.post('/api/v1/roles/upgrade/advocate/', { headers: advocate.auth }),
    );
    const joined = await ok<{ share_links: Array<{ url: string }> }>(
      await page.request.post('/api/v1/join-campaign/', {
        data: { id: campaign.campaign.id },
        headers: advocate.auth,
      }),
    );
    const via = joined.share_links[0].url.split('/r/')[1];
    await ok(
      await page.request.post('/api/v1/token/', {
        data: { email: advocate.email, password: PASSWORD },
      }),
    );
    await page.goto('/advocate/settings');
    await acceptCookies(page);
    await page.getByRole('tab', { name: 'Payment methods' }).click();
    await page.getByRole('button', { name: 'Add payout method' }).click();
    await page.getByLabel('PayPal email').fill('payee@pay.example');
    await page.getByRole('button', { name: 'Add method' }).click();
    await expect(page.getByText('PayPal · payee@pay.example')).toBeVisible();
    await expect(page.getByText('Default', { exact: true })).toBeVisible();
    await shootScreen(page, 'advocate-payout-methods');

    // A shopper follows the share link (a desktop browser: HeadlessChrome is not counted), and
    // the merchant's page reports the sale with the publishable key and the visit's click id.
    const visit = await page.request.get(`/r/${via}`, {
      maxRedirects: 0,
      headers: { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0 Safari/537.36' },
    });
    expect(visit.status()).toBe(302);
    const clickId = new URL(visit.headers().location ?? '').searchParams.get('cid');
    const browserReport = await ok<{ conversion: { status: string } }>(
      await page.request.post('/api/v1/sdk-log-conversion/', {
        data: { conversionRef: 'order-77', clickId, value: 20 },
        headers: { Authorization: `Bearer ${publishable}` },
      }),
    );
    expect(browserReport.conversion.status).toBe('pending');

    // The brand finds it in the review list and approves it.
    await ownerPage.goto(`/brand/payouts?brandId=${brandId}`);
    await acceptCookies(ownerPage);
    await expect(ownerPage.getByRole('heading', { level: 1, name: 'Payouts' })).toBeVisible();
    const review = ownerPage.getByRole('table', { name: 'Pending conversions' });
    const row = review.getByRole('row', { name: /order-77/ });
    await expect(row).toBeVisible();
    await expect(row.getByText('Held for review')).toBeVisible();
    await expect(row.getByText('Browser report')).toBeVisible();
    await shootScreen(ownerPage, 'brand-review');
    await row.getByRole('checkbox').check();
    await ownerPage.getByRole('button', { name: 'Approve selected' }).click();
    await expect(ownerPage.getByText('1 conversion approved')).toBeVisible();
    await expect(review.getByText('No conversions waiting for review.')).toBeVisible();

    // The advocate's Current Balance rises.
    await page.goto('/advocate/earnings');
    await expect(figure(page, 'Current Balance')).toHaveText('$5.00');
    await expect(
      page.getByRole('table', { name: 'Transaction History' }).getByText('approved'),
    ).toBeVisible();

    // The brand pays: Create payouts, mark sent, mark successful.
    await ownerPage.reload();
    await expect(figure(ownerPage, 'Next payout')).toHaveText('$5.00');
    await ownerPage.getByRole('button', { name: 'Create payouts' }).click();
    // A preview first: the payout it will create, then Confirm.
    const preview = ownerPage.getByRole('dialog', { name: 'Create payouts' });
    await expect(
      preview.getByRole('table', { name: 'Payouts to create' }).getByText('$5.00'),
    ).toBeVisible();
    await preview.getByRole('button', { name: 'Confirm 1 payout' }).click();
    const payouts = ownerPage.getByRole('table', { name: 'Payouts' });
    const payout = payouts.getByRole('row', { name: /payee@pay\.example/ });
    await expect(payout.getByText('Pending', { exact: true })).toBeVisible();
    await payout.getByRole('button', { name: 'Mark sent' }).click();
    await expect(payout.getByText('Ongoing', { exact: true })).toBeVisible();
    await payout.getByRole('button', { name: 'Mark successful' }).click();
    await expect(payout.getByText('Successful', { exact: true })).toBeVisible();
    await expect(figure(ownerPage, 'Previous payout')).toHaveText('$5.00');
    await shootScreen(ownerPage, 'brand-payouts');

    // The advocate's transaction shows Paid, in that payout.
    await page.reload();
    const history = page.getByRole('table', { name: 'Transaction History' });
    await expect(history.getByText('Paid', { exact: true })).toBeVisible();
    await expect(history.getByText(/Payout #\d+ · Successful/)).toBeVisible();
    await expect(figure(page, 'Current Balance')).toHaveText('$0.00');

    // The merchant's server reports a refund after payment: a deduction for the next payout.
    const tracking = createTrackingClient({ baseUrl: product.url, credential: secret });
    const refund = await tracking.refundConversion({
      conversionRef: 'order-77',
      reason: 'Returned',
    });
    expect(refund).toMatchObject({ duplicate: false, reward_status: 'paid', clawback_amount: -5 });
    await page.reload();
    await expect(history.getByText(/Refund deduction/)).toBeVisible();
    await expect(figure(page, 'Current Balance')).toHaveText('-$5.00');
    await shootScreen(page, 'advocate-earnings');

    await owner.close();
    await advocateContext.close();
  });
});

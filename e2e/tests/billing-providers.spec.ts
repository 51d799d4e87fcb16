import { createHmac } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { acceptCookies, expect, test } from '../fixtures';
import { brandWithCampaign, joinedAdvocate, ok, register, signIn } from '../journeys';

// Paddle, Lemon Squeezy and Shopify, each connected on the Integrations screen with a pasted
// signing secret; a visitor of an advocate's link buys; the provider's signed sale event carries
// the click id as that provider carries it; the brand's review list and the advocate's earnings
// show the sale. Events are signed as each provider signs them (HMAC-SHA256 of the raw body;
// Paddle's of `ts:body`).
const SECRET = 'e2e_signing_secret_0123456789';
const hmac = (text: string, encoding: 'hex' | 'base64') =>
  createHmac('sha256', SECRET).update(text).digest(encoding);

interface Provider {
  name: 'paddle' | 'lemonsqueezy' | 'shopify';
  label: string;
  secretLabel: string;
  /** The sale's body carrying `cid`, its headers, and the conversion's transaction_id. */
  sale(tag: string, cid: string): { body: string; headers: Record<string, string>; ref: string };
}

const PROVIDERS: Provider[] = [
  {
    name: 'paddle',
    label: 'Paddle',
    secretLabel: 'Paddle secret key',
    sale: (tag, cid) => {
      const body = JSON.stringify({
        event_id: `evt_${tag}`,
        event_type: 'transaction.completed',
        occurred_at: new Date().toISOString(),
        notification_id: `ntf_${tag}`,
        data: {
          id: `txn_${tag}`,
          status: 'completed',
          origin: 'web',
          customer_id: `ctm_${tag}`,
          currency_code: 'USD',
          custom_data: { advocately_cid: cid },
          subscription_id: null,
          billed_at: new Date().toISOString(),
          details: { totals: { subtotal: '5000', tax: '0', total: '5000', currency_code: 'USD' } },
        },
      });
      const ts = Math.floor(Date.now() / 1000);
      return {
        body,
        headers: { 'paddle-signature': `ts=${ts};h1=${hmac(`${ts}:${body}`, 'hex')}` },
        ref: `paddle:txn_${tag}`,
      };
    },
  },
  {
    name: 'lemonsqueezy',
    label: 'Lemon Squeezy',
    secretLabel: 'Lemon Squeezy signing secret',
    sale: (tag, cid) => {
      const id = String(parseInt(tag, 36) % 1_000_000_000);
      const body = JSON.stringify({
        meta: {
          test_mode: false,
          event_name: 'order_created',
          custom_data: { advocately_cid: cid },
        },
        data: {
          type: 'orders',
          id,
          attributes: {
            customer_id: 42,
            identifier: `e2e-${tag}`,
            user_email: 'jane.doe@example.com',
            currency: 'USD',
            subtotal: 5000,
            tax: 0,
            total: 5000,
            status: 'paid',
            test_mode: false,
            created_at: new Date().toISOString(),
          },
        },
      });
      return {
        body,
        headers: { 'x-event-name': 'order_created', 'x-signature': hmac(body, 'hex') },
        ref: `lemonsqueezy:${id}`,
      };
    },
  },
  {
    name: 'shopify',
    label: 'Shopify',
    secretLabel: 'Shopify signing key',
    sale: (tag, cid) => {
      const id = 5_000_000_000_000 + (parseInt(tag, 36) % 1_000_000_000);
      const body = JSON.stringify({
        id,
        admin_graphql_api_id: `gid://shopify/Order/${id}`,
        currency: 'USD',
        total_price: '50.00',
        total_tax: '0.00',
        email: 'jane.doe@example.com',
        financial_status: 'paid',
        landing_site: `/products/beans?cid=${cid}`,
        note_attributes: [],
        discount_codes: [],
        processed_at: new Date().toISOString(),
        test: false,
        customer: { id: 7_000_000_000_001, email: 'jane.doe@example.com' },
      });
      return {
        body,
        headers: {
          'x-shopify-topic': 'orders/paid',
          'x-shopify-webhook-id': `e2e-${tag}`,
          'x-shopify-hmac-sha256': hmac(body, 'base64'),
        },
        ref: `shopify:${id}`,
      };
    },
  },
];

async function deliver(
  request: APIRequestContext,
  endpoint: string,
  sale: ReturnType<Provider['sale']>,
) {
  return ok<{ outcome: string; detail: string }>(
    await request.post(endpoint, {
      data: sale.body,
      headers: { 'content-type': 'application/json', ...sale.headers },
    }),
  );
}

const panel = (page: Page, label: string) => page.getByRole('region', { name: label, exact: true });

test.describe('billing providers', () => {
  for (const provider of PROVIDERS) {
    test(`${provider.label}: the brand connects it on the screen; a visitor of an advocate's link buys; the sale reaches the review list and the earnings`, async ({
      browser,
      baseURL,
    }) => {
      test.setTimeout(180_000);
      const tag = Date.now().toString(36);

      const owner = await browser.newContext({ baseURL });
      const ownerPage = await owner.newPage();
      const brandOwner = await register(ownerPage.request, provider.name.slice(0, 6));
      const { brandId, campaignId } = await brandWithCampaign(ownerPage.request, brandOwner, {
        brandName: `${provider.label} Roasters`,
        product: { name: 'Beans', product_url: 'https://shop.example/beans' },
        campaign: { title: 'Beans', commission_type: 'percentage', commission_value: 10 },
      });
      await signIn(ownerPage.request, brandOwner);

      // Connect on the Integrations screen: the endpoint is shown, the secret pasted.
      await ownerPage.goto(`/brand/brands/${brandId}/integrations`);
      await acceptCookies(ownerPage);
      const card = panel(ownerPage, provider.label);
      const endpoint = `/api/v1/integrations/${provider.name}/webhook/${brandId}/`;
      await expect(card.getByText(endpoint, { exact: false })).toBeVisible();
      await expect(card.getByText('Not connected')).toBeVisible();
      await card.getByLabel(provider.secretLabel, { exact: true }).fill(SECRET);
      await card.getByRole('button', { name: `Connect ${provider.label}` }).click();
      await expect(card.getByText('Connected', { exact: true })).toBeVisible();

      // The advocate joins; a visitor follows the share link (the redirect adds cid).
      const advocateContext = await browser.newContext({ baseURL });
      const page = await advocateContext.newPage();
      const { advocate, via } = await joinedAdvocate(
        page.request,
        `${provider.name.slice(0, 5)}adv`,
        campaignId,
      );
      const visit = await page.request.get(`/r/${via}`, {
        maxRedirects: 0,
        headers: { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0 Safari/537.36' },
      });
      expect(visit.status()).toBe(302);
      const cid = new URL(visit.headers().location ?? '').searchParams.get('cid');
      expect(cid).toBeTruthy();

      // The provider reports the sale, signed, with the click id.
      const sale = provider.sale(tag, cid ?? '');
      const delivered = await deliver(ownerPage.request, endpoint, sale);
      expect(delivered.outcome).toBe('attributed');

      // The brand's review list shows it, from the provider.
      await ownerPage.goto(`/brand/payouts?brandId=${brandId}`);
      const review = ownerPage.getByRole('table', { name: 'Pending conversions' });
      const row = review.getByRole('row', { name: new RegExp(sale.ref) });
      await expect(row).toBeVisible();
      await expect(row.getByText(provider.label, { exact: true })).toBeVisible();

      // The advocate's earnings show the $5.00 reward.
      await signIn(page.request, advocate);
      await page.goto('/advocate/earnings');
      await acceptCookies(page);
      const transactions = page.getByRole('table', { name: 'Transaction History' });
      await expect(transactions.getByText('$5.00').first()).toBeVisible();

      // The Integrations screen lists the event and what became of it.
      await ownerPage.goto(`/brand/brands/${brandId}/integrations`);
      await expect(
        panel(ownerPage, provider.label)
          .getByRole('table', { name: `Latest ${provider.label} events` })
          .getByText('attributed'),
      ).toBeVisible();

      await owner.close();
      await advocateContext.close();
    });
  }
});

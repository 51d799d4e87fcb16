import { createRequire } from 'node:module';
import type { APIRequestContext, Page } from '@playwright/test';
import type StripeModule from 'stripe';
import { acceptCookies, expect, shootScreen, test } from '../fixtures';
import { brandWithCampaign, joinedAdvocate, ok, register, signIn } from '../journeys';

// The official package signs the events exactly as Stripe does (the test helper for webhooks).
const Stripe = createRequire(import.meta.url)('stripe') as typeof StripeModule;
const SECRET = 'whsec_e2e_0123456789abcdefghijkl';

/** Posts a signed Stripe event of `type` with `object` to the brand's endpoint. */
async function deliver(request: APIRequestContext, endpoint: string, type: string, object: object) {
  const created = Math.floor(Date.now() / 1000);
  const payload = JSON.stringify({
    id: `evt_${type.replace(/\W/g, '_')}_${created}_${Math.floor(Math.random() * 1e6)}`,
    object: 'event',
    api_version: '2024-06-20',
    created,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
  return ok<{ outcome: string; detail: string }>(
    await request.post(endpoint, {
      data: payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    }),
  );
}

const transactions = (page: Page) => page.getByRole('table', { name: 'Transaction History' });

test.describe('stripe', () => {
  test('the brand connects Stripe; a visitor of an advocate link subscribes; the sale, a renewal and a refund reach the review list and the earnings', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const tag = Date.now().toString(36);

    // The brand: a brand, a product, a 10% campaign paying 30% of renewals.
    const owner = await browser.newContext({ baseURL });
    const ownerPage = await owner.newPage();
    const brandOwner = await register(ownerPage.request, 'stripe');
    const { brandId, campaignId } = await brandWithCampaign(ownerPage.request, brandOwner, {
      brandName: 'Stripe Roasters',
      product: { name: 'Bean club', product_url: 'https://shop.example/club' },
      campaign: {
        title: 'Bean Club',
        commission_type: 'percentage',
        commission_value: 10,
        event_rewards: {
          subscription_renewal: { commission_type: 'percentage', commission_value: 30 },
        },
      },
    });
    await signIn(ownerPage.request, brandOwner);

    // Connect Stripe on the Integrations screen.
    await ownerPage.goto(`/brand/brands/${brandId}`);
    await acceptCookies(ownerPage);
    await ownerPage.getByRole('link', { name: 'Integrations' }).click();
    await expect(ownerPage.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
    // The Stripe panel (the other billing providers' cards have badges of their own).
    const stripePanel = ownerPage.getByRole('region', { name: 'Stripe', exact: true });
    await expect(stripePanel.getByText('Not connected', { exact: true })).toBeVisible();
    const endpoint = `/api/v1/integrations/stripe/webhook/${brandId}/`;
    await expect(ownerPage.getByText(endpoint, { exact: false })).toBeVisible();
    // The endpoint added by hand in Stripe's test mode (its events carry livemode false).
    const byHand = ownerPage.getByRole('form', { name: 'Connect Stripe with a signing secret' });
    await byHand.getByLabel('Stripe mode').selectOption('test');
    await byHand.getByLabel('Signing secret', { exact: true }).fill(SECRET);
    await byHand.getByRole('button', { name: 'Connect with secret' }).click();
    // Connected only once a signed event arrives.
    await expect(stripePanel.getByText('Waiting for a first event', { exact: true })).toBeVisible();
    await expect(stripePanel.getByText('Test mode', { exact: true })).toBeVisible();

    // The advocate joins; a visitor follows the share link (the redirect adds cid to the shop URL).
    const advocateContext = await browser.newContext({ baseURL });
    const page = await advocateContext.newPage();
    const { advocate, via } = await joinedAdvocate(page.request, 'stripeadv', campaignId);
    const visit = await page.request.get(`/r/${via}`, {
      maxRedirects: 0,
      headers: { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0 Safari/537.36' },
    });
    expect(visit.status()).toBe(302);
    const cid = new URL(visit.headers().location ?? '').searchParams.get('cid');
    expect(cid).toBeTruthy();

    // Stripe: the visitor subscribes through Checkout with client_reference_id = cid.
    const sub = `sub_${tag}`;
    const customer = `cus_${tag}`;
    const first = await deliver(ownerPage.request, endpoint, 'checkout.session.completed', {
      id: `cs_${tag}`,
      object: 'checkout.session',
      amount_subtotal: 2000,
      amount_total: 2000,
      client_reference_id: cid,
      created: Math.floor(Date.now() / 1000),
      currency: 'usd',
      customer,
      customer_details: { email: 'jane.doe@example.com', name: 'Jane Doe' },
      invoice: `in_${tag}_0`,
      metadata: {},
      mode: 'subscription',
      payment_intent: null,
      payment_status: 'paid',
      status: 'complete',
      subscription: sub,
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    });
    expect(first.outcome).toBe('attributed');

    // The brand's review list shows it, from Stripe.
    await ownerPage.goto(`/brand/payouts?brandId=${brandId}`);
    const review = ownerPage.getByRole('table', { name: 'Pending conversions' });
    const firstRow = review.getByRole('row', { name: new RegExp(`stripe:${sub}:first`) });
    await expect(firstRow).toBeVisible();
    await expect(firstRow.getByText('Stripe', { exact: true })).toBeVisible();

    // The advocate's earnings show the first payment's $2.00.
    await signIn(page.request, advocate);
    await page.goto('/advocate/earnings');
    await acceptCookies(page);
    await expect(transactions(page).getByText('Subscription started')).toBeVisible();

    // A month later Stripe reports the renewal: 30% of $20.
    const renewal = await deliver(ownerPage.request, endpoint, 'invoice.paid', {
      id: `in_${tag}_1`,
      object: 'invoice',
      amount_paid: 2000,
      billing_reason: 'subscription_cycle',
      charge: `ch_${tag}_1`,
      created: Math.floor(Date.now() / 1000),
      currency: 'usd',
      customer,
      customer_email: 'jane.doe@example.com',
      paid: true,
      status: 'paid',
      status_transitions: { paid_at: Math.floor(Date.now() / 1000) },
      subscription: sub,
      tax: null,
    });
    expect(renewal.outcome).toBe('attributed');
    await page.reload();
    const renewalRow = transactions(page).getByRole('row', { name: /Renewal #1/ });
    await expect(renewalRow).toBeVisible();
    await expect(renewalRow.getByText('$6.00')).toBeVisible();
    await expect(renewalRow.getByText(/j•••@example\.com/)).toBeVisible();
    await shootScreen(page, 'advocate-renewal');

    // The renewal's charge is refunded in full: its reward is rejected.
    const refund = await deliver(ownerPage.request, endpoint, 'charge.refunded', {
      id: `ch_${tag}_1`,
      object: 'charge',
      amount: 2000,
      amount_refunded: 2000,
      currency: 'usd',
      invoice: `in_${tag}_1`,
      payment_intent: null,
      refunded: true,
      status: 'succeeded',
    });
    expect(refund.outcome).toBe('attributed');
    await page.reload();
    await expect(
      transactions(page)
        .getByRole('row', { name: /Renewal #1/ })
        .getByText('rejected'),
    ).toBeVisible();

    // The Integrations screen lists the events and what became of each.
    await ownerPage.goto(`/brand/brands/${brandId}/integrations`);
    await expect(stripePanel.getByText('Connected', { exact: true })).toBeVisible();
    const events = ownerPage.getByRole('table', { name: 'Latest Stripe events' });
    await expect(events.getByText('charge.refunded')).toBeVisible();
    await expect(events.getByText('invoice.paid')).toBeVisible();
    await expect(events.getByText('checkout.session.completed')).toBeVisible();
    await shootScreen(ownerPage, 'brand-integrations');

    await owner.close();
    await advocateContext.close();
  });

  test('the brand connects with a restricted key: the product makes its endpoint in Stripe, Send test event verifies it, a code is given by its text, disconnecting deletes the endpoint', async ({
    browser,
    baseURL,
    stripeApi,
  }) => {
    test.setTimeout(180_000);
    const tag = Date.now().toString(36);
    const key = `rk_test_51E2e${tag}0000000000`;
    stripeApi.keys.set(key, {
      livemode: false,
      permissions: ['rak_webhook_write', 'rak_promotion_code_read', 'rak_customer_write'],
    });
    const code = `SPRING-${tag.toUpperCase()}`;
    stripeApi.promotionCodes.push({ id: `promo_${tag}`, code, active: true, livemode: false });

    const owner = await browser.newContext({ baseURL });
    const ownerPage = await owner.newPage();
    const brandOwner = await register(ownerPage.request, 'stripekey');
    const { brandId, campaignId } = await brandWithCampaign(ownerPage.request, brandOwner, {
      brandName: 'Key Roasters',
      campaign: { title: 'Key Club', commission_type: 'percentage', commission_value: 10 },
    });
    const { advocate } = await joinedAdvocate(ownerPage.request, 'stripekeyadv', campaignId);
    await signIn(ownerPage.request, brandOwner);

    await ownerPage.goto(`/brand/brands/${brandId}/integrations`);
    await acceptCookies(ownerPage);
    const stripePanel = ownerPage.getByRole('region', { name: 'Stripe', exact: true });
    const withKey = ownerPage.getByRole('form', { name: 'Connect Stripe with a restricted key' });
    await withKey.getByLabel('Restricted key').fill(key);
    await withKey.getByRole('button', { name: 'Connect Stripe' }).click();
    await expect(stripePanel.getByText('Waiting for a first event', { exact: true })).toBeVisible();
    const endpoints = [...stripeApi.endpoints.values()].filter((e) =>
      e.url.endsWith(`/api/v1/integrations/stripe/webhook/${brandId}/`),
    );
    expect(endpoints).toHaveLength(1);

    // Stripe sends a signed customer.created to the product's endpoint: Connected.
    await ownerPage.getByRole('button', { name: 'Send test event' }).click();
    await expect(stripePanel.getByText('Connected', { exact: true })).toBeVisible({
      timeout: 15_000,
    });
    await expect(
      ownerPage.getByRole('table', { name: 'Latest Stripe events' }).getByText('customer.created'),
    ).toBeVisible();

    // The campaign's advocates: the code picked by what customers type.
    await ownerPage.goto(`/brand/brands/${brandId}/campaigns/${campaignId}`);
    const give = ownerPage.getByRole('form', { name: 'Give a promotion code' });
    // A text box until the account's codes are listed, then a list of them to pick from.
    await give.getByRole('combobox', { name: 'Promotion code' }).selectOption(code);
    await give.getByLabel('Advocate').selectOption({ label: advocate.username });
    await give.getByRole('button', { name: 'Give code' }).click();
    const advocates = ownerPage.getByRole('table', { name: 'Advocates who joined' });
    await expect(advocates.getByText(code)).toBeVisible();

    // Integrations lists it; disconnecting deletes the endpoint in Stripe.
    await ownerPage.goto(`/brand/brands/${brandId}/integrations`);
    await expect(
      ownerPage.getByRole('table', { name: 'Promotion codes given to advocates' }).getByText(code),
    ).toBeVisible();
    await shootScreen(ownerPage, 'brand-integrations-key');
    await stripePanel.getByRole('button', { name: 'Disconnect' }).click();
    await ownerPage.getByRole('dialog').getByRole('button', { name: 'Disconnect' }).click();
    await expect(stripePanel.getByText('Not connected', { exact: true })).toBeVisible();
    expect(stripeApi.endpoints.has(endpoints[0]?.id ?? '')).toBe(false);
    await owner.close();
  });
});

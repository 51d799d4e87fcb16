// Stripe connected by the brand owner (issue 34): a restricted key makes the product create its
// webhook endpoint through Stripe's API (a local stand-in answering in Stripe's shapes, reached by
// the official package through STRIPE_API_BASE), Send test event makes Stripe send a signed event
// that verifies the connection, disconnecting deletes the endpoint; promotion codes are picked by
// the code customers type; an event of the other mode changes nothing.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import {
  STRIPE_EVENT_TYPES,
  type PromotionCodeListReply,
  type StripeConnectReply,
  type StripeIntegrationReply,
  type StripePromotionCodesReply,
  type StripeTestEventReply,
} from 'contract';
import Stripe from 'stripe';
import { rowsOf } from '../../../lib/sql.js';
import {
  createCampaignAs,
  createProductAs,
  joinAs,
  type BrandWorld,
  type TestApp,
  type TestDatabase,
  withBrandWorld,
} from '../../../test/helpers.js';
import { startFakeStripeApi } from './fake-stripe-api.js';

const stripeApi = await startFakeStripeApi({ now: () => t.clock() });
after(() => stripeApi.close());

let db: TestDatabase;
let t: TestApp;
let w: BrandWorld;
withBrandWorld(
  (world) => {
    ({ db, t, w } = world);
    // Stripe posts its events to the endpoint's URL: here, into the app under test.
    stripeApi.deliver = async (url, payload, signature) => {
      const res = await t.app.inject({
        method: 'POST',
        url: new URL(url).pathname,
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signature,
        },
        payload,
      });
      delivered.push({ status: res.statusCode, body: res.body });
    };
    stripeApi.endpoints.clear();
    stripeApi.requests.length = 0;
    delivered.length = 0;
  },
  { publicUrl: 'https://app.advocately.example', stripeApiBase: stripeApi.base },
);
const delivered: { status: number; body: string }[] = [];

const ALL = ['rak_webhook_write', 'rak_promotion_code_read', 'rak_customer_write'];
const TEST_KEY = 'rk_test_51AllowedEverything0000000000';
const LIVE_KEY = 'rk_live_51AllowedEverything0000000000';
const NO_WEBHOOKS_KEY = 'rk_test_51NoWebhookPermission000000000';
const NO_CODES_KEY = 'rk_test_51NoPromotionCodePermission000';
stripeApi.keys.set(TEST_KEY, { livemode: false, permissions: ALL });
stripeApi.keys.set(LIVE_KEY, { livemode: true, permissions: ALL });
stripeApi.keys.set(NO_WEBHOOKS_KEY, {
  livemode: false,
  permissions: ['rak_promotion_code_read', 'rak_customer_write'],
});
stripeApi.keys.set(NO_CODES_KEY, {
  livemode: false,
  permissions: ['rak_webhook_write', 'rak_customer_write'],
});
stripeApi.promotionCodes.push(
  { id: 'promo_1SpringAlex', code: 'SPRING-ALEX10', active: true, livemode: false },
  { id: 'promo_2SummerOld', code: 'SUMMER5', active: false, livemode: false },
  { id: 'promo_3LiveOnly', code: 'LIVE-ONLY', active: true, livemode: true },
);

const integration = () =>
  t.call<StripeIntegrationReply>('GET', `brand/${w.brandId}/integrations/stripe/`, {
    as: w.owner,
  });

async function connect(body: object) {
  return t.call<StripeConnectReply>('PUT', `brand/${w.brandId}/integrations/stripe/`, {
    as: w.owner,
    body,
  });
}

/** Waits for what Stripe sends after a call (it sends after answering, as Stripe does). */
async function settled(count: number) {
  for (let i = 0; i < 200 && delivered.length < count; i++)
    await new Promise((resolve) => setTimeout(resolve, 10));
  assert.equal(delivered.length, count, 'the events Stripe sent');
}

const unix = (d: Date) => Math.floor(d.getTime() / 1000);

/** A signed event posted to the brand's endpoint, as Stripe sends it with `secret`. */
async function post(secret: string, type: string, object: object, livemode: boolean) {
  const payload = JSON.stringify({
    id: `evt_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: unix(t.clock()),
    data: { object },
    livemode,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/integrations/stripe/webhook/${w.brandId}/`,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({
        payload,
        secret,
        timestamp: unix(t.clock()),
      }),
    },
    payload,
  });
  assert.equal(res.statusCode, 200, res.body);
  return res.json() as { outcome: string; detail: string; duplicate: boolean };
}

const session = (f: { id: string; cid?: string; promo?: string; livemode: boolean }) => ({
  id: f.id,
  object: 'checkout.session',
  amount_subtotal: 5000,
  amount_total: 5000,
  client_reference_id: f.cid ?? null,
  created: unix(t.clock()),
  currency: 'usd',
  customer: null,
  customer_details: { email: 'jane.doe@example.com', name: 'Jane Doe' },
  discounts: f.promo ? [{ coupon: null, promotion_code: f.promo }] : [],
  invoice: null,
  livemode: f.livemode,
  metadata: {},
  mode: 'payment',
  payment_intent: `pi_${f.id}`,
  payment_status: 'paid',
  status: 'complete',
  subscription: null,
  total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
});

/** A campaign joined by the advocate, and a visitor's click id on its link. */
async function campaignWithClick() {
  const product = await createProductAs(t, w.owner, w.brandId);
  const campaign = await createCampaignAs(t, w.owner, w.brandId, {
    title: 'Spring',
    product_ids: [product],
    commission_type: 'percentage',
    commission_value: 10,
  });
  const code = (await joinAs(t, w.advocate, campaign)).get(product) ?? assert.fail('no link');
  const visit = await t.app.inject({
    method: 'GET',
    url: `/r/${code}`,
    headers: { 'user-agent': 'Mozilla/5.0 Chrome/124' },
  });
  const cid = new URL(String(visit.headers.location)).searchParams.get('cid') ?? assert.fail();
  return { campaign, cid };
}

const conversions = () =>
  rowsOf<{ conversion_ref: string; advocate_id: number }>(
    db.handle.db,
    sql`select conversion_ref, advocate_id from conversions order by id`,
  );

/** The signing secret Stripe gave the endpoint it created for the brand. */
function endpointSecret(): string {
  const [endpoint] = [...stripeApi.endpoints.values()];
  return endpoint?.secret ?? assert.fail('no endpoint in Stripe');
}

describe('Stripe connected with a restricted key', () => {
  it('creates its endpoint, is Connected once Stripe sent a signed test event, and deletes the endpoint on disconnect', async () => {
    const res = await connect({ api_key: TEST_KEY });
    assert.equal(res.statusCode, 200, res.body);
    const endpointUrl = `https://app.advocately.example/api/v1/integrations/stripe/webhook/${w.brandId}/`;
    assert.equal(res.json().endpoint_url, endpointUrl);
    assert.equal(res.json().mode, 'test');

    // The endpoint Stripe now has: this brand's URL, the events the integration reads.
    const endpoints = [...stripeApi.endpoints.values()];
    assert.equal(endpoints.length, 1);
    const [endpoint] = endpoints;
    assert.equal(endpoint?.id, res.json().webhook_endpoint_id);
    assert.equal(endpoint?.url, endpointUrl);
    assert.deepEqual(endpoint?.enabled_events, [...STRIPE_EVENT_TYPES]);
    assert.equal(endpoint?.api_version, Stripe.API_VERSION);

    // Stripe answered, but no signed event yet: not verified.
    let view = (await integration()).json();
    assert.equal(view.connected, true);
    assert.equal(view.connected_with, 'api_key');
    assert.equal(view.mode, 'test');
    assert.equal(view.verified_at, null);
    assert.equal(view.api_key_hint, 'rk_test_…0000');
    assert.ok(!JSON.stringify(view).includes(TEST_KEY), 'the key is never returned');
    const [stored] = await rowsOf<{ api_key: string; webhook_secret: string }>(
      db.handle.db,
      sql`select api_key, webhook_secret from stripe_connections`,
    );
    assert.ok(stored && !stored.api_key.includes('rk_test_'), 'the key is stored encrypted');
    assert.ok(!stored.webhook_secret.includes('whsec_'), 'the secret is stored encrypted');

    // Send test event: Stripe sends customer.created, signed with the endpoint's secret.
    const test = await t.call<StripeTestEventReply>(
      'POST',
      `brand/${w.brandId}/integrations/stripe/test-event/`,
      { as: w.owner },
    );
    assert.equal(test.statusCode, 200, test.body);
    assert.match(test.json().object_id, /^cus_/);
    await settled(1);
    assert.equal(delivered[0]?.status, 200, delivered[0]?.body);
    view = (await integration()).json();
    assert.ok(view.verified_at, 'verified by the signed event');
    assert.equal(view.events[0]?.type, 'customer.created');
    assert.equal(view.events[0]?.livemode, false);
    assert.match(view.events[0]?.detail ?? '', /test event/i);
    assert.ok(stripeApi.requests.includes(`DELETE /v1/customers/${test.json().object_id}`));

    // Disconnecting deletes the endpoint in Stripe.
    const off = await t.call<{ message: string }>(
      'DELETE',
      `brand/${w.brandId}/integrations/stripe/`,
      { as: w.owner },
    );
    assert.equal(off.statusCode, 200, off.body);
    assert.equal(off.json().message, 'Stripe disconnected');
    assert.equal(stripeApi.endpoints.size, 0);
    assert.equal((await integration()).json().connected, false);
  });

  it('a key Stripe does not know, or one without a permission, is a 400 on api_key and stores nothing', async () => {
    const bad = await connect({ api_key: 'rk_test_51UnknownKey00000000000' });
    assert.equal(bad.statusCode, 400, bad.body);
    assert.match(bad.body, /api_key/);
    assert.match(bad.body, /Stripe did not accept this key/);
    assert.match(bad.body, /Invalid API Key provided/);

    const weak = await connect({ api_key: NO_WEBHOOKS_KEY });
    assert.equal(weak.statusCode, 400, weak.body);
    assert.match(weak.body, /api_key/);
    assert.match(weak.body, /needs Webhook Endpoints: Write/);

    const mismatch = await connect({ api_key: TEST_KEY, mode: 'live' });
    assert.equal(mismatch.statusCode, 400);
    assert.match(mismatch.body, /mode/);

    const neither = await connect({});
    assert.equal(neither.statusCode, 400);
    assert.match(neither.body, /api_key/);
    const malformed = await connect({ api_key: 'sk_live_notrestricted00000' });
    assert.equal(malformed.statusCode, 400);
    assert.match(malformed.body, /rk_live_ or rk_test_/);

    assert.equal(stripeApi.endpoints.size, 0);
    assert.equal((await integration()).json().connected, false);
  });

  it('a new key replaces the connection and deletes the endpoint the previous key made', async () => {
    assert.equal((await connect({ api_key: TEST_KEY })).statusCode, 200);
    const first = [...stripeApi.endpoints.keys()];
    const again = await connect({ api_key: TEST_KEY });
    assert.equal(again.statusCode, 200);
    assert.deepEqual([...stripeApi.endpoints.keys()], [again.json().webhook_endpoint_id]);
    assert.ok(!first.includes(again.json().webhook_endpoint_id ?? ''));
  });

  it("nobody else connects, tests or lists the brand's Stripe", async () => {
    assert.equal((await connect({ api_key: TEST_KEY })).statusCode, 200);
    for (const [method, path] of [
      ['PUT', ''],
      ['POST', 'test-event/'],
      ['GET', 'promotion-codes/'],
      ['DELETE', ''],
    ] as const) {
      const res = await t.call(method, `brand/${w.brandId}/integrations/stripe/${path}`, {
        as: w.other,
        ...(method === 'PUT' ? { body: { api_key: TEST_KEY } } : {}),
      });
      assert.ok([403, 404].includes(res.statusCode), `${method} ${path}: ${res.statusCode}`);
    }
    assert.equal(stripeApi.endpoints.size, 1, 'the stranger made or deleted nothing');
  });

  it('when Stripe no longer accepts the key, disconnecting still disconnects and says to delete the endpoint', async () => {
    const key = 'rk_test_51SoonRevoked0000000000000';
    stripeApi.keys.set(key, { livemode: false, permissions: ALL });
    assert.equal((await connect({ api_key: key })).statusCode, 200);
    stripeApi.keys.delete(key);
    const off = await t.call<{ message: string }>(
      'DELETE',
      `brand/${w.brandId}/integrations/stripe/`,
      { as: w.owner },
    );
    assert.equal(off.statusCode, 200, off.body);
    assert.match(off.json().message, /could not be deleted .*Stripe's dashboard/);
    assert.equal((await integration()).json().connected, false);
  });
});

describe('Promotion codes picked from the Stripe account', () => {
  it('lists the codes by what customers type, takes a code by its text and refuses one that does not exist', async () => {
    assert.equal((await connect({ api_key: TEST_KEY })).statusCode, 200);
    const { campaign } = await campaignWithClick();

    const listed = await t.call<StripePromotionCodesReply>(
      'GET',
      `brand/${w.brandId}/integrations/stripe/promotion-codes/`,
      { as: w.owner },
    );
    assert.equal(listed.statusCode, 200, listed.body);
    // Active codes of the key's mode only.
    assert.deepEqual(
      listed.json().codes.map((c) => [c.code, c.id, c.assigned]),
      [['SPRING-ALEX10', 'promo_1SpringAlex', null]],
    );

    const unknown = await t.call('PUT', `campaign/${campaign}/promotion-codes/`, {
      as: w.owner,
      body: { code: 'NOPE-123', advocate_id: w.advocate.id },
    });
    assert.equal(unknown.statusCode, 400, unknown.body);
    assert.match(unknown.body, /code/);
    assert.match(unknown.body, /NOPE-123 is not a promotion code of your Stripe account/);

    // Typed in another letter case: stored as Stripe spells it, with its promo_… id.
    const given = await t.call<PromotionCodeListReply>(
      'PUT',
      `campaign/${campaign}/promotion-codes/`,
      { as: w.owner, body: { code: 'spring-alex10', advocate_id: w.advocate.id } },
    );
    assert.equal(given.statusCode, 200, given.body);
    assert.deepEqual(
      given.json().codes.map((c) => [c.code, c.promotion_code_id, c.campaign]),
      [['SPRING-ALEX10', 'promo_1SpringAlex', 'Spring']],
    );
    const again = await t.call<StripePromotionCodesReply>(
      'GET',
      `brand/${w.brandId}/integrations/stripe/promotion-codes/`,
      { as: w.owner },
    );
    assert.equal(again.json().codes[0]?.assigned?.advocate_id, w.advocate.id);
    // Every code given is on the Integrations screen's reply too.
    assert.deepEqual(
      (await integration()).json().promotion_codes.map((c) => c.code),
      ['SPRING-ALEX10'],
    );

    // Stripe's event carries the promo_… id: the sale is the advocate's.
    const sale = await post(
      endpointSecret(),
      'checkout.session.completed',
      session({ id: 'cs_promo_1', promo: 'promo_1SpringAlex', livemode: false }),
      false,
    );
    assert.equal(sale.outcome, 'attributed', sale.detail);
    assert.match(sale.detail, /promotion code/);
    assert.deepEqual(await conversions(), [
      { conversion_ref: 'stripe:cs_promo_1', advocate_id: w.advocate.id },
    ]);
  });

  it('without the permission, or without a key, listing says what is missing', async () => {
    assert.equal((await connect({ api_key: NO_CODES_KEY })).statusCode, 200);
    const weak = await t.call('GET', `brand/${w.brandId}/integrations/stripe/promotion-codes/`, {
      as: w.owner,
    });
    assert.equal(weak.statusCode, 400);
    assert.match(weak.body, /needs Promotion Codes: Read/);

    assert.equal(
      (await connect({ webhook_secret: 'whsec_manual_0123456789abcdef' })).statusCode,
      200,
    );
    const manual = await t.call('GET', `brand/${w.brandId}/integrations/stripe/promotion-codes/`, {
      as: w.owner,
    });
    assert.equal(manual.statusCode, 400);
    assert.match(manual.body, /restricted key/);
  });
});

describe('A connection takes the events of its own mode', () => {
  it('a live event on a test connection is answered 200, recorded with why and changes nothing', async () => {
    assert.equal((await connect({ api_key: TEST_KEY })).statusCode, 200);
    const { cid } = await campaignWithClick();
    const live = await post(
      endpointSecret(),
      'checkout.session.completed',
      session({ id: 'cs_live_1', cid, livemode: true }),
      true,
    );
    assert.equal(live.outcome, 'ignored');
    assert.match(live.detail, /live-mode event: this connection takes test-mode events only/);
    assert.deepEqual(await conversions(), []);
    const view = (await integration()).json();
    assert.equal(view.events[0]?.livemode, true);
    assert.match(view.events[0]?.detail ?? '', /changes nothing/);
    assert.equal(view.verified_at, null, 'an event of the other mode verifies nothing');

    const test = await post(
      endpointSecret(),
      'checkout.session.completed',
      session({ id: 'cs_test_1', cid, livemode: false }),
      false,
    );
    assert.equal(test.outcome, 'attributed', test.detail);
    assert.equal((await conversions()).length, 1);
    assert.ok((await integration()).json().verified_at);
  });

  it('a pasted secret is live unless the brand says test; its test events change nothing', async () => {
    const secret = 'whsec_manual_0123456789abcdef';
    const res = await connect({ webhook_secret: secret });
    assert.equal(res.json().mode, 'live');
    assert.equal(res.json().webhook_endpoint_id, null);
    const { cid } = await campaignWithClick();
    const test = await post(
      secret,
      'checkout.session.completed',
      session({ id: 'cs_t', cid, livemode: false }),
      false,
    );
    assert.equal(test.outcome, 'ignored');
    assert.match(test.detail, /test-mode event/);
    assert.deepEqual(await conversions(), []);

    assert.equal((await connect({ webhook_secret: secret, mode: 'test' })).json().mode, 'test');
    const again = await post(
      secret,
      'checkout.session.completed',
      session({ id: 'cs_t2', cid, livemode: false }),
      false,
    );
    assert.equal(again.outcome, 'attributed', again.detail);
    const view = (await integration()).json();
    assert.equal(view.mode, 'test');
    assert.equal(view.connected_with, 'webhook_secret');
  });
});

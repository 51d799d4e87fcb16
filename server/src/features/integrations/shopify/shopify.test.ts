// Shopify connected by its webhook signing key (issue 34): orders/paid and refunds/create shaped as
// Shopify's documented samples (samples.ts, 64-bit ids as bare integers), signed as Shopify signs
// them, posted to the brand's endpoint; reward and ledger sums against brute force.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { WebhookIntegrationReply } from 'contract';
import {
  withBrandWorld,
  type BrandWorld,
  type TestApp,
  type TestDatabase,
} from '../../../test/helpers.js';
import { keptReward, providerTestKit, type Reply } from '../webhook-providers/test-kit.js';
import {
  shopifyId,
  shopifyJson,
  shopifyOrder,
  shopifyRefund,
  shopifySignature,
  type ShopifyOrderSample,
} from './samples.js';

let db: TestDatabase;
let t: TestApp;
let w: BrandWorld;
withBrandWorld((world) => ({ db, t, w } = world), { publicUrl: 'https://app.advocately.example' });
const kit = providerTestKit(() => ({ db, t, w }));

const SECRET = 'shpss_0123456789abcdef0123456789abcdef';
let delivery = 0;

function post(
  topic: string,
  body: object | string,
  opts: { secret?: string; signature?: string; webhookId?: string } = {},
) {
  const payload = typeof body === 'string' ? body : shopifyJson(body);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/integrations/shopify/webhook/${w.brandId}/`,
    headers: {
      'content-type': 'application/json',
      'x-shopify-topic': topic,
      'x-shopify-hmac-sha256': opts.signature ?? shopifySignature(payload, opts.secret ?? SECRET),
      'x-shopify-webhook-id':
        opts.webhookId ?? `b54557e4-bdd9-4b37-8a5f-${String(++delivery).padStart(12, '0')}`,
      'x-shopify-shop-domain': 'shop.myshopify.com',
      'x-shopify-api-version': '2025-01',
    },
    payload,
  });
}

async function send(topic: string, body: object, webhookId?: string): Promise<Reply> {
  const res = await post(topic, body, { webhookId });
  assert.equal(res.statusCode, 200, res.body);
  return res.json();
}

const order = (s: Omit<ShopifyOrderSample, 'at'>) => shopifyOrder({ ...s, at: t.clock() });

describe('Shopify connection and signatures', () => {
  it('PUT connects, GET lists the topics, DELETE disconnects; a bad or missing HMAC is a 401 and records nothing', async () => {
    const url = await kit.connect('shopify', SECRET);
    assert.equal(
      url,
      `https://app.advocately.example/api/v1/integrations/shopify/webhook/${w.brandId}/`,
    );
    const view = await t.call<WebhookIntegrationReply>(
      'GET',
      `brand/${w.brandId}/integrations/shopify/`,
      {
        as: w.owner,
      },
    );
    assert.deepEqual(view.json().events_to_select, ['orders/paid', 'refunds/create']);
    const { cid } = await kit.campaignWithClick();
    const body = order({
      orderId: shopifyId(),
      total: '10.00',
      noteAttributes: [{ name: 'advocately_cid', value: cid }],
    });
    assert.equal((await post('orders/paid', body, { secret: 'shpss_other' })).statusCode, 401);
    const missing = await post('orders/paid', body, { signature: '' });
    assert.equal(missing.statusCode, 401);
    assert.match(missing.body, /X-Shopify-Hmac-Sha256/);
    const text = shopifyJson(body);
    const altered = await post('orders/paid', text.replace('"10.00"', '"90.00"'), {
      signature: shopifySignature(text, SECRET),
    });
    assert.equal(altered.statusCode, 401);
    assert.deepEqual(await kit.conversionsNow(), []);
    assert.equal(await kit.eventCount('shopify'), 0);
    assert.equal(
      (await t.call('DELETE', `brand/${w.brandId}/integrations/shopify/`, { as: w.owner }))
        .statusCode,
      200,
    );
    assert.equal((await post('orders/paid', body)).statusCode, 400);
  });
});

describe('Shopify orders', () => {
  it('orders/paid by note attribute, landing_site cid and discount code; the same delivery id again is a duplicate; nobody else is attributed', async () => {
    await kit.connect('shopify', SECRET);
    const { cid, campaign } = await kit.campaignWithClick();
    const byNote = shopifyId();
    const first = await send(
      'orders/paid',
      order({
        orderId: byNote,
        total: '110.00',
        tax: '10.00',
        noteAttributes: [{ name: 'advocately_cid', value: cid }],
      }),
      'delivery-1',
    );
    assert.equal(first.outcome, 'attributed', first.detail);
    const again = await send(
      'orders/paid',
      order({ orderId: byNote, total: '110.00', tax: '10.00' }),
      'delivery-1',
    );
    assert.equal(again.duplicate, true);
    const byUrl = shopifyId();
    assert.equal(
      (
        await send(
          'orders/paid',
          order({ orderId: byUrl, total: '20.00', landingSite: `/?cid=${cid}`, customerId: '7' }),
        )
      ).outcome,
      'attributed',
    );
    const given = await t.call('PUT', `campaign/${campaign}/discount-codes/`, {
      as: w.owner,
      body: { provider: 'shopify', code: 'SPRING-ALEX10', advocate_id: w.advocate.id },
    });
    assert.equal(given.statusCode, 200, given.body);
    const byCode = shopifyId();
    assert.equal(
      (
        await send(
          'orders/paid',
          order({
            orderId: byCode,
            total: '30.00',
            discountCodes: ['SPRING-ALEX10'],
            customerId: '8',
          }),
        )
      ).outcome,
      'attributed',
    );
    const nobody = await send(
      'orders/paid',
      order({ orderId: shopifyId(), total: '40.00', customerId: '9' }),
    );
    assert.equal(nobody.outcome, 'ignored');
    const test = await send(
      'orders/paid',
      order({
        orderId: shopifyId(),
        total: '50.00',
        test: true,
        noteAttributes: [{ name: 'advocately_cid', value: cid }],
      }),
    );
    assert.match(test.detail, /test-mode/);
    assert.deepEqual(
      (await kit.conversionsNow()).map((r) => [
        r.conversion_ref,
        r.value,
        r.reward_amount,
        r.reported_with,
      ]),
      [
        [`shopify:${byNote}`, '100.000', '10.000', 'shopify'],
        [`shopify:${byUrl}`, '20.000', '2.000', 'shopify'],
        [`shopify:${byCode}`, '30.000', '3.000', 'shopify'],
      ],
    );
    // Taken back: the code attributes nothing any more.
    const removed = await t.call(
      'DELETE',
      `campaign/${campaign}/discount-codes/shopify/SPRING-ALEX10/`,
      {
        as: w.owner,
      },
    );
    assert.equal(removed.statusCode, 200);
    const after = await send(
      'orders/paid',
      order({
        orderId: shopifyId(),
        total: '30.00',
        discountCodes: ['SPRING-ALEX10'],
        customerId: '10',
      }),
    );
    assert.equal(after.outcome, 'ignored');
  });

  it('JPY "999" and KWD "12.345" are exact in their decimals', async () => {
    await kit.connect('shopify', SECRET);
    const { cid } = await kit.campaignWithClick();
    const note = [{ name: 'advocately_cid', value: cid }];
    await send(
      'orders/paid',
      order({ orderId: shopifyId(), currency: 'JPY', total: '999', noteAttributes: note }),
    );
    await send(
      'orders/paid',
      order({ orderId: shopifyId(), currency: 'KWD', total: '12.345', noteAttributes: note }),
    );
    const rows = await kit.conversionsNow();
    // Rewards rounded half up to the minor unit: 99.9 yen → 100, 1.2345 KWD → 1.235.
    assert.deepEqual(
      rows.map((r) => [r.currency, r.value, r.reward_amount]),
      [
        ['JPY', '999.000', '100.000'],
        ['KWD', '12.345', '1.235'],
      ],
    );
  });

  it('refunds before payout (partial, then the rest), after payout, and one before its order', async () => {
    await kit.connect('shopify', SECRET);
    await kit.payImmediately();
    const { cid } = await kit.campaignWithClick();
    const note = [{ name: 'advocately_cid', value: cid }];
    // Before payout: 88.00 paid with 8.00 tax → value 80.00, reward 8.00.
    const a = shopifyId();
    await send(
      'orders/paid',
      order({ orderId: a, total: '88.00', tax: '8.00', noteAttributes: note }),
    );
    await kit.payOut(); // pays reward a
    const b = shopifyId();
    await send('orders/paid', order({ orderId: b, total: '50.00', noteAttributes: note }));
    // a: 22.00 returned of which 2.00 tax → 20.00 of 80.00.
    await send(
      'refunds/create',
      shopifyRefund({ orderId: a, amount: '22.00', lineTax: '2.00', at: t.clock() }),
    );
    await send('refunds/create', shopifyRefund({ orderId: b, amount: '10.00', at: t.clock() }));
    const expectA = (refunded: number) => keptReward(800, 8000, refunded);
    assert.deepEqual(await kit.netCents(), { USD: expectA(2000) + keptReward(500, 5000, 1000) });
    await send('refunds/create', shopifyRefund({ orderId: b, amount: '40.00', at: t.clock() }));
    await send(
      'refunds/create',
      shopifyRefund({ orderId: a, amount: '66.00', lineTax: '6.00', at: t.clock() }),
    );
    assert.deepEqual(await kit.netCents(), { USD: 0 });
    // A refund that arrives before its order.
    const c = shopifyId();
    const early = await send(
      'refunds/create',
      shopifyRefund({ orderId: c, amount: '25.00', at: t.clock() }),
    );
    assert.equal(early.outcome, 'ignored');
    await send('orders/paid', order({ orderId: c, total: '100.00', noteAttributes: note }));
    assert.deepEqual(await kit.netCents(), { USD: keptReward(1000, 10000, 2500) });
  });
});

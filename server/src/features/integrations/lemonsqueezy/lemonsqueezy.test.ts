// Lemon Squeezy connected by its webhook's signing secret (issue 34): webhooks shaped as Lemon
// Squeezy's documented order and subscription-invoice objects (samples.ts), signed as it signs them
// (X-Signature), posted to the brand's endpoint; reward and ledger sums against brute force.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ReviewDetail, WebhookIntegrationReply } from 'contract';
import {
  withBrandWorld,
  type BrandWorld,
  type TestApp,
  type TestDatabase,
} from '../../../test/helpers.js';
import { addMonths } from '../../conversions/rewards.js';
import {
  keptReward,
  percentOf,
  providerTestKit,
  type Reply,
} from '../webhook-providers/test-kit.js';
import {
  lemonSqueezyInvoice,
  lemonSqueezyOrder,
  lemonSqueezySignature,
  lemonSqueezySubscription,
} from './samples.js';

let db: TestDatabase;
let t: TestApp;
let w: BrandWorld;
withBrandWorld((world) => ({ db, t, w } = world), { publicUrl: 'https://app.advocately.example' });
const kit = providerTestKit(() => ({ db, t, w }));

const SECRET = 'ls-signing-secret-0123';

function post(body: object | string, secret = SECRET, signature?: string) {
  const payload = typeof body === 'string' ? body : JSON.stringify(body);
  const eventName =
    typeof body === 'string'
      ? 'order_created'
      : (body as { meta: { event_name: string } }).meta.event_name;
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/integrations/lemonsqueezy/webhook/${w.brandId}/`,
    headers: {
      'content-type': 'application/json',
      'x-event-name': eventName,
      'x-signature': signature ?? lemonSqueezySignature(payload, secret),
    },
    payload,
  });
}

async function send(body: object): Promise<Reply> {
  const res = await post(body);
  assert.equal(res.statusCode, 200, res.body);
  return res.json();
}

describe('Lemon Squeezy connection and signatures', () => {
  it('PUT connects, GET lists the events to tick, a stranger sees nothing, DELETE disconnects', async () => {
    const url = await kit.connect('lemonsqueezy', SECRET);
    assert.equal(
      url,
      `https://app.advocately.example/api/v1/integrations/lemonsqueezy/webhook/${w.brandId}/`,
    );
    const view = await t.call<WebhookIntegrationReply>(
      'GET',
      `brand/${w.brandId}/integrations/lemonsqueezy/`,
      { as: w.owner },
    );
    assert.equal(view.json().connected, true);
    assert.ok(view.json().events_to_select.includes('order_refunded'));
    assert.ok(!view.body.includes(SECRET));
    const stranger = await t.call('DELETE', `brand/${w.brandId}/integrations/lemonsqueezy/`, {
      as: w.other,
    });
    assert.equal(stranger.statusCode, 404);
    const off = await t.call('DELETE', `brand/${w.brandId}/integrations/lemonsqueezy/`, {
      as: w.owner,
    });
    assert.equal(off.statusCode, 200);
    assert.equal((await post(lemonSqueezyOrder({ total: 1000, at: t.clock() }))).statusCode, 400);
  });

  it('a bad, missing or altered X-Signature is a 401 and records nothing', async () => {
    await kit.connect('lemonsqueezy', SECRET);
    const { cid } = await kit.campaignWithClick();
    const body = lemonSqueezyOrder({
      total: 1000,
      customData: { advocately_cid: cid },
      at: t.clock(),
    });
    const payload = JSON.stringify(body);
    assert.equal((await post(body, 'someone-elses-secret')).statusCode, 401);
    assert.equal((await post(payload, SECRET, '')).statusCode, 401);
    const signature = lemonSqueezySignature(payload, SECRET);
    const altered = await post(payload.replace('"total":1000', '"total":9000'), SECRET, signature);
    assert.equal(altered.statusCode, 401);
    assert.match(altered.body, /X-Signature/);
    assert.deepEqual(await kit.conversionsNow(), []);
    assert.equal(await kit.eventCount('lemonsqueezy'), 0);
  });
});

describe('Lemon Squeezy orders', () => {
  it('order_created: meta.custom_data.advocately_cid, total less tax, 10%; the same delivery again is a duplicate', async () => {
    await kit.connect('lemonsqueezy', SECRET);
    const { cid } = await kit.campaignWithClick();
    const body = lemonSqueezyOrder({
      id: '1042',
      total: 2400,
      tax: 400,
      customData: { advocately_cid: cid },
      at: t.clock(),
    });
    const first = await send(body);
    assert.equal(first.outcome, 'attributed', first.detail);
    assert.equal((await send(body)).duplicate, true);
    assert.deepEqual(
      (await kit.conversionsNow()).map((r) => [
        r.event_type,
        r.conversion_ref,
        r.value,
        r.reward_amount,
        r.reported_with,
      ]),
      [['purchase', 'lemonsqueezy:1042', '20.000', '2.000', 'lemonsqueezy']],
    );
  });

  it('unattributable and test-mode orders change nothing, with why', async () => {
    await kit.connect('lemonsqueezy', SECRET);
    const { cid } = await kit.campaignWithClick();
    const nobody = await send(lemonSqueezyOrder({ total: 1000, customerId: 77, at: t.clock() }));
    assert.equal(nobody.outcome, 'ignored');
    assert.match(nobody.detail, /No advocate/);
    const test = await send(
      lemonSqueezyOrder({
        total: 1000,
        customData: { advocately_cid: cid },
        testMode: true,
        at: t.clock(),
      }),
    );
    assert.equal(test.outcome, 'ignored');
    assert.match(test.detail, /test-mode/);
    assert.deepEqual(await kit.conversionsNow(), []);
    assert.equal(await kit.eventCount('lemonsqueezy'), 2);
  });

  it('JPY and KWD amounts are in their smallest unit', async () => {
    await kit.connect('lemonsqueezy', SECRET);
    const { cid } = await kit.campaignWithClick();
    for (const [total, currency] of [
      [999, 'JPY'],
      [12345, 'KWD'],
    ] as const)
      await send(
        lemonSqueezyOrder({ total, currency, customData: { advocately_cid: cid }, at: t.clock() }),
      );
    // 10% of JPY 999 is 99.9, rounded half up to the yen (100); KWD 12.345 keeps its third
    // decimal and its 10% (1.2345) is rounded half up to the fils (1.235).
    const rows = await kit.conversionsNow();
    assert.deepEqual(
      rows.map((r) => [r.currency, r.value, r.reward_amount]),
      [
        ['JPY', '999.000', '100.000'],
        ['KWD', '12.345', '1.235'],
      ],
    );
  });

  it('order_refunded: refunded_amount is a running total; partial then full; a refund before its order is applied when it arrives', async () => {
    await kit.connect('lemonsqueezy', SECRET);
    const { cid } = await kit.campaignWithClick();
    const order = (refunded?: number, id = '2001') =>
      lemonSqueezyOrder({
        id,
        event: refunded === undefined ? 'order_created' : 'order_refunded',
        total: 6000,
        tax: 1000,
        refunded,
        customData: { advocately_cid: cid },
        at: t.clock(),
      });
    await send(order()); // value 50.00, reward 5.00
    await send(order(1500)); // a quarter of the 60.00 paid
    assert.deepEqual(await kit.netCents(), { USD: keptReward(500, 6000, 1500) });
    await send(order(6000));
    assert.equal((await kit.netCents()).USD ?? 0, 0);

    const early = await send(order(3000, '2002'));
    assert.equal(early.outcome, 'ignored');
    await send(order(undefined, '2002'));
    assert.deepEqual(await kit.netCents(), { USD: keptReward(500, 6000, 3000) });
  });

  it('after payout a refund leaves a clawback: the net follows the refunded share', async () => {
    await kit.connect('lemonsqueezy', SECRET);
    await kit.payImmediately();
    const { cid } = await kit.campaignWithClick();
    const sale = (refunded?: number) =>
      lemonSqueezyOrder({
        id: '3001',
        event: refunded === undefined ? 'order_created' : 'order_refunded',
        total: 8000,
        refunded,
        customData: { advocately_cid: cid },
        at: t.clock(),
      });
    await send(sale());
    await kit.payOut();
    for (const refunded of [2000, 5000, 8000]) {
      await send(sale(refunded));
      assert.deepEqual(
        await kit.netCents(),
        { USD: keptReward(800, 8000, refunded) },
        `${refunded}`,
      );
    }
  });
});

describe('Lemon Squeezy subscriptions', () => {
  for (const months of [null, 2]) {
    it(`the order is the first payment, the initial invoice is not counted again, renewals follow recurring_months ${months}`, async () => {
      await kit.connect('lemonsqueezy', SECRET);
      const { cid } = await kit.campaignWithClick({
        commission_value: 20,
        event_rewards: {
          subscription_renewal: { commission_type: 'percentage', commission_value: 30 },
        },
        recurring_months: months,
      });
      const start = t.clock();
      const customData = { advocately_cid: cid };
      assert.equal(
        (
          await send(
            lemonSqueezyOrder({ id: '4001', customerId: 9, total: 2000, customData, at: start }),
          )
        ).outcome,
        'attributed',
      );
      const initial = await send(
        lemonSqueezyInvoice({
          billingReason: 'initial',
          subscriptionId: 31,
          customerId: 9,
          total: 2000,
          customData,
          at: start,
        }),
      );
      assert.equal(initial.outcome, 'ignored');
      for (const month of [1, 2, 3]) {
        const renewal = await send(
          lemonSqueezyInvoice({
            id: `60${month}`,
            billingReason: 'renewal',
            subscriptionId: 31,
            customerId: 9,
            total: 2000,
            // Renewals carry the checkout's custom data; the remembered customer would do as well.
            customData: month === 3 ? null : customData,
            at: addMonths(start, month),
          }),
        );
        assert.equal(renewal.outcome, 'attributed', renewal.detail);
      }
      const rows = await kit.conversionsNow();
      assert.deepEqual(
        rows.map((r) => [r.event_type, r.renewal_number]),
        [
          ['purchase', null],
          ['subscription_renewal', 1],
          ['subscription_renewal', 2],
          ['subscription_renewal', 3],
        ],
      );
      const expected = [percentOf(2000, 20)];
      for (const month of [1, 2, 3])
        expected.push(
          months === null || addMonths(start, month) < addMonths(start, months)
            ? percentOf(2000, 30)
            : 0,
        );
      assert.deepEqual(
        rows.map((r) => Math.round(Number(r.reward_amount) * 100)),
        expected,
      );
      // A renewal's refund (subscription_payment_refunded) takes its reward back.
      await send(
        lemonSqueezyInvoice({
          id: '601',
          event: 'subscription_payment_refunded',
          billingReason: 'renewal',
          subscriptionId: 31,
          customerId: 9,
          total: 2000,
          refunded: 2000,
          at: addMonths(start, 1),
        }),
      );
      const after = await kit.conversionsNow();
      assert.equal(after[1]?.status, 'refunded');
    });
  }

  // A free trial's checkout is an order of 0 (no sale); the invoice that ends the trial is the
  // subscription's first payment (subscription_created at the first-payment rule), not renewal #1.
  for (const linked of [true, false]) {
    it(`after a free trial the first paid invoice is the first payment, the next one renewal #1 (subscription_created ${linked ? 'received' : 'not subscribed'})`, async () => {
      await kit.connect('lemonsqueezy', SECRET);
      const { cid } = await kit.campaignWithClick({
        commission_value: 20,
        event_rewards: {
          subscription_renewal: { commission_type: 'percentage', commission_value: 30 },
        },
        recurring_months: 2,
      });
      const start = t.clock();
      const customData = { advocately_cid: cid };
      const trial = await send(
        lemonSqueezyOrder({ id: '7001', customerId: 12, total: 0, customData, at: start }),
      );
      assert.equal(trial.outcome, 'ignored');
      assert.match(trial.detail, /Nothing paid/);
      if (linked)
        assert.equal(
          (
            await send(
              lemonSqueezySubscription({
                id: 41,
                orderId: 7001,
                customerId: 12,
                status: 'on_trial',
                trialEndsAt: addMonths(start, 1),
                customData,
                at: start,
              }),
            )
          ).outcome,
          'ignored',
        );
      assert.deepEqual(await kit.conversionsNow(), []);
      const invoice = (id: string, month: number) =>
        lemonSqueezyInvoice({
          id,
          billingReason: 'renewal',
          subscriptionId: 41,
          customerId: 12,
          total: 2000,
          // The customer remembered from the trial's checkout attributes it.
          customData: null,
          at: addMonths(start, month),
        });
      const firstPaid = await send(invoice('801', 1));
      assert.equal(firstPaid.outcome, 'attributed', firstPaid.detail);
      assert.match(firstPaid.detail, /^Subscription \(first payment\)/);
      // The same delivery again is that payment again, not a renewal of it.
      const again = await send(invoice('801', 1));
      assert.equal(again.duplicate, true);
      for (const [id, month] of [
        ['802', 2],
        ['803', 3],
      ] as const)
        assert.equal((await send(invoice(id, month))).outcome, 'attributed');
      const rows = await kit.conversionsNow();
      assert.deepEqual(
        rows.map((r) => [r.event_type, r.renewal_number, r.conversion_ref, Number(r.value)]),
        [
          ['subscription_created', null, 'lemonsqueezy:subscription:41', 20],
          ['subscription_renewal', 1, 'lemonsqueezy:subscription-invoice:802', 20],
          ['subscription_renewal', 2, 'lemonsqueezy:subscription-invoice:803', 20],
        ],
      );
      // 20% of the first payment; renewals at 30% within recurring_months (2) of the first
      // *paid* month: month 2 is inside, month 3 is not.
      assert.deepEqual(
        rows.map((r) => Math.round(Number(r.reward_amount) * 100)),
        [percentOf(2000, 20), percentOf(2000, 30), 0],
      );
      // The brand's review of it names the provider: its events and who reported the sale.
      const detail = await t.call<ReviewDetail>(
        'GET',
        `brand/${w.brandId}/review/${rows[0]?.id}/`,
        { as: w.owner },
      );
      assert.equal(detail.statusCode, 200, detail.body);
      const titles = detail.json().timeline.map((e) => e.title);
      assert.ok(
        titles.includes('Lemon Squeezy event subscription_payment_success'),
        titles.join(' | '),
      );
      assert.ok(
        titles.some((title) => title.endsWith('reported by Lemon Squeezy')),
        titles.join(' | '),
      );
      // A refund of the invoice that ended the trial finds its conversion.
      await send(
        lemonSqueezyInvoice({
          id: '801',
          event: 'subscription_payment_refunded',
          billingReason: 'renewal',
          subscriptionId: 41,
          customerId: 12,
          total: 2000,
          refunded: 2000,
          at: addMonths(start, 1),
        }),
      );
      assert.equal((await kit.conversionsNow())[0]?.status, 'refunded');
    });
  }

  it('a paid order stays the first payment when subscription_created comes before it', async () => {
    await kit.connect('lemonsqueezy', SECRET);
    const { cid } = await kit.campaignWithClick();
    const start = t.clock();
    const customData = { advocately_cid: cid };
    await send(lemonSqueezySubscription({ id: 51, orderId: 7101, customerId: 13, at: start }));
    await send(
      lemonSqueezyOrder({ id: '7101', customerId: 13, total: 1500, customData, at: start }),
    );
    const renewal = await send(
      lemonSqueezyInvoice({
        id: '901',
        billingReason: 'renewal',
        subscriptionId: 51,
        customerId: 13,
        total: 1500,
        customData,
        at: addMonths(start, 1),
      }),
    );
    assert.equal(renewal.outcome, 'attributed', renewal.detail);
    assert.deepEqual(
      (await kit.conversionsNow()).map((r) => [r.event_type, r.renewal_number]),
      [
        ['purchase', null],
        ['subscription_renewal', 1],
      ],
    );
  });
});

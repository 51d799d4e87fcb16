// Paddle Billing connected by its notification destination's secret (issue 34): notifications
// shaped as Paddle's documented samples (samples.ts), signed as Paddle signs them, posted to the
// brand's endpoint; every reward and ledger sum compared with a brute-force computation.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import type { WebhookIntegrationReply } from 'contract';
import { rowsOf } from '../../../lib/sql.js';
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
  paddleAdjustment,
  paddleSubscriptionCreated,
  paddleTransactionCompleted,
} from './samples.js';
import { paddleSignature } from './verify.js';

let db: TestDatabase;
let t: TestApp;
let w: BrandWorld;
withBrandWorld((world) => ({ db, t, w } = world), { publicUrl: 'https://app.advocately.example' });
const kit = providerTestKit(() => ({ db, t, w }));

const SECRET = 'pdl_ntfset_01hv8x2af8sgp9w0e7y9hksbhn_secret';
const unix = (d: Date) => Math.floor(d.getTime() / 1000);

function post(body: object | string, secret = SECRET, header?: string) {
  const payload = typeof body === 'string' ? body : JSON.stringify(body);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/integrations/paddle/webhook/${w.brandId}/`,
    headers: {
      'content-type': 'application/json',
      'paddle-signature': header ?? paddleSignature(payload, secret, unix(t.clock())),
    },
    payload,
  });
}

async function send(body: object): Promise<Reply> {
  const res = await post(body);
  assert.equal(res.statusCode, 200, res.body);
  return res.json();
}

describe('Paddle connection', () => {
  it('PUT connects (endpoint on PUBLIC_URL), GET shows it without the secret, DELETE disconnects', async () => {
    const url = await kit.connect('paddle', SECRET);
    assert.equal(
      url,
      `https://app.advocately.example/api/v1/integrations/paddle/webhook/${w.brandId}/`,
    );
    const view = await t.call<WebhookIntegrationReply>(
      'GET',
      `brand/${w.brandId}/integrations/paddle/`,
      {
        as: w.owner,
      },
    );
    assert.equal(view.statusCode, 200);
    assert.equal(view.json().connected, true);
    assert.ok(view.json().events_to_select.includes('transaction.completed'));
    assert.ok(!view.body.includes(SECRET), 'the secret is never returned');
    const [stored] = await rowsOf<{ webhook_secret: string }>(
      db.handle.db,
      sql`select webhook_secret from billing_connections where provider = 'paddle'`,
    );
    assert.ok(!stored.webhook_secret.includes('pdl_ntfset'), 'stored encrypted');
    // Lemon Squeezy is another connection: still not connected.
    const other = await t.call<WebhookIntegrationReply>(
      'GET',
      `brand/${w.brandId}/integrations/lemonsqueezy/`,
      { as: w.owner },
    );
    assert.equal(other.json().connected, false);

    const stranger = await t.call('GET', `brand/${w.brandId}/integrations/paddle/`, {
      as: w.other,
    });
    assert.equal(stranger.statusCode, 404);
    const strangerPut = await t.call('PUT', `brand/${w.brandId}/integrations/paddle/`, {
      as: w.other,
      body: { webhook_secret: 'pdl_ntfset_mine' },
    });
    assert.equal(strangerPut.statusCode, 404);
    const bad = await t.call('PUT', `brand/${w.brandId}/integrations/paddle/`, {
      as: w.owner,
      body: { webhook_secret: 'a b' },
    });
    assert.equal(bad.statusCode, 400);
    assert.match(bad.body, /webhook_secret/);

    const audit = await rowsOf<{ action: string }>(
      db.handle.db,
      sql`select action from audit_log where brand_id = ${w.brandId} order by id`,
    );
    assert.ok(audit.some((a) => a.action === 'integration.connected'));

    const off = await t.call('DELETE', `brand/${w.brandId}/integrations/paddle/`, { as: w.owner });
    assert.equal(off.statusCode, 200);
    const after = await post(paddleTransactionCompleted({ total: 1000, at: t.clock() }));
    assert.equal(after.statusCode, 400);
    const again = await t.call('DELETE', `brand/${w.brandId}/integrations/paddle/`, {
      as: w.owner,
    });
    assert.equal(again.statusCode, 404);
  });

  it('a bad, missing, altered or stale signature is a 401 and records nothing', async () => {
    await kit.connect('paddle', SECRET);
    const { cid } = await kit.campaignWithClick();
    const body = paddleTransactionCompleted({
      total: 1000,
      customData: { advocately_cid: cid },
      at: t.clock(),
    });
    const payload = JSON.stringify(body);
    assert.equal((await post(body, 'pdl_ntfset_someone_else')).statusCode, 401);
    const missing = await t.app.inject({
      method: 'POST',
      url: `/api/v1/integrations/paddle/webhook/${w.brandId}/`,
      headers: { 'content-type': 'application/json' },
      payload,
    });
    assert.equal(missing.statusCode, 401);
    assert.match(missing.body, /Paddle-Signature/);
    const header = paddleSignature(payload, SECRET, unix(t.clock()));
    assert.equal((await post(payload.replace('"1000"', '"9000"'), SECRET, header)).statusCode, 401);
    const stale = paddleSignature(payload, SECRET, unix(t.clock()) - 6);
    assert.equal((await post(payload, SECRET, stale)).statusCode, 401);
    assert.deepEqual(await kit.conversionsNow(), []);
    assert.equal(await kit.eventCount('paddle'), 0);
  });
});

describe('Paddle payments', () => {
  it('a sale: custom_data.advocately_cid, total less tax, 10% reward, in the event log; a replay counts once', async () => {
    await kit.connect('paddle', SECRET);
    const { cid } = await kit.campaignWithClick();
    const body = paddleTransactionCompleted({
      id: 'txn_sale',
      total: 12000,
      tax: 2000,
      customData: { advocately_cid: cid },
      at: t.clock(),
    });
    const first = await send(body);
    assert.equal(first.outcome, 'attributed', first.detail);
    assert.equal(first.duplicate, false);
    const replay = await send(body);
    assert.equal(replay.duplicate, true);
    const rows = await kit.conversionsNow();
    assert.deepEqual(
      rows.map((r) => [
        r.event_type,
        r.conversion_ref,
        r.value,
        r.currency,
        r.reward_amount,
        r.reported_with,
      ]),
      [['purchase', 'paddle:txn_sale', '100.000', 'USD', '10.000', 'paddle']],
    );
    const view = await t.call<WebhookIntegrationReply>(
      'GET',
      `brand/${w.brandId}/integrations/paddle/`,
      {
        as: w.owner,
      },
    );
    assert.deepEqual(
      view.json().events.map((e) => [e.id, e.type, e.outcome, e.conversion_id]),
      [[body.event_id, 'transaction.completed', 'attributed', rows[0]?.id]],
    );
  });

  it('an advocately_via share code and a discount given to the advocate attribute too; nothing else does', async () => {
    await kit.connect('paddle', SECRET);
    const { code, campaign } = await kit.campaignWithClick();
    const via = await send(
      paddleTransactionCompleted({
        id: 'txn_via',
        total: 1000,
        customData: { advocately_via: code },
        at: t.clock(),
      }),
    );
    assert.equal(via.outcome, 'attributed', via.detail);
    const given = await t.call<{
      codes: { provider: string; code: string; advocate_id: number }[];
    }>('PUT', `campaign/${campaign}/discount-codes/`, {
      as: w.owner,
      body: { provider: 'paddle', code: 'dsc_01spring', advocate_id: w.advocate.id },
    });
    assert.equal(given.statusCode, 200, given.body);
    assert.deepEqual(
      given.json().codes.map((c) => [c.provider, c.code, c.advocate_id]),
      [['paddle', 'dsc_01spring', w.advocate.id]],
    );
    // Only an advocate of the campaign; only the brand's members; never Lemon Squeezy's codes.
    const notJoined = await t.call('PUT', `campaign/${campaign}/discount-codes/`, {
      as: w.owner,
      body: { provider: 'paddle', code: 'dsc_x', advocate_id: w.other.id },
    });
    assert.equal(notJoined.statusCode, 400);
    assert.match(notJoined.body, /advocate_id/);
    const stranger = await t.call('GET', `campaign/${campaign}/discount-codes/`, { as: w.other });
    assert.equal(stranger.statusCode, 404);
    const lemon = await t.call('PUT', `campaign/${campaign}/discount-codes/`, {
      as: w.owner,
      body: { provider: 'lemonsqueezy', code: 'SPRING', advocate_id: w.advocate.id },
    });
    assert.equal(lemon.statusCode, 400);
    assert.match(lemon.body, /provider/);
    const discounted = await send(
      paddleTransactionCompleted({
        id: 'txn_dsc',
        total: 2000,
        discountId: 'dsc_01spring',
        at: t.clock(),
      }),
    );
    assert.equal(discounted.outcome, 'attributed', discounted.detail);
    const nobody = await send(
      paddleTransactionCompleted({
        id: 'txn_nobody',
        total: 3000,
        customerId: 'ctm_stranger',
        customData: { advocately_cid: 'not-a-click' },
        at: t.clock(),
      }),
    );
    assert.equal(nobody.outcome, 'ignored');
    assert.match(nobody.detail, /No advocate/);
    assert.deepEqual(
      (await kit.conversionsNow()).map((r) => [r.conversion_ref, r.reward_amount]),
      [
        ['paddle:txn_via', '1.000'],
        ['paddle:txn_dsc', '2.000'],
      ],
    );
  });

  it('zero-decimal (JPY) and three-decimal (KWD) currencies keep their exponent', async () => {
    await kit.connect('paddle', SECRET);
    const { cid } = await kit.campaignWithClick();
    for (const [id, total, currency] of [
      ['txn_jpy', 1500, 'JPY'],
      ['txn_kwd', 12345, 'KWD'],
    ] as const)
      await send(
        paddleTransactionCompleted({
          id,
          total,
          currency,
          customData: { advocately_cid: cid },
          at: t.clock(),
        }),
      );
    const rows = await kit.conversionsNow();
    // KWD 12.345 keeps its third decimal; its 10% (1.2345) is rounded half up to the fils.
    assert.deepEqual(
      rows.map((r) => [r.currency, r.value, r.reward_amount]),
      [
        ['JPY', '1500.000', '150.000'],
        ['KWD', '12.345', '1.235'],
      ],
    );
    const net = await kit.netCents();
    assert.equal(net.JPY, percentOf(150000, 10));
  });
});

describe('Paddle subscriptions', () => {
  for (const months of [null, 2]) {
    it(`first payment then three renewals (origin subscription_recurring) under recurring_months ${months}`, async () => {
      await kit.connect('paddle', SECRET);
      const { cid } = await kit.campaignWithClick({
        commission_value: 20,
        event_rewards: {
          subscription_renewal: { commission_type: 'percentage', commission_value: 30 },
        },
        recurring_months: months,
      });
      const start = t.clock();
      await send(
        paddleSubscriptionCreated({
          id: 'sub_1',
          customerId: 'ctm_sub',
          customData: { advocately_cid: cid },
          at: start,
        }),
      );
      const first = await send(
        paddleTransactionCompleted({
          id: 'txn_first',
          origin: 'web',
          subscriptionId: 'sub_1',
          customerId: 'ctm_sub',
          total: 2000,
          customData: { advocately_cid: cid },
          at: start,
        }),
      );
      assert.equal(first.outcome, 'attributed', first.detail);
      for (const month of [1, 2, 3]) {
        const renewal = await send(
          paddleTransactionCompleted({
            id: `txn_renewal_${month}`,
            origin: 'subscription_recurring',
            subscriptionId: 'sub_1',
            customerId: 'ctm_sub',
            total: 2000,
            customData: null,
            at: addMonths(start, month),
          }),
        );
        assert.equal(renewal.outcome, 'attributed', renewal.detail);
      }
      const rows = await kit.conversionsNow();
      assert.deepEqual(
        rows.map((r) => [r.event_type, r.renewal_number]),
        [
          ['subscription_created', null],
          ['subscription_renewal', 1],
          ['subscription_renewal', 2],
          ['subscription_renewal', 3],
        ],
      );
      // Brute force: 20% of the first payment, 30% of each renewal paid inside the window.
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
      assert.deepEqual(await kit.netCents(), { USD: expected.reduce((a, b) => a + b, 0) });
    });
  }
});

describe('Paddle refunds and chargebacks', () => {
  async function sale(id: string, total: number) {
    const { cid } = await kit.campaignWithClick();
    const res = await send(
      paddleTransactionCompleted({ id, total, customData: { advocately_cid: cid }, at: t.clock() }),
    );
    assert.equal(res.outcome, 'attributed', res.detail);
  }

  it('before payout: a partial refund keeps the unrefunded share of the reward, the rest refunds it all; a replay changes nothing', async () => {
    await kit.connect('paddle', SECRET);
    await sale('txn_r1', 8000); // reward 8.00
    const partial = paddleAdjustment({
      transactionId: 'txn_r1',
      action: 'refund',
      subtotal: 2000,
      at: t.clock(),
    });
    assert.notEqual((await send(partial)).outcome, 'refused');
    assert.deepEqual(await kit.netCents(), { USD: keptReward(800, 8000, 2000) });
    assert.equal((await send(partial)).duplicate, true);
    assert.deepEqual(await kit.netCents(), { USD: keptReward(800, 8000, 2000) });
    await send(
      paddleAdjustment({
        transactionId: 'txn_r1',
        action: 'refund',
        subtotal: 6000,
        at: t.clock(),
      }),
    );
    assert.equal((await kit.netCents()).USD ?? 0, 0);
    const [c] = await kit.conversionsNow();
    assert.equal(c?.status, 'refunded');
  });

  it('after payout: each refund claws back its share; a chargeback (dispute lost) takes back the rest', async () => {
    await kit.connect('paddle', SECRET);
    await kit.payImmediately();
    await sale('txn_r2', 8000);
    await kit.payOut();
    assert.deepEqual(
      (await kit.ledgerNow()).map((r) => r.status),
      ['paid'],
    );
    await send(
      paddleAdjustment({
        transactionId: 'txn_r2',
        action: 'refund',
        subtotal: 2000,
        at: t.clock(),
      }),
    );
    assert.deepEqual(await kit.netCents(), { USD: keptReward(800, 8000, 2000) });
    await send(
      paddleAdjustment({
        transactionId: 'txn_r2',
        action: 'chargeback',
        subtotal: 6000,
        at: t.clock(),
      }),
    );
    assert.deepEqual(await kit.netCents(), { USD: 0 });
  });

  it('a refund that arrives before its sale is kept and applied when the sale arrives', async () => {
    await kit.connect('paddle', SECRET);
    const early = await send(
      paddleAdjustment({
        transactionId: 'txn_late',
        action: 'refund',
        subtotal: 5000,
        at: t.clock(),
      }),
    );
    assert.equal(early.outcome, 'ignored');
    await sale('txn_late', 10000); // reward 10.00, half refunded already
    assert.deepEqual(await kit.netCents(), { USD: keptReward(1000, 10000, 5000) });
  });

  it('pending adjustments and credits move nothing', async () => {
    await kit.connect('paddle', SECRET);
    await sale('txn_r3', 5000);
    const pending = await send(
      paddleAdjustment({
        transactionId: 'txn_r3',
        action: 'refund',
        status: 'pending_approval',
        subtotal: 5000,
        type: 'adjustment.created',
        at: t.clock(),
      }),
    );
    assert.equal(pending.outcome, 'ignored');
    await send(
      paddleAdjustment({
        transactionId: 'txn_r3',
        action: 'credit',
        subtotal: 5000,
        at: t.clock(),
      }),
    );
    assert.deepEqual(await kit.netCents(), { USD: 500 });
  });
});

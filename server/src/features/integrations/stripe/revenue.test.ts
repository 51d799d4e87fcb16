// Stripe revenue as a brand meets it in its first month (issue 34, items 1-5, 7, 8): every paid
// subscription invoice, free trials, refunds and disputes before their sale, disputes, failed
// refunds, promotion codes under the newest API, currency rounding and sales net of refunds.
// Events are shaped as Stripe sends them to an endpoint pinned to API 2024-06-20 and to one on
// the newest version (invoice.parent.subscription_details, invoice.discounts as ids, no
// invoice.discount / charge / payment_intent, invoice_payment.paid), signed with the official
// package; every reward and ledger sum is compared with a brute-force computation.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import type { ConversionsReply, EarningsListReply, PaymentsReply } from 'contract';
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
import { savePayoutSettings } from '../../ledger/index.js';
import { addMethod } from '../../payout-methods/repository.js';
import { createPayouts } from '../../payouts/repository.js';

let db: TestDatabase;
let t: TestApp;
let w: BrandWorld;
withBrandWorld((world) => ({ db, t, w } = world), { publicUrl: 'https://app.advocately.example' });

const SECRET = 'whsec_test_revenue_0123456789abcdef';
const DAY = 86_400;
let eventSeq = 0;
const unix = (d: Date) => Math.floor(d.getTime() / 1000);
type ApiVersion = '2024-06-20' | '2026-10-28';

function event(type: string, object: object, version: ApiVersion = '2024-06-20', created?: number) {
  return {
    id: `evt_rev_${++eventSeq}_${Date.now()}`,
    object: 'event',
    api_version: version === '2024-06-20' ? '2024-06-20' : '2026-10-28.clover',
    created: created ?? unix(t.clock()),
    data: { object },
    livemode: true,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

async function send(type: string, object: object, version?: ApiVersion, created?: number) {
  const payload = JSON.stringify(event(type, object, version, created));
  const header = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: SECRET,
    timestamp: unix(t.clock()),
  });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/integrations/stripe/webhook/${w.brandId}/`,
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    payload,
  });
  assert.equal(res.statusCode, 200, res.body);
  return res.json() as { duplicate: boolean; outcome: string; detail: string };
}

async function connect() {
  const res = await t.call('PUT', `brand/${w.brandId}/integrations/stripe/`, {
    as: w.owner,
    body: { webhook_secret: SECRET },
  });
  assert.equal(res.statusCode, 200, res.body);
}

async function campaignWithClick(fields: Record<string, unknown> = {}) {
  const product = await createProductAs(t, w.owner, w.brandId);
  const campaign = await createCampaignAs(t, w.owner, w.brandId, {
    product_ids: [product],
    commission_type: 'percentage',
    commission_value: 10,
    ...fields,
  });
  const code = (await joinAs(t, w.advocate, campaign)).get(product) ?? assert.fail('no link');
  const res = await t.app.inject({
    method: 'GET',
    url: `/r/${code}`,
    headers: { 'user-agent': 'Mozilla/5.0 Chrome/124' },
  });
  const cid = new URL(String(res.headers.location)).searchParams.get('cid');
  return { campaign, cid: cid ?? assert.fail('no cid') };
}

// --- Stripe objects ---

function session(f: {
  id: string;
  mode: 'payment' | 'subscription';
  amount_total: number;
  currency?: string;
  cid?: string;
  customer?: string;
  subscription?: string;
  payment_intent?: string;
}) {
  return {
    id: f.id,
    object: 'checkout.session',
    amount_subtotal: f.amount_total,
    amount_total: f.amount_total,
    client_reference_id: f.cid ?? null,
    created: unix(t.clock()),
    currency: f.currency ?? 'usd',
    customer: f.customer ?? null,
    customer_details: { email: 'jane.doe@example.com' },
    discounts: [],
    livemode: true,
    metadata: {},
    mode: f.mode,
    payment_intent: f.payment_intent ?? null,
    payment_status: f.amount_total === 0 ? 'no_payment_required' : 'paid',
    status: 'complete',
    subscription: f.subscription ?? null,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
  };
}

/** An invoice as each API version shapes it. */
function invoice(
  version: ApiVersion,
  f: {
    id: string;
    billing_reason: string;
    subscription: string;
    customer: string;
    amount_paid: number;
    paid_at: Date;
    charge?: string;
    payment_intent?: string;
    subscription_metadata?: Record<string, string>;
    discount_ids?: string[];
  },
) {
  const common = {
    id: f.id,
    object: 'invoice',
    amount_due: f.amount_paid,
    amount_paid: f.amount_paid,
    amount_remaining: 0,
    billing_reason: f.billing_reason,
    created: unix(f.paid_at) - 3600,
    currency: 'usd',
    customer: f.customer,
    customer_email: 'jane.doe@example.com',
    livemode: true,
    status: 'paid',
    status_transitions: { finalized_at: unix(f.paid_at) - 3600, paid_at: unix(f.paid_at) },
    total: f.amount_paid,
  };
  if (version === '2024-06-20')
    return {
      ...common,
      charge: f.charge ?? null,
      discount: null,
      discounts: f.discount_ids ?? [],
      paid: true,
      payment_intent: f.payment_intent ?? null,
      subscription: f.subscription,
      subscription_details: { metadata: f.subscription_metadata ?? {} },
      tax: null,
    };
  // 2025-03-31 and later: no charge, payment_intent, subscription, discount or tax fields.
  return {
    ...common,
    discounts: f.discount_ids ?? [],
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: {
        metadata: f.subscription_metadata ?? {},
        subscription: f.subscription,
      },
    },
    total_taxes: [],
  };
}

function charge(f: {
  id: string;
  amount: number;
  amount_refunded: number;
  payment_intent?: string;
  invoice?: string;
  currency?: string;
}) {
  return {
    id: f.id,
    object: 'charge',
    amount: f.amount,
    amount_captured: f.amount,
    amount_refunded: f.amount_refunded,
    currency: f.currency ?? 'usd',
    ...(f.invoice ? { invoice: f.invoice } : {}),
    paid: true,
    payment_intent: f.payment_intent ?? null,
    refunded: f.amount_refunded === f.amount,
    status: 'succeeded',
  };
}

const refund = (f: { id: string; amount: number; charge: string; payment_intent?: string }) => ({
  id: f.id,
  object: 'refund',
  amount: f.amount,
  charge: f.charge,
  currency: 'usd',
  payment_intent: f.payment_intent ?? null,
  failure_reason: 'expired_or_canceled_card',
  status: 'failed',
});

const dispute = (f: { id: string; charge: string; amount: number; status: string }) => ({
  id: f.id,
  object: 'dispute',
  amount: f.amount,
  charge: f.charge,
  currency: 'usd',
  payment_intent: null,
  reason: 'fraudulent',
  status: f.status,
});

// --- what is stored ---

interface Row {
  event_type: string;
  value: string;
  refunded_value: string;
  reward_amount: string;
  refunded_reward: string;
  status: string;
  renewal_number: number | null;
}
const conversionsNow = () =>
  rowsOf<Row>(
    db.handle.db,
    sql`select event_type, value::text, refunded_value::text, reward_amount::text,
      refunded_reward::text, status, renewal_number from conversions order by id`,
  );
const rewardsNow = () =>
  rowsOf<{ kind: string; amount: string; status: string; hold_reasons: string[] | null }>(
    db.handle.db,
    sql`select kind, amount::text, status, hold_reasons from rewards order by id`,
  );
const cents = (amount: string | number) => Math.round(Number(amount) * 100);
/** The advocate's ledger net in cents: entries not rejected. */
async function netCents(): Promise<number> {
  return (await rewardsNow())
    .filter((r) => r.status !== 'rejected')
    .reduce((sum, r) => sum + cents(r.amount), 0);
}

// --- brute force: each sale's reward the plain way ---
const percentOf = (valueCents: number, percent: number) =>
  Math.floor((valueCents * percent + 50) / 100);
const keptOf = (rewardCents: number, refunded: number, of: number) =>
  refunded >= of ? 0 : Math.floor((rewardCents * (of - refunded) * 2 + of) / (2 * of));

async function payOut() {
  await addMethod(
    db.handle.db,
    w.advocate.id,
    {
      type: 'paypal',
      paypalEmail: 'adv@pay.example',
      accountHolder: null,
      bankName: null,
      accountNumber: null,
      bankCode: null,
      bankCountry: null,
    },
    true,
    t.clock(),
  );
  await createPayouts(db.handle.db, w.brandId, w.owner.id, t.clock());
}

for (const version of ['2024-06-20', '2026-10-28'] as const) {
  describe(`Stripe revenue, API ${version}`, () => {
    it('a free trial is no sale; the first paid invoice is the first payment; upgrade, manual and threshold invoices are renewals inside recurring_months', async () => {
      await connect();
      const { cid } = await campaignWithClick({
        recurring_months: 2,
        event_rewards: {
          subscription_renewal: { commission_type: 'percentage', commission_value: 5 },
        },
      });
      const start = t.clock();
      const at = (days: number) => new Date(start.getTime() + days * DAY * 1000);
      const trial = await send(
        'checkout.session.completed',
        session({
          id: 'cs_trial',
          mode: 'subscription',
          amount_total: 0,
          cid,
          customer: 'cus_T',
          subscription: 'sub_T',
        }),
        version,
      );
      assert.equal(trial.outcome, 'ignored');
      assert.match(trial.detail, /Nothing paid.*customer remembered/);
      const free = await send(
        'invoice.paid',
        invoice(version, {
          id: 'in_T0',
          billing_reason: 'subscription_create',
          subscription: 'sub_T',
          customer: 'cus_T',
          amount_paid: 0,
          paid_at: at(0),
        }),
        version,
      );
      assert.equal(free.outcome, 'ignored');
      assert.deepEqual(await conversionsNow(), [], 'a $0 invoice is not a conversion');

      // The invoices a subscription pays, in order: [billing_reason, amount, day].
      const paid: [string, number, number][] = [
        ['subscription_cycle', 2000, 14], // the trial ends: the first payment
        ['subscription_update', 1000, 20], // an immediate upgrade's proration
        ['manual', 999, 25],
        ['subscription_threshold', 3000, 80], // past first payment + 2 months: reward 0
      ];
      for (const [i, [reason, amount, day]] of paid.entries()) {
        const res = await send(
          'invoice.paid',
          invoice(version, {
            id: `in_T${i + 1}`,
            billing_reason: reason,
            subscription: 'sub_T',
            customer: 'cus_T',
            amount_paid: amount,
            paid_at: at(day),
          }),
          version,
        );
        assert.equal(res.outcome, 'attributed', `${reason}: ${res.detail}`);
      }
      const rows = await conversionsNow();
      assert.deepEqual(
        rows.map((r) => [r.event_type, r.value, r.renewal_number]),
        [
          ['subscription_created', '20.000', null],
          ['subscription_renewal', '10.000', 1],
          ['subscription_renewal', '9.990', 2],
          ['subscription_renewal', '30.000', 3],
        ],
      );
      // Brute force: 10% on the first payment, 5% on renewals paid before day 14 + 2 months.
      const windowEnd = new Date(at(14));
      windowEnd.setUTCMonth(windowEnd.getUTCMonth() + 2);
      const expected = paid.map(([, amount, day], i) =>
        i === 0 ? percentOf(amount, 10) : at(day) < windowEnd ? percentOf(amount, 5) : 0,
      );
      assert.deepEqual(
        rows.map((r) => cents(r.reward_amount)),
        expected,
      );
      assert.equal(
        await netCents(),
        expected.reduce((a, b) => a + b, 0),
      );
    });

    it('a refund and a dispute that arrive before their sale are kept and applied when it arrives; the lists show the sale net of refunds', async () => {
      await connect();
      const { cid } = await campaignWithClick();
      // A one-off purchase of 50.00: half refunded before the sale's event arrives.
      const early = await send(
        'charge.refunded',
        charge({ id: 'ch_P', amount: 5000, amount_refunded: 2500, payment_intent: 'pi_P' }),
        version,
      );
      assert.equal(early.outcome, 'ignored');
      assert.match(early.detail, /kept: no sale recorded for it yet/);
      const sale = await send(
        'checkout.session.completed',
        session({
          id: 'cs_P',
          mode: 'payment',
          amount_total: 5000,
          cid,
          customer: 'cus_P',
          payment_intent: 'pi_P',
        }),
        version,
      );
      assert.equal(sale.outcome, 'attributed');
      assert.match(sale.detail, /earlier refund or dispute report/);
      // A subscription's first payment of 30.00 lost to a dispute before its invoice arrived.
      const subCid = cid;
      if (version === '2024-06-20') {
        await send(
          'charge.dispute.created',
          dispute({ id: 'dp_S', charge: 'ch_S', amount: 3000, status: 'needs_response' }),
          version,
        );
        await send(
          'charge.dispute.closed',
          {
            ...dispute({ id: 'dp_S', charge: 'ch_S', amount: 3000, status: 'lost' }),
            payment_intent: 'pi_S',
          },
          version,
        );
      } else {
        await send(
          'charge.dispute.closed',
          dispute({ id: 'dp_S', charge: 'ch_S', amount: 3000, status: 'lost' }),
          version,
        );
        // The newest versions tie the charge to its invoice only through invoice_payment.paid.
        await send(
          'invoice_payment.paid',
          {
            id: 'inpay_S',
            object: 'invoice_payment',
            invoice: 'in_S',
            is_default: true,
            payment: { type: 'charge', charge: 'ch_S' },
            status: 'paid',
          },
          version,
        );
      }
      const first = await send(
        'invoice.paid',
        invoice(version, {
          id: 'in_S',
          billing_reason: 'subscription_create',
          subscription: 'sub_S',
          customer: 'cus_S',
          amount_paid: 3000,
          paid_at: t.clock(),
          charge: 'ch_S',
          payment_intent: 'pi_S',
          subscription_metadata: { advocately_cid: subCid },
        }),
        version,
      );
      assert.equal(first.outcome, 'attributed', first.detail);
      const rows = await conversionsNow();
      assert.deepEqual(
        rows.map((r) => [
          r.event_type,
          r.value,
          r.refunded_value,
          r.reward_amount,
          r.refunded_reward,
          r.status,
        ]),
        [
          ['purchase', '50.000', '25.000', '5.000', '2.500', 'pending'],
          ['subscription_created', '30.000', '30.000', '3.000', '3.000', 'refunded'],
        ],
      );
      // Brute force over the events sent: the purchase keeps half its reward, the lost dispute none.
      assert.equal(await netCents(), keptOf(percentOf(5000, 10), 2500, 5000) + 0);
      // The brand's payments list and the advocate's earnings show the sale net of its refund.
      const payments = await t.call<PaymentsReply>(
        'GET',
        `payments/?summary=1&brand_id=${w.brandId}`,
        { as: w.owner },
      );
      assert.equal(payments.statusCode, 200, payments.body);
      assert.deepEqual(
        payments
          .json()
          .results.map((p) => [p.amount, p.refunded_amount, p.reward_amount, p.refunded_reward]),
        [[25, 25, 2.5, 2.5]],
      );
      assert.equal(payments.json().summary?.total_amount, 25);
      const earnings = await t.call<EarningsListReply>('GET', 'advocates/earnings/transactions/', {
        as: w.advocate,
      });
      assert.equal(earnings.statusCode, 200, earnings.body);
      const purchase = earnings.json().results.find((e) => e.event_type === 'purchase');
      assert.deepEqual(
        [purchase?.value, purchase?.refunded_value, purchase?.amount],
        [25, 25, 2.5],
      );
      const mine = await t.call<ConversionsReply>('GET', 'advocates/conversions/', {
        as: w.advocate,
      });
      assert.equal(mine.statusCode, 200, mine.body);
      assert.deepEqual(
        mine.json().data.map((c) => [c.value, c.refunded_value, c.earnings]),
        [[25, 25, 2.5]],
      );
    });

    it('disputes: open holds the unpaid reward, won releases it, lost takes it back (also after payout); a failed refund restores what it took', async () => {
      await connect();
      await savePayoutSettings(
        db.handle.db,
        w.brandId,
        { holdDays: 0, payoutMinimum: 1 },
        t.clock(),
      );
      const { cid } = await campaignWithClick();
      const buy = async (id: string, amount: number) =>
        send(
          'checkout.session.completed',
          session({
            id: `cs_${id}`,
            mode: 'payment',
            amount_total: amount,
            cid,
            customer: `cus_${id}`,
            payment_intent: `pi_${id}`,
          }),
          version,
        );
      // Each object's events in Stripe's order, by their `created` time.
      const created = (_object: string, n: number) => unix(t.clock()) + n;
      // A: held while disputed, released when won.
      await buy('A', 4000);
      await send(
        'charge.dispute.created',
        {
          ...dispute({ id: 'dp_A', charge: 'ch_A', amount: 4000, status: 'needs_response' }),
          payment_intent: 'pi_A',
        },
        version,
        created('A', 0),
      );
      assert.deepEqual(
        (await rewardsNow()).map((r) => [r.status, r.hold_reasons]),
        [['held', ['dispute']]],
      );
      await send(
        'charge.dispute.closed',
        {
          ...dispute({ id: 'dp_A', charge: 'ch_A', amount: 4000, status: 'won' }),
          payment_intent: 'pi_A',
        },
        version,
        created('A', 1),
      );
      assert.deepEqual(
        (await rewardsNow()).map((r) => [r.status, r.hold_reasons]),
        [['pending', null]],
      );
      // A replay of the opening, older than the close, changes nothing.
      await send(
        'charge.dispute.created',
        {
          ...dispute({ id: 'dp_A', charge: 'ch_A', amount: 4000, status: 'needs_response' }),
          payment_intent: 'pi_A',
        },
        version,
        created('A', 0),
      );
      assert.equal((await rewardsNow())[0].status, 'pending');

      // B: fully refunded, then the refund fails: the reward comes back whole.
      await buy('B', 2000);
      await send(
        'charge.refunded',
        charge({ id: 'ch_B', amount: 2000, amount_refunded: 2000, payment_intent: 'pi_B' }),
        version,
        created('B', 0),
      );
      assert.equal((await rewardsNow())[1].status, 'rejected');
      await send(
        'refund.failed',
        refund({ id: 're_B', amount: 2000, charge: 'ch_B', payment_intent: 'pi_B' }),
        version,
        created('B', 1),
      );
      assert.deepEqual(
        (await rewardsNow()).slice(1).map((r) => [r.amount, r.status]),
        [['2.000', 'pending']],
      );
      // C: a partial refund that later fails (charge.refund.updated), then a new partial refund.
      await buy('C', 1000);
      await send(
        'charge.refunded',
        charge({ id: 'ch_C', amount: 1000, amount_refunded: 400, payment_intent: 'pi_C' }),
        version,
        created('C', 0),
      );
      await send(
        'charge.refund.updated',
        refund({ id: 're_C1', amount: 400, charge: 'ch_C', payment_intent: 'pi_C' }),
        version,
        created('C', 1),
      );
      assert.equal((await rewardsNow())[2].amount, '1.000');
      await send(
        'charge.refunded',
        charge({ id: 'ch_C', amount: 1000, amount_refunded: 300, payment_intent: 'pi_C' }),
        version,
        created('C', 2),
      );
      assert.equal((await rewardsNow())[2].amount, '0.700');

      // D: approved on arrival (hold 0 days) and paid out, then a dispute opens (a paid reward is
      // not held) and is lost: a clawback takes the whole reward back.
      await buy('D', 6000);
      await payOut();
      const paid = (await rewardsNow()).filter((r) => r.status === 'paid').length;
      assert.ok(paid >= 1, 'the rewards were paid');
      await send(
        'charge.dispute.created',
        {
          ...dispute({ id: 'dp_D2', charge: 'ch_D', amount: 6000, status: 'needs_response' }),
          payment_intent: 'pi_D',
        },
        version,
        created('D', 2),
      );
      await send(
        'charge.dispute.closed',
        {
          ...dispute({ id: 'dp_D2', charge: 'ch_D', amount: 6000, status: 'lost' }),
          payment_intent: 'pi_D',
        },
        version,
        created('D', 3),
      );
      const ledger = await rewardsNow();
      assert.deepEqual(
        ledger.filter((r) => r.kind === 'clawback').map((r) => r.amount),
        ['-6.000'],
      );
      // Brute force: A 4.00 + B 2.00 + C 10% of 7.00 + D 0.
      assert.equal(
        await netCents(),
        percentOf(4000, 10) + percentOf(2000, 10) + keptOf(100, 300, 1000) + 0,
      );
      const [d] = (await conversionsNow()).slice(3);
      assert.equal(d.status, 'refunded');
    });

    it('a promotion code reaches subscriptions started outside Checkout: from customer.discount.created or the subscription', async () => {
      await connect();
      const { campaign } = await campaignWithClick();
      // The brand gave the advocate these codes (the campaign's promotion codes panel).
      for (const code of ['promo_ALEX', 'SPRING-ALEX10'])
        await db.handle.db
          .execute(sql`insert into stripe_promotion_codes (brand_id, code, campaign_id, advocate_id, created_at)
          values (${w.brandId}, ${code}, ${campaign}, ${w.advocate.id}, now())`);
      const discount = await send(
        'customer.discount.created',
        {
          id: 'di_1',
          object: 'discount',
          checkout_session: null,
          coupon: { id: 'SPRING', object: 'coupon', percent_off: 10 },
          customer: 'cus_D',
          promotion_code: 'promo_ALEX',
          start: unix(t.clock()),
          subscription: 'sub_D',
        },
        version,
      );
      assert.equal(discount.outcome, 'attributed', discount.detail);
      await send(
        'customer.subscription.created',
        {
          id: 'sub_E',
          object: 'subscription',
          customer: 'cus_E',
          discounts: [
            {
              id: 'di_2',
              object: 'discount',
              promotion_code: { id: 'promo_B', object: 'promotion_code', code: 'SPRING-ALEX10' },
            },
          ],
          metadata: {},
          status: 'active',
        },
        version,
      );
      for (const [customer, sub] of [
        ['cus_D', 'sub_D'],
        ['cus_E', 'sub_E'],
      ]) {
        const res = await send(
          'invoice.paid',
          invoice(version, {
            id: `in_${sub}`,
            billing_reason: 'subscription_create',
            subscription: sub,
            customer,
            amount_paid: 1800,
            paid_at: t.clock(),
            discount_ids: ['di_1'],
          }),
          version,
        );
        assert.equal(res.outcome, 'attributed', res.detail);
        assert.match(res.detail, /by customer/);
      }
      assert.equal(await netCents(), 2 * percentOf(1800, 10));
    });

    it('rewards are rounded half up to the currency minor unit: JPY 999 at 10% earns 100 JPY', async () => {
      await connect();
      const { cid } = await campaignWithClick();
      await send(
        'checkout.session.completed',
        session({ id: 'cs_J', mode: 'payment', amount_total: 999, currency: 'jpy', cid }),
        version,
      );
      await send(
        'checkout.session.completed',
        session({ id: 'cs_J2', mode: 'payment', amount_total: 1004, currency: 'jpy', cid }),
        version,
      );
      assert.deepEqual(
        (await conversionsNow()).map((r) => [r.value, r.reward_amount]),
        [
          ['999.000', '100.000'],
          ['1004.000', '100.000'],
        ],
      );
      // Brute force in whole yen: round(999 × 10 / 100) = 100, round(100.4) = 100.
      assert.equal(
        await netCents(),
        (Math.floor((999 * 10 + 50) / 100) + Math.floor((1004 * 10 + 50) / 100)) * 100,
      );
    });
  });
}

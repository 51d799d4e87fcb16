// Stripe connected by its webhook (issue 27): events shaped as in Stripe's API reference
// (checkout session, invoice, charge, subscription, customer), signed with the official package's
// generateTestHeaderString, posted to the brand's endpoint; every reward and ledger sum compared
// with a brute-force computation.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import type { AuditLogReply, StripeIntegrationReply } from 'contract';
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
import { fraudHashes } from '../../fraud/index.js';
import { savePayoutSettings } from '../../ledger/index.js';
import { addMethod } from '../../payout-methods/repository.js';
import { createPayouts } from '../../payouts/repository.js';
import { addMonths } from '../../conversions/rewards.js';

let db: TestDatabase;
let t: TestApp;
let w: BrandWorld;
withBrandWorld((world) => ({ db, t, w } = world), { publicUrl: 'https://app.advocately.example' });

const SECRET = 'whsec_test_0123456789abcdefABCDEF';
let eventSeq = 0;

// --- Stripe objects, as the API reference shows them (only the fields that matter, plus a few
// of the rest so the shapes stay recognisable) ---

const unix = (d: Date) => Math.floor(d.getTime() / 1000);

function checkoutSession(f: {
  id: string;
  mode: 'payment' | 'subscription';
  amount_total: number;
  tax?: number;
  currency?: string;
  client_reference_id?: string | null;
  customer?: string | null;
  subscription?: string | null;
  invoice?: string | null;
  payment_intent?: string | null;
  metadata?: Record<string, string>;
  email?: string;
  discounts?: { coupon: string | null; promotion_code: string | null }[];
}) {
  return {
    id: f.id,
    object: 'checkout.session',
    amount_subtotal: f.amount_total - (f.tax ?? 0),
    amount_total: f.amount_total,
    client_reference_id: f.client_reference_id ?? null,
    created: unix(t.clock()),
    currency: f.currency ?? 'usd',
    customer: f.customer ?? null,
    customer_details: { email: f.email ?? 'jane.doe@example.com', name: 'Jane Doe' },
    discounts: f.discounts ?? [],
    invoice: f.invoice ?? null,
    livemode: false,
    metadata: f.metadata ?? {},
    mode: f.mode,
    payment_intent: f.payment_intent ?? null,
    payment_status: 'paid',
    status: 'complete',
    subscription: f.subscription ?? null,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: f.tax ?? 0 },
  };
}

function invoice(f: {
  id: string;
  billing_reason: 'subscription_create' | 'subscription_cycle';
  subscription: string;
  customer: string;
  amount_paid: number;
  tax?: number;
  currency?: string;
  paid_at: Date;
  payment_intent?: string;
  charge?: string;
  subscription_metadata?: Record<string, string>;
}) {
  return {
    id: f.id,
    object: 'invoice',
    amount_due: f.amount_paid,
    amount_paid: f.amount_paid,
    amount_remaining: 0,
    billing_reason: f.billing_reason,
    charge: f.charge ?? null,
    created: unix(f.paid_at) - 3600,
    currency: f.currency ?? 'usd',
    customer: f.customer,
    customer_email: 'jane.doe@example.com',
    livemode: false,
    paid: true,
    payment_intent: f.payment_intent ?? null,
    status: 'paid',
    status_transitions: { finalized_at: unix(f.paid_at) - 3600, paid_at: unix(f.paid_at) },
    subscription: f.subscription,
    subscription_details: { metadata: f.subscription_metadata ?? {} },
    tax: f.tax ?? null,
    total: f.amount_paid,
  };
}

function charge(f: {
  id: string;
  amount: number;
  amount_refunded: number;
  payment_intent?: string | null;
  invoice?: string | null;
  currency?: string;
}) {
  return {
    id: f.id,
    object: 'charge',
    amount: f.amount,
    amount_captured: f.amount,
    amount_refunded: f.amount_refunded,
    captured: true,
    currency: f.currency ?? 'usd',
    invoice: f.invoice ?? null,
    paid: true,
    payment_intent: f.payment_intent ?? null,
    refunded: f.amount_refunded === f.amount,
    status: 'succeeded',
  };
}

function event(type: string, object: object, id = `evt_${++eventSeq}_${Date.now()}`) {
  return {
    id,
    object: 'event',
    api_version: '2024-06-20',
    created: unix(t.clock()),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

// --- the endpoint ---

async function connect(): Promise<string> {
  const res = await t.call<{ endpoint_url: string }>(
    'PUT',
    `brand/${w.brandId}/integrations/stripe/`,
    // The events below are test-mode events (livemode false), as Stripe's test mode sends them.
    { as: w.owner, body: { webhook_secret: SECRET, mode: 'test' } },
  );
  assert.equal(res.statusCode, 200, res.body);
  return res.json().endpoint_url;
}

function post(body: object | string, secret = SECRET, signature?: string) {
  const payload = typeof body === 'string' ? body : JSON.stringify(body);
  const header =
    signature ??
    Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: unix(t.clock()) });
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/integrations/stripe/webhook/${w.brandId}/`,
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header },
    payload,
  });
}

async function send(type: string, object: object, id?: string) {
  const res = await post(event(type, object, id));
  assert.equal(res.statusCode, 200, res.body);
  return res.json() as { duplicate: boolean; outcome: string; detail: string };
}

/** A campaign with one product joined by the advocate; a click on the link gives its cid. */
async function campaignWithClick(fields: Record<string, unknown> = {}) {
  const product = await createProductAs(t, w.owner, w.brandId);
  const campaign = await createCampaignAs(t, w.owner, w.brandId, {
    product_ids: [product],
    commission_type: 'percentage',
    commission_value: 10,
    ...fields,
  });
  const code = (await joinAs(t, w.advocate, campaign)).get(product) ?? assert.fail('no link');
  return { campaign, code, cid: await click(code) };
}

async function click(code: string): Promise<string> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/r/${code}`,
    headers: { 'user-agent': 'Mozilla/5.0 Chrome/124' },
  });
  return new URL(String(res.headers.location)).searchParams.get('cid') ?? assert.fail('no cid');
}

interface ConversionRecord {
  id: number;
  event_type: string;
  value: string;
  currency: string;
  reward_amount: string;
  status: string;
  reported_with: string;
  renewal_number: number | null;
  advocate_id: number;
}
const conversionsNow = () =>
  rowsOf<ConversionRecord>(
    db.handle.db,
    sql`select id, event_type, value::text, currency, reward_amount::text, status, reported_with,
      renewal_number, advocate_id from conversions order by id`,
  );
const ledgerNow = () =>
  rowsOf<{ kind: string; amount: string; status: string; currency: string }>(
    db.handle.db,
    sql`select kind, amount::text, status, currency from rewards order by id`,
  );
/** The advocate's net ledger per currency, in cents: rewards not rejected plus clawbacks. */
async function netCents(): Promise<Record<string, number>> {
  const net: Record<string, number> = {};
  for (const r of await ledgerNow())
    if (r.status !== 'rejected')
      net[r.currency] = (net[r.currency] ?? 0) + Math.round(Number(r.amount) * 100);
  return net;
}

// --- brute force: the reward rules computed the plain way ---
const percentOf = (cents: number, percent: number) => Math.floor((cents * percent + 50) / 100);

describe('Stripe connection', () => {
  it('PUT connects (endpoint on PUBLIC_URL), GET shows it without the secret, DELETE disconnects', async () => {
    const url = await connect();
    assert.equal(
      url,
      `https://app.advocately.example/api/v1/integrations/stripe/webhook/${w.brandId}/`,
    );
    const view = await t.call<StripeIntegrationReply>(
      'GET',
      `brand/${w.brandId}/integrations/stripe/`,
      { as: w.owner },
    );
    assert.equal(view.statusCode, 200);
    assert.equal(view.json().connected, true);
    assert.equal(view.json().endpoint_url, url);
    assert.ok(view.json().events_to_select.includes('invoice.paid'));
    assert.ok(!view.body.includes(SECRET), 'the secret is never returned');
    const [stored] = await rowsOf<{ webhook_secret: string }>(
      db.handle.db,
      sql`select webhook_secret from stripe_connections`,
    );
    assert.ok(!stored.webhook_secret.includes('whsec_'), 'stored encrypted');

    const other = await t.call('GET', `brand/${w.brandId}/integrations/stripe/`, { as: w.other });
    assert.equal(other.statusCode, 404);
    const bad = await t.call('PUT', `brand/${w.brandId}/integrations/stripe/`, {
      as: w.owner,
      body: { webhook_secret: 'sk_live_nope' },
    });
    assert.equal(bad.statusCode, 400);
    assert.match(bad.body, /webhook_secret/);

    const off = await t.call('DELETE', `brand/${w.brandId}/integrations/stripe/`, { as: w.owner });
    assert.equal(off.statusCode, 200);
    const after = await post(event('checkout.session.completed', {}));
    assert.equal(after.statusCode, 400);
  });

  it('a bad or missing signature is a 400 and records nothing', async () => {
    await connect();
    const { cid } = await campaignWithClick();
    const body = event(
      'checkout.session.completed',
      checkoutSession({
        id: 'cs_bad',
        mode: 'payment',
        amount_total: 1000,
        client_reference_id: cid,
      }),
    );
    const forged = await post(body, 'whsec_someone_elses_secret_123');
    assert.equal(forged.statusCode, 400);
    assert.match(forged.body, /Stripe-Signature/);
    const missing = await t.app.inject({
      method: 'POST',
      url: `/api/v1/integrations/stripe/webhook/${w.brandId}/`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    assert.equal(missing.statusCode, 400);
    // Signed, then altered: the signature covers the raw bytes.
    const payload = JSON.stringify(body);
    const header = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: SECRET,
      timestamp: unix(t.clock()),
    });
    const altered = await post(
      payload.replace('"amount_total":1000', '"amount_total":9000'),
      SECRET,
      header,
    );
    assert.equal(altered.statusCode, 400);
    // Too old: outside the 300 s tolerance.
    const stale = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: SECRET,
      timestamp: unix(t.clock()) - 301,
    });
    assert.equal((await post(payload, SECRET, stale)).statusCode, 400);
    assert.deepEqual(await conversionsNow(), []);
    const [{ n }] = await rowsOf<{ n: string | number }>(
      db.handle.db,
      sql`select count(*) as n from stripe_events`,
    );
    assert.equal(Number(n), 0);
  });
});

describe('Stripe payments', () => {
  it('a purchase: client_reference_id = cid, amount excluding tax, 10% reward, shown in the latest events; a replay counts once', async () => {
    await connect();
    const { campaign, cid } = await campaignWithClick();
    const completed = event(
      'checkout.session.completed',
      checkoutSession({
        id: 'cs_test_a1',
        mode: 'payment',
        amount_total: 5500,
        tax: 500,
        client_reference_id: cid,
        customer: 'cus_A',
        payment_intent: 'pi_A',
      }),
    );
    const first = await post(completed);
    assert.equal(first.statusCode, 200);
    assert.equal(first.json().outcome, 'attributed');
    const replay = await post(completed);
    assert.equal(replay.statusCode, 200);
    assert.equal(replay.json().duplicate, true);
    // The same session through another event id (async payment succeeded) counts once too.
    const again = await send(
      'checkout.session.async_payment_succeeded',
      checkoutSession({
        id: 'cs_test_a1',
        mode: 'payment',
        amount_total: 5500,
        tax: 500,
        client_reference_id: cid,
      }),
    );
    assert.equal(again.outcome, 'ignored');
    assert.match(again.detail, /already recorded/);

    const rows = await conversionsNow();
    assert.equal(rows.length, 1);
    assert.deepEqual(
      [
        rows[0].event_type,
        rows[0].value,
        rows[0].currency,
        rows[0].reward_amount,
        rows[0].reported_with,
        rows[0].advocate_id,
      ],
      ['purchase', '50.000', 'USD', '5.000', 'stripe', w.advocate.id],
    );
    const view = await t.call<StripeIntegrationReply>(
      'GET',
      `brand/${w.brandId}/integrations/stripe/`,
      { as: w.owner },
    );
    assert.deepEqual(
      view.json().events.map((e) => [e.type, e.outcome, e.conversion_id]),
      [
        ['checkout.session.async_payment_succeeded', 'ignored', rows[0].id],
        ['checkout.session.completed', 'attributed', rows[0].id],
      ],
    );
    void campaign;
  });

  it('a delivery that stopped after its conversion, before the event was recorded, is redelivered: one conversion; the customer and objects are remembered', async () => {
    await connect();
    const { cid } = await campaignWithClick();
    const completed = event(
      'checkout.session.completed',
      checkoutSession({
        id: 'cs_cut',
        mode: 'payment',
        amount_total: 3000,
        client_reference_id: cid,
        customer: 'cus_cut',
        payment_intent: 'pi_cut',
      }),
    );
    assert.equal((await post(completed)).json().outcome, 'attributed');
    // As if the process had stopped between the conversion's commit and the event's record.
    for (const table of ['stripe_events', 'billing_objects', 'brand_customers'])
      await db.handle.db.execute(sql.raw(`delete from ${table}`));
    const again = await post(completed);
    assert.equal(again.statusCode, 200);
    assert.equal(again.json().duplicate, false);
    assert.match(again.json().detail, /already recorded/);
    assert.equal((await conversionsNow()).length, 1);
    const customers = await rowsOf<{ customer_key: string; advocate_id: number }>(
      db.handle.db,
      sql`select customer_key, advocate_id from brand_customers`,
    );
    assert.deepEqual(customers, [{ customer_key: 'cus_cut', advocate_id: w.advocate.id }]);
    const objects = await rowsOf<{ object_id: string }>(
      db.handle.db,
      sql`select object_id from billing_objects order by object_id`,
    );
    assert.deepEqual(
      objects.map((o) => o.object_id),
      ['cs_cut', 'pi_cut'],
    );
  });

  it("a checkout paid with the advocate's own email is held for review as a self-referral (docs/fraud.md)", async () => {
    await connect();
    const { cid } = await campaignWithClick();
    const [advocate] = await rowsOf<{ email: string }>(
      db.handle.db,
      sql`select email from users where id = ${w.advocate.id}`,
    );
    const own = await send(
      'checkout.session.completed',
      checkoutSession({
        id: 'cs_self',
        mode: 'payment',
        amount_total: 2000,
        client_reference_id: cid,
        email: advocate.email,
      }),
    );
    assert.equal(own.outcome, 'attributed');
    const [reward] = await rowsOf<{ status: string; hold_reasons: string[] | string }>(
      db.handle.db,
      sql`select status, hold_reasons from rewards`,
    );
    assert.equal(reward.status, 'held');
    assert.match(String(reward.hold_reasons), /self_referral/);
    // The customer's email is kept as the SDK keeps it: its keyed hash (never the address).
    const hashes = fraudHashes(t.app.deps.config.jwtSecret);
    const stored = await rowsOf<{ customer_email_hash: string | null }>(
      db.handle.db,
      sql`select customer_email_hash from conversions`,
    );
    assert.deepEqual(stored, [{ customer_email_hash: hashes.email(advocate.email) }]);
  });

  it('a checkout without any email stores no email hash', async () => {
    await connect();
    const { cid } = await campaignWithClick();
    const session = {
      ...checkoutSession({
        id: 'cs_no_email',
        mode: 'payment',
        amount_total: 2000,
        client_reference_id: cid,
      }),
      customer_details: { email: null, name: null },
    };
    assert.equal((await send('checkout.session.completed', session)).outcome, 'attributed');
    const stored = await rowsOf<{ customer_email_hash: string | null }>(
      db.handle.db,
      sql`select customer_email_hash from conversions`,
    );
    assert.deepEqual(stored, [{ customer_email_hash: null }]);
  });

  it('an unattributable event is acknowledged (200), ignored with the reason, and records no conversion', async () => {
    await connect();
    await campaignWithClick();
    const res = await send(
      'checkout.session.completed',
      checkoutSession({
        id: 'cs_nobody',
        mode: 'payment',
        amount_total: 1000,
        client_reference_id: 'not-a-click',
      }),
    );
    assert.equal(res.outcome, 'ignored');
    assert.match(res.detail, /No advocate/);
    const unread = await send('payment_intent.created', { id: 'pi_x', object: 'payment_intent' });
    assert.equal(unread.outcome, 'ignored');
    assert.deepEqual(await conversionsNow(), []);
  });

  it('zero-decimal (JPY) and three-decimal (KWD) currencies use their real exponent', async () => {
    await connect();
    const { cid } = await campaignWithClick();
    await send(
      'checkout.session.completed',
      checkoutSession({
        id: 'cs_jpy',
        mode: 'payment',
        amount_total: 1500,
        currency: 'jpy',
        client_reference_id: cid,
      }),
    );
    await send(
      'checkout.session.completed',
      checkoutSession({
        id: 'cs_kwd',
        mode: 'payment',
        amount_total: 12345,
        currency: 'kwd',
        client_reference_id: cid,
      }),
    );
    const rows = await conversionsNow();
    assert.deepEqual(
      rows.map((r) => [r.currency, r.value, r.reward_amount]),
      [
        ['JPY', '1500.000', '150.000'],
        // 12.345 KWD keeps its third decimal; 10% = 1.2345 → 1.235, half up to the fils.
        ['KWD', '12.345', '1.235'],
      ],
    );
    // Never added across currencies: one entry per currency.
    assert.deepEqual(
      (await ledgerNow()).map((r) => [r.currency, r.amount]),
      [
        ['JPY', '150.000'],
        ['KWD', '1.235'],
      ],
    );
  });

  it("a sign-up reported by the server SDK with the email: the same customer's later Stripe purchase goes to that advocate without a click id", async () => {
    await connect();
    const { code } = await campaignWithClick({
      event_rewards: { signup: { commission_type: 'flat', commission_value: 2 } },
    });
    const key = await t.call<{ secret: string }>('POST', `brand/${w.brandId}/api-keys/`, {
      as: w.owner,
      body: { kind: 'secret' },
    });
    const lead = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sdk-log-conversion/',
      headers: { authorization: `Bearer ${key.json().secret}` },
      payload: {
        conversionRef: 'lead-1',
        via: code,
        eventType: 'signup',
        value: 0,
        customer: { email: 'Jane.Doe@Example.com' },
      },
    });
    assert.equal(lead.statusCode, 201, lead.body);
    const sale = await send(
      'checkout.session.completed',
      checkoutSession({
        id: 'cs_after_lead',
        mode: 'payment',
        amount_total: 3000,
        customer: 'cus_lead',
      }),
    );
    assert.equal(sale.outcome, 'attributed', sale.detail);
    assert.match(sale.detail, /by customer/);
    assert.deepEqual(
      (await conversionsNow()).map((c) => [c.event_type, c.reward_amount, c.advocate_id]),
      [
        ['signup', '2.000', w.advocate.id],
        ['purchase', '3.000', w.advocate.id],
      ],
    );
  });

  it('a promotion code assigned to the advocate attributes a checkout without any click id', async () => {
    await connect();
    const { campaign } = await campaignWithClick();
    const assign = await t.call<{ codes: { code: string; advocate_id: number }[] }>(
      'PUT',
      `campaign/${campaign}/promotion-codes/`,
      { as: w.owner, body: { code: 'promo_ANNA10', advocate_id: w.advocate.id } },
    );
    assert.equal(assign.statusCode, 200, assign.body);
    assert.deepEqual(
      assign.json().codes.map((c) => [c.code, c.advocate_id]),
      [['promo_ANNA10', w.advocate.id]],
    );
    const res = await send(
      'checkout.session.completed',
      checkoutSession({
        id: 'cs_promo',
        mode: 'payment',
        amount_total: 2000,
        discounts: [{ coupon: null, promotion_code: 'promo_ANNA10' }],
      }),
    );
    assert.equal(res.outcome, 'attributed');
    assert.match(res.detail, /promotion code/);
    const stranger = await t.call('PUT', `campaign/${campaign}/promotion-codes/`, {
      as: w.owner,
      body: { code: 'promo_X', advocate_id: w.other.id },
    });
    assert.equal(stranger.statusCode, 400);
    assert.match(stranger.body, /advocate_id/);
  });
});

describe('Stripe subscriptions', () => {
  /** A subscription bought through the cid, its first invoice and three monthly renewals. */
  async function subscriptionYear(recurringMonths: number | null, tag: string) {
    const { cid } = await campaignWithClick({
      commission_value: 20,
      event_rewards: {
        subscription_renewal: { commission_type: 'percentage', commission_value: 30 },
      },
      recurring_months: recurringMonths,
    });
    const start = t.clock();
    const sub = `sub_${tag}`;
    const customer = `cus_${tag}`;
    await send(
      'checkout.session.completed',
      checkoutSession({
        id: `cs_${tag}`,
        mode: 'subscription',
        amount_total: 2000,
        client_reference_id: cid,
        customer,
        subscription: sub,
        invoice: `in_${tag}_0`,
      }),
    );
    await send(
      'invoice.paid',
      invoice({
        id: `in_${tag}_0`,
        billing_reason: 'subscription_create',
        subscription: sub,
        customer,
        amount_paid: 2000,
        paid_at: start,
        charge: `ch_${tag}_0`,
      }),
    );
    for (let month = 1; month <= 3; month++) {
      await send(
        'invoice.paid',
        invoice({
          id: `in_${tag}_${month}`,
          billing_reason: 'subscription_cycle',
          subscription: sub,
          customer,
          amount_paid: 2000,
          paid_at: addMonths(start, month),
          charge: `ch_${tag}_${month}`,
        }),
      );
    }
    return start;
  }

  for (const months of [null, 0, 2] as const) {
    it(`three renewals under recurring_months ${months}: first payment at 20%, renewals at 30% inside the window, 0 outside`, async () => {
      await connect();
      const start = await subscriptionYear(months, `m${months}`);
      const rows = await conversionsNow();
      assert.deepEqual(
        rows.map((r) => [r.event_type, r.renewal_number]),
        [
          ['subscription_created', null],
          ['subscription_renewal', 1],
          ['subscription_renewal', 2],
          ['subscription_renewal', 3],
        ],
        'the checkout session and its first invoice are one conversion',
      );
      // Brute force: each payment's reward by the rules, computed independently.
      const expected = [percentOf(2000, 20)];
      for (let month = 1; month <= 3; month++) {
        const paidAt = addMonths(start, month).getTime();
        const inWindow =
          months === null
            ? true
            : months === 0
              ? false
              : paidAt < addMonths(start, months).getTime();
        expected.push(inWindow ? percentOf(2000, 30) : 0);
      }
      assert.deepEqual(
        rows.map((r) => Math.round(Number(r.reward_amount) * 100)),
        expected,
      );
      assert.deepEqual(await netCents(), { USD: expected.reduce((a, b) => a + b, 0) });
    });
  }

  it("the review list and payments show the source and the renewal; the advocate's earnings show each renewal with its masked customer", async () => {
    await connect();
    await subscriptionYear(null, 'shown');
    const review = await t.call<{
      results: { event_type: string; reported_with: string; renewal_number: number | null }[];
    }>('GET', `brand/${w.brandId}/review/`, { as: w.owner });
    assert.equal(review.statusCode, 200, review.body);
    assert.deepEqual(
      review.json().results.map((i) => [i.event_type, i.reported_with, i.renewal_number]),
      [
        ['subscription_renewal', 'stripe', 3],
        ['subscription_renewal', 'stripe', 2],
        ['subscription_renewal', 'stripe', 1],
        ['subscription_created', 'stripe', null],
      ],
    );
    const payments = await t.call<{
      results: { reported_with: string; renewal_number: number | null }[];
    }>('GET', `payments/?brand_id=${w.brandId}`, { as: w.owner });
    assert.equal(payments.statusCode, 200, payments.body);
    assert.deepEqual(
      payments.json().results.map((p) => [p.reported_with, p.renewal_number]),
      [
        ['stripe', 3],
        ['stripe', 2],
        ['stripe', 1],
        ['stripe', null],
      ],
    );
    const earnings = await t.call<{
      results: {
        event_type: string;
        renewal_number: number | null;
        customer: string | null;
        amount: number;
      }[];
    }>('GET', 'advocates/earnings/transactions/', { as: w.advocate });
    assert.equal(earnings.statusCode, 200, earnings.body);
    assert.deepEqual(
      earnings.json().results.map((e) => [e.event_type, e.renewal_number, e.customer, e.amount]),
      [
        ['subscription_renewal', 3, 'j•••@example.com', 6],
        ['subscription_renewal', 2, 'j•••@example.com', 6],
        ['subscription_renewal', 1, 'j•••@example.com', 6],
        ['subscription_created', null, 'j•••@example.com', 4],
      ],
    );
  });

  it('concurrent deliveries count once: a checkout session and its first invoice sent three times each at once (twice under one event id), then a renewal three times at once', async () => {
    await connect();
    const { cid } = await campaignWithClick({ commission_value: 20 });
    const start = t.clock();
    const session = checkoutSession({
      id: 'cs_race',
      mode: 'subscription',
      amount_total: 2000,
      client_reference_id: cid,
      customer: 'cus_race',
      subscription: 'sub_race',
      invoice: 'in_race_0',
    });
    // The invoice names the advocate too, so either event may be the one that records the payment.
    const firstInvoice = invoice({
      id: 'in_race_0',
      billing_reason: 'subscription_create',
      subscription: 'sub_race',
      customer: 'cus_race',
      amount_paid: 2000,
      paid_at: start,
      charge: 'ch_race_0',
      subscription_metadata: { advocately_cid: cid },
    });
    const completed = event('checkout.session.completed', session, 'evt_race_session');
    const paid = event('invoice.paid', firstInvoice, 'evt_race_invoice');
    const first = await Promise.all(
      [
        completed,
        paid,
        completed,
        paid,
        event('checkout.session.completed', session),
        event('invoice.paid', firstInvoice),
      ].map((e) => post(e)),
    );
    assert.deepEqual(
      first.map((r) => r.statusCode),
      [200, 200, 200, 200, 200, 200],
    );
    const replies = first.map((r) => r.json() as { duplicate: boolean; outcome: string });
    assert.equal(replies.filter((r) => r.outcome === 'attributed').length, 1);
    assert.equal(replies.filter((r) => r.duplicate).length, 2);

    const renewal = invoice({
      id: 'in_race_1',
      billing_reason: 'subscription_cycle',
      subscription: 'sub_race',
      customer: 'cus_race',
      amount_paid: 2000,
      paid_at: addMonths(start, 1),
      charge: 'ch_race_1',
    });
    const renewals = await Promise.all(
      [1, 2, 3].map(async () => (await post(event('invoice.paid', renewal))).json()),
    );
    assert.equal(renewals.filter((r) => r.outcome === 'attributed').length, 1);

    const rows = await conversionsNow();
    assert.deepEqual(
      rows.map((r) => [r.event_type, r.value, r.reward_amount, r.renewal_number]),
      [
        ['subscription_created', '20.000', '4.000', null],
        ['subscription_renewal', '20.000', '4.000', 1],
      ],
    );
    assert.deepEqual(await netCents(), { USD: 800 });
    // Every event id once; every object tied to its payment, so a refund of either charge finds it.
    const [events] = await rowsOf<{ n: number | string }>(
      db.handle.db,
      sql`select count(*) as n from stripe_events`,
    );
    assert.equal(Number(events.n), 7);
    const objects = await rowsOf<{ object_id: string; conversion_ref: string }>(
      db.handle.db,
      sql`select object_id, conversion_ref from billing_objects order by object_id`,
    );
    assert.deepEqual(
      objects.map((o) => [o.object_id, o.conversion_ref]),
      [
        ['ch_race_0', 'stripe:sub_race:first'],
        ['ch_race_1', 'stripe:in_race_1'],
        ['cs_race', 'stripe:sub_race:first'],
        ['in_race_0', 'stripe:sub_race:first'],
        ['in_race_1', 'stripe:in_race_1'],
        ['sub_race', 'stripe:sub_race:first'],
      ],
    );
  });

  it('invoice before checkout session: the first payment counts once; the invoice attributes by the subscription metadata', async () => {
    await connect();
    const { code, cid } = await campaignWithClick();
    const first = await send(
      'invoice.paid',
      invoice({
        id: 'in_early',
        billing_reason: 'subscription_create',
        subscription: 'sub_early',
        customer: 'cus_early',
        amount_paid: 3000,
        paid_at: t.clock(),
        subscription_metadata: { advocately_via: code },
      }),
    );
    assert.equal(first.outcome, 'attributed');
    const late = await send(
      'checkout.session.completed',
      checkoutSession({
        id: 'cs_late',
        mode: 'subscription',
        amount_total: 3000,
        client_reference_id: cid,
        customer: 'cus_early',
        subscription: 'sub_early',
        invoice: 'in_early',
      }),
    );
    assert.equal(late.outcome, 'ignored');
    const rows = await conversionsNow();
    assert.deepEqual(
      rows.map((r) => [r.event_type, r.value, r.reward_amount]),
      [['subscription_created', '30.000', '3.000']],
    );
    // Cancelled: recorded on the customer.
    const ended = await send('customer.subscription.deleted', {
      id: 'sub_early',
      object: 'subscription',
      customer: 'cus_early',
      status: 'canceled',
    });
    assert.equal(ended.outcome, 'attributed');
    const [customer] = await rowsOf<{ subscription_ended_at: unknown; label: string }>(
      db.handle.db,
      sql`select subscription_ended_at, label from brand_customers where customer_key = 'cus_early'`,
    );
    assert.notEqual(customer.subscription_ended_at, null);
  });
});

describe('Stripe refunds', () => {
  async function purchase(id: string, cents: number) {
    const { cid } = await campaignWithClick();
    const res = await send(
      'checkout.session.completed',
      checkoutSession({
        id,
        mode: 'payment',
        amount_total: cents,
        client_reference_id: cid,
        payment_intent: `pi_${id}`,
      }),
    );
    assert.equal(res.outcome, 'attributed');
  }

  it('before payout: a partial refund shrinks the pending reward in proportion, the full refund rejects it; replays change nothing', async () => {
    await connect();
    await purchase('cs_r1', 10000); // reward 10.00
    const partial = charge({
      id: 'ch_r1',
      amount: 10000,
      amount_refunded: 3000,
      payment_intent: 'pi_cs_r1',
    });
    const one = await send('charge.refunded', partial);
    assert.equal(one.outcome, 'attributed');
    assert.deepEqual(await ledgerNow(), [
      { kind: 'reward', amount: '7.000', status: 'pending', currency: 'USD' },
    ]);
    const replay = await send('charge.refunded', partial);
    assert.equal(replay.outcome, 'ignored', 'the same cumulative refund again changes nothing');
    await send(
      'charge.refunded',
      charge({ id: 'ch_r1', amount: 10000, amount_refunded: 10000, payment_intent: 'pi_cs_r1' }),
    );
    assert.deepEqual(await ledgerNow(), [
      { kind: 'reward', amount: '7.000', status: 'rejected', currency: 'USD' },
    ]);
    const [c] = await conversionsNow();
    assert.equal(c.status, 'refunded');
    assert.deepEqual(await netCents(), {});
    // Every step is a ledger move with its conversion.refunded event.
    const [{ moves, events }] = await rowsOf<{ moves: string | number; events: string | number }>(
      db.handle.db,
      sql`select (select count(*) from reward_moves where reason like 'Refund%') as moves,
        (select count(*) from events where type = 'conversion.refunded') as events`,
    );
    assert.deepEqual([Number(moves), Number(events)], [2, 2]);
    // Each change to money is in the brand's audit log once, as Stripe's (the replay added none).
    const log = await t.call<AuditLogReply>(
      'GET',
      `brand/${w.brandId}/audit-log/?action=refund.recorded`,
      { as: w.owner },
    );
    assert.equal(log.statusCode, 200, log.body);
    assert.deepEqual(
      log
        .json()
        .results.reverse()
        .map((e) => [e.actor.kind, e.actor.name, e.before?.reward, e.after?.reward_status]),
      [
        ['system', 'Stripe', 10, 'pending'],
        ['system', 'Stripe', 7, 'rejected'],
      ],
    );
  });

  it('API versions from 2025: invoice_payment.paid ties the charge to its invoice, so a refund of a renewal finds it', async () => {
    await connect();
    const { cid } = await campaignWithClick();
    await send(
      'checkout.session.completed',
      checkoutSession({
        id: 'cs_new',
        mode: 'subscription',
        amount_total: 1000,
        client_reference_id: cid,
        customer: 'cus_new',
        subscription: 'sub_new',
      }),
    );
    // The renewal's invoice as 2025 versions shape it: no subscription, charge or payment intent
    // at the top level.
    const paidAt = unix(t.clock()) + 31 * 86_400;
    await send('invoice.paid', {
      id: 'in_new_1',
      object: 'invoice',
      amount_paid: 1000,
      billing_reason: 'subscription_cycle',
      created: paidAt,
      currency: 'usd',
      customer: 'cus_new',
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: 'sub_new', metadata: {} },
      },
      status: 'paid',
      status_transitions: { paid_at: paidAt },
      total_taxes: [],
    });
    // The refund's charge names only its payment intent; the link arrives before it.
    const linked = await send('invoice_payment.paid', {
      id: 'inpay_1',
      object: 'invoice_payment',
      invoice: 'in_new_1',
      payment: { type: 'payment_intent', payment_intent: 'pi_new_1' },
      status: 'paid',
    });
    assert.match(linked.detail, /in_new_1/);
    const refunded = await send(
      'charge.refunded',
      charge({ id: 'ch_new_1', amount: 1000, amount_refunded: 1000, payment_intent: 'pi_new_1' }),
    );
    assert.equal(refunded.outcome, 'attributed', refunded.detail);
    assert.deepEqual(
      (await conversionsNow()).map((c) => [c.event_type, c.status]),
      [
        ['subscription_created', 'pending'],
        ['subscription_renewal', 'refunded'],
      ],
    );
  });

  it('after payout: each refund leaves a clawback entry so the net follows the refunded share; brute-force sums agree', async () => {
    await connect();
    await savePayoutSettings(db.handle.db, w.brandId, { holdDays: 0, payoutMinimum: 1 }, t.clock());
    await purchase('cs_r2', 8000); // reward 8.00, approved on arrival (hold 0)
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
    assert.deepEqual(
      (await ledgerNow()).map((r) => r.status),
      ['paid'],
    );

    const steps = [2000, 5000, 8000]; // cumulative refunds of the 80.00 charge
    for (const refunded of steps) {
      await send(
        'charge.refunded',
        charge({
          id: 'ch_r2',
          amount: 8000,
          amount_refunded: refunded,
          payment_intent: 'pi_cs_r2',
        }),
      );
      // Brute force: the advocate keeps the reward of the unrefunded share.
      const kept =
        refunded >= 8000 ? 0 : Math.floor((800 * (8000 - refunded) * 2 + 8000) / (2 * 8000));
      assert.deepEqual(await netCents(), { USD: kept }, `after refunding ${refunded}`);
    }
    assert.deepEqual(
      (await ledgerNow()).map((r) => [r.kind, r.amount, r.status]),
      [
        ['reward', '8.000', 'paid'],
        ['clawback', '-2.000', 'approved'],
        ['clawback', '-3.000', 'approved'],
        ['clawback', '-3.000', 'approved'],
      ],
    );
    const [c] = await conversionsNow();
    assert.equal(c.status, 'refunded');
  });
});

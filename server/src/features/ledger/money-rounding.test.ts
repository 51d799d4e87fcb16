// Money in each currency's minor unit (issue 34 item 7): rewards rounded half up to it (JPY 999
// at 10% earns 100 yen), three-decimal currencies keep their third decimal in the database, the
// API, the ledger's sums, payouts and CSV exports (KWD 12.345 is never 12.35), and an amount finer
// than its currency's minor unit is refused naming its field.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import {
  callApi,
  createCampaignAs,
  createProductAs,
  joinAs,
  type Actor,
  type BrandWorld,
  type TestApp,
  type TestDatabase,
  withBrandWorld,
} from '../../test/helpers.js';
import { rowsOf } from '../../lib/sql.js';

let db: TestDatabase;
let t: TestApp;
let w: BrandWorld;
withBrandWorld((world) => ({ db, t, w } = world));

/** A 10% campaign of the owner's brand joined by the advocate; returns a secret-key reporter. */
async function tenPercent() {
  const product = await createProductAs(t, w.owner, w.brandId);
  const campaign = await createCampaignAs(t, w.owner, w.brandId, {
    product_ids: [product],
    commission_type: 'percentage',
    commission_value: 10,
  });
  const code = (await joinAs(t, w.advocate, campaign)).get(product) ?? assert.fail('no link');
  const key = await callApi(t, 'POST', `brand/${w.brandId}/api-keys/`, w.owner, { kind: 'secret' });
  assert.equal(key.statusCode, 201, key.body);
  const secret = key.json<{ secret: string }>().secret;
  const send = (conversionRef: string, value: number, currency: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/sdk-log-conversion/',
      headers: { authorization: `Bearer ${secret}` },
      payload: { conversionRef, via: code, value, currency },
    });
  const report = async (ref: string, value: number, currency: string) => {
    const res = await send(ref, value, currency);
    assert.equal(res.statusCode, 201, res.body);
    return res.json<{ conversion: { id: number } }>().conversion.id;
  };
  return { send, report };
}

interface ReviewRow {
  conversion_id: number;
  value: number;
  reward_amount: number;
  currency: string;
}

async function reviewList(): Promise<Map<number, ReviewRow>> {
  const res = await callApi(t, 'GET', `brand/${w.brandId}/review/?per_page=100`, w.owner);
  assert.equal(res.statusCode, 200, res.body);
  return new Map(
    res.json<{ results: ReviewRow[] }>().results.map((r) => [r.conversion_id, r] as const),
  );
}

/** The stored numeric text of a conversion and its ledger entry, as PostgreSQL prints it. */
const stored = async (id: number) =>
  (
    await rowsOf<{ value: string; reward_amount: string; amount: string }>(
      db.handle.db,
      sql`select c.value::text, c.reward_amount::text, r.amount::text from conversions c
        join rewards r on r.conversion_id = c.id and r.kind = 'reward' where c.id = ${id}::integer`,
    )
  )[0];

async function approveAll(ids: number[]) {
  const res = await callApi(t, 'POST', `brand/${w.brandId}/review/`, w.owner, {
    action: 'approve',
    conversion_ids: ids,
  });
  assert.equal(res.statusCode, 200, res.body);
  assert.deepEqual(res.json<{ moved: number[] }>().moved.sort(), [...ids].sort());
}

async function addPaypal(who: Actor) {
  const res = await callApi(t, 'POST', 'payout-methods/', who, {
    type: 'paypal',
    paypal_email: 'adv@pay.example',
  });
  assert.equal(res.statusCode, 201, res.body);
}

/** value × 10% rounded half up to the minor unit, by plain integer arithmetic on minor units. */
const tenPercentOf = (minor: number) => Math.floor((minor + 5) / 10);

describe('money in the currency minor unit', () => {
  it('JPY 999 at 10% earns 100 JPY; USD keeps two decimals; KWD 12.345 stays 12.345 with 1.235', async () => {
    const { report } = await tenPercent();
    const jpy = await report('jpy', 999, 'JPY');
    const usd = await report('usd', 12.25, 'USD');
    const kwd = await report('kwd', 12.345, 'KWD');
    const halfFils = await report('kwd-half', 0.125, 'KWD');
    const belowHalf = await report('kwd-below', 0.124, 'KWD');

    const list = await reviewList();
    const seen = (id: number) => {
      const r = list.get(id) ?? assert.fail(`conversion ${id} not listed`);
      return [r.value, r.reward_amount, r.currency];
    };
    assert.deepEqual(seen(jpy), [999, 100, 'JPY']); // 99.9 → 100
    assert.deepEqual(seen(usd), [12.25, 1.23, 'USD']); // 1.225 → 1.23
    assert.deepEqual(seen(kwd), [12.345, 1.235, 'KWD']); // 1.2345 → 1.235
    assert.deepEqual(seen(halfFils), [0.125, 0.013, 'KWD']); // 0.0125 → 0.013
    assert.deepEqual(seen(belowHalf), [0.124, 0.012, 'KWD']); // 0.0124 → 0.012

    // The database keeps the exact amounts (three decimals of scale for every currency).
    assert.deepEqual(await stored(jpy), {
      value: '999.000',
      reward_amount: '100.000',
      amount: '100.000',
    });
    assert.deepEqual(await stored(kwd), {
      value: '12.345',
      reward_amount: '1.235',
      amount: '1.235',
    });
    assert.deepEqual(await stored(usd), {
      value: '12.250',
      reward_amount: '1.230',
      amount: '1.230',
    });

    // The brand's payments and the advocate's earnings say the same.
    const payments = await callApi(t, 'GET', `payments/?brand_id=${w.brandId}&summary=1`, w.owner);
    assert.equal(payments.statusCode, 200, payments.body);
    const paid = payments.json<{
      results: { id?: number; amount: number; reward_amount: number; currency: string }[];
      summary: { by_currency: { currency: string; total_amount: number }[] };
    }>();
    assert.deepEqual(paid.results.map((r) => [r.currency, r.amount, r.reward_amount]).sort(), [
      ['JPY', 999, 100],
      ['KWD', 0.124, 0.012],
      ['KWD', 0.125, 0.013],
      ['KWD', 12.345, 1.235],
      ['USD', 12.25, 1.23],
    ]);
    assert.deepEqual(paid.summary.by_currency.map((c) => [c.currency, c.total_amount]).sort(), [
      ['JPY', 999],
      ['KWD', 12.594],
      ['USD', 12.25],
    ]);
    const earnings = await callApi(t, 'GET', 'advocates/earnings/', w.advocate);
    assert.equal(earnings.statusCode, 200, earnings.body);
    assert.deepEqual(earnings.json<{ total_earnings: unknown[] }>().total_earnings, [
      { currency: 'JPY', amount: 100 },
      { currency: 'KWD', amount: 1.26 },
      { currency: 'USD', amount: 1.23 },
    ]);
  });

  it('an amount finer than its currency minor unit is refused, naming the field', async () => {
    const { send } = await tenPercent();
    for (const [value, currency, message] of [
      [99.5, 'JPY', 'must be a whole amount in JPY (it has no decimals)'],
      [12.345, 'USD', 'must have at most 2 decimals in USD'],
      [12.3456, 'KWD', 'must have at most 3 decimals'],
    ] as const) {
      const res = await send(`bad-${currency}`, value, currency);
      assert.equal(res.statusCode, 400, `${value} ${currency}: ${res.body}`);
      assert.deepEqual(res.json<{ errors: unknown }>().errors, { value: [message] });
    }
    // Products are priced in two-decimal currencies (CURRENCIES): a third decimal is refused.
    const price = await t.call<{ errors: unknown }>('POST', 'product/create/', {
      as: w.owner,
      body: { brand_id: w.brandId, name: 'Cup', price: 10.005, currency: 'USD', status: 'active' },
    });
    assert.equal(price.statusCode, 400, price.body);
    assert.deepEqual(price.json().errors, {
      price: ['must have at most 2 decimals in USD'],
    });
  });

  it('KWD ledger sums, payouts and the payout file equal a brute-force sum of thousandths', async () => {
    const { report } = await tenPercent();
    // Values in fils chosen to hit every last digit (half-up cases included): 0.105, 1.115, …
    const fils = Array.from({ length: 24 }, (_, i) => 105 + i * 1_010 + (i % 10));
    const ids: number[] = [];
    for (const [i, v] of fils.entries()) ids.push(await report(`k${i}`, v / 1000, 'KWD'));
    const rewardFils = fils.map(tenPercentOf);
    const sum = rewardFils.reduce((a, b) => a + b, 0);
    const asAmount = (f: number) =>
      Number(`${Math.floor(f / 1000)}.${String(f % 1000).padStart(3, '0')}`);

    const list = await reviewList();
    assert.deepEqual(
      ids.map((id) => list.get(id)?.reward_amount),
      rewardFils.map(asAmount),
    );
    await approveAll(ids);
    await addPaypal(w.advocate);

    const summary = await callApi(t, 'GET', `brand/${w.brandId}/payouts/summary/`, w.owner);
    assert.equal(summary.statusCode, 200, summary.body);
    assert.deepEqual(summary.json<{ balance: unknown[] }>().balance, [
      { currency: 'KWD', amount: asAmount(sum) },
    ]);
    const created = await callApi(t, 'POST', `brand/${w.brandId}/payouts/`, w.owner);
    assert.equal(created.statusCode, 201, created.body);
    const payouts = created.json<{ payouts: { id: number; amount: number; currency: string }[] }>()
      .payouts;
    assert.deepEqual(
      payouts.map((p) => [p.currency, p.amount]),
      [['KWD', asAmount(sum)]],
    );
    const [row] = await rowsOf<{ amount: string }>(
      db.handle.db,
      sql`select amount::text from payouts where id = ${payouts[0]!.id}::integer`,
    );
    assert.equal(row?.amount, `${Math.floor(sum / 1000)}.${String(sum % 1000).padStart(3, '0')}`);

    const csv = await callApi(
      t,
      'GET',
      `brand/${w.brandId}/payouts/export/?format=paypal&currency=KWD`,
      w.owner,
    );
    assert.equal(csv.statusCode, 200, csv.body);
    const id = payouts[0]!.id;
    assert.equal(
      csv.body,
      `\uFEFFadv@pay.example,${row?.amount},KWD,PAYOUT-${id},Owner Brand payout ${id},PAYPAL\r\n`,
    );
    // Another brand's owner sees none of it.
    const stranger = await callApi(t, 'GET', `brand/${w.brandId}/payouts/summary/`, w.other);
    assert.notEqual(stranger.statusCode, 200);
  });

  it('a refund in KWD takes back exactly the KWD reward, and the advocate earns nothing from it', async () => {
    const { report } = await tenPercent();
    const kept = await report('kept', 7.777, 'KWD');
    const refundedId = await report('refunded', 12.345, 'KWD');
    const key = await callApi(t, 'POST', `brand/${w.brandId}/api-keys/`, w.owner, {
      kind: 'secret',
    });
    const refund = await t.app.inject({
      method: 'POST',
      url: '/api/v1/refunds/',
      headers: { authorization: `Bearer ${key.json<{ secret: string }>().secret}` },
      payload: { conversionRef: 'refunded', reason: 'Returned' },
    });
    assert.equal(refund.statusCode, 200, refund.body);
    const list = await reviewList();
    assert.equal(list.get(kept)?.reward_amount, 0.778); // 0.7777 → 0.778
    assert.equal(list.get(refundedId)?.reward_amount ?? 0, 0);
    const earnings = await callApi(t, 'GET', 'advocates/earnings/', w.advocate);
    assert.deepEqual(earnings.json<{ total_earnings: unknown[] }>().total_earnings, [
      { currency: 'KWD', amount: 0.778 },
    ]);
  });
});

// The money path end to end through the API: review, hold period, refunds, payouts, payout
// methods and earnings, with who may see and move what.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import {
  actor,
  callApi,
  createCampaignAs,
  createProductAs,
  joinAs,
  signIn,
  type Actor,
  type BrandWorld,
  type TestApp,
  type TestDatabase,
  withBrandWorld,
} from '../../test/helpers.js';
import { expireHolds } from './moves.js';
import { rowsOf } from '../../lib/sql.js';

let db: TestDatabase;
let t: TestApp;
let w: BrandWorld;
withBrandWorld((world) => ({ db, t, w } = world));

const DAY = 24 * 60 * 60 * 1000;

/** Moves the clock on by `ms`; access tokens last an hour, so `actors` sign in again. */
async function later(ms: number, ...actors: Actor[]) {
  t.clock.advance(ms);
  for (const a of actors) a.auth = (await signIn(t.app, a)).auth;
}

async function apiKey(who: Actor, brandId: number, kind: 'secret' | 'publishable') {
  const res = await callApi(t, 'POST', `brand/${brandId}/api-keys/`, who, { kind });
  assert.equal(res.statusCode, 201, res.body);
  return res.json<{ secret: string }>().secret;
}

const withKey = (key: string, method: 'POST', url: string, payload: object) =>
  t.app.inject({
    method,
    url: `/api/v1/${url}`,
    headers: { authorization: `Bearer ${key}` },
    payload,
  });

/** A flat-reward campaign of `brandId` joined by `advocate`; returns a reporter of conversions. */
async function setUp(owner: Actor, brandId: number, advocate: Actor, flat = 6) {
  const product = await createProductAs(t, owner, brandId);
  const campaign = await createCampaignAs(t, owner, brandId, {
    product_ids: [product],
    commission_type: 'flat',
    commission_value: flat,
  });
  const code = (await joinAs(t, advocate, campaign)).get(product) ?? assert.fail('no link');
  const secret = await apiKey(owner, brandId, 'secret');
  const report = async (ref: string, extra: Record<string, unknown> = {}, key = secret) => {
    const res = await withKey(key, 'POST', 'sdk-log-conversion/', {
      conversionRef: ref,
      via: code,
      value: 100,
      ...extra,
    });
    assert.equal(res.statusCode, 201, res.body);
    return res.json<{ conversion: { id: number; status: string } }>().conversion;
  };
  return { campaign, secret, report, code };
}

const review = (who: Actor, brandId: number, body: object) =>
  callApi(t, 'POST', `brand/${brandId}/review/`, who, body);

const earnings = async (who: Actor) => {
  const res = await callApi(t, 'GET', 'advocates/earnings/', who);
  assert.equal(res.statusCode, 200, res.body);
  return res.json<{ total_earnings: unknown[]; current_balance: unknown[] }>();
};

const moves = () =>
  rowsOf<{
    reward_id: number;
    from_status: string | null;
    to_status: string;
    actor_id: number | null;
    reason: string;
  }>(
    db.handle.db,
    sql`select reward_id, from_status, to_status, actor_id, reason from reward_moves order by id`,
  );

const addPaypal = async (who: Actor, email = 'me@pay.example') => {
  const res = await callApi(t, 'POST', 'payout-methods/', who, {
    type: 'paypal',
    paypal_email: email,
  });
  assert.equal(res.statusCode, 201, res.body);
  return res.json<{ method: { id: number; is_default: boolean } }>().method;
};

describe('review and hold period', () => {
  it('every reward starts pending and waits for the brand; approve and reject move it, with who and why', async () => {
    const { report, code } = await setUp(w.owner, w.brandId, w.advocate);
    const a = await report('a');
    // From the browser: a real click's id, a sale the product's price allows; held for review.
    const visit = await t.app.inject({
      method: 'GET',
      url: `/r/${code}`,
      headers: { 'user-agent': 'Chrome' },
    });
    const clickId = new URL(String(visit.headers.location)).searchParams.get('cid');
    const pk = await apiKey(w.owner, w.brandId, 'publishable');
    const b = await report('b', { via: undefined, clickId, value: 10 }, pk);
    assert.equal(a.status, 'pending', 'a secret key too');
    assert.equal(b.status, 'pending');

    const list = await callApi(t, 'GET', `brand/${w.brandId}/review/`, w.owner);
    assert.equal(list.statusCode, 200, list.body);
    const body = list.json<{
      results: {
        conversion_id: number;
        needs_review: boolean;
        reward_amount: number;
        hold_ends_at: string;
      }[];
      meta: { total: number };
    }>();
    assert.equal(body.meta.total, 2);
    assert.deepEqual(
      body.results.map((r) => [r.conversion_id, r.needs_review, r.reward_amount]),
      [
        [b.id, true, 6],
        [a.id, false, 6],
      ],
    );
    assert.equal(body.results[0].hold_ends_at, '2030-01-31T12:00:00.000Z', '30 days by default');

    const missingReason = await review(w.owner, w.brandId, {
      action: 'reject',
      conversion_ids: [b.id],
    });
    assert.equal(missingReason.statusCode, 400);
    assert.deepEqual(Object.keys(missingReason.json().errors), ['reason']);

    const approved = await review(w.owner, w.brandId, {
      action: 'approve',
      conversion_ids: [a.id, 999],
    });
    assert.deepEqual(approved.json(), { status: 'success', moved: [a.id], skipped: [999] });
    const rejected = await review(w.owner, w.brandId, {
      action: 'reject',
      conversion_ids: [b.id],
      reason: 'Test order',
    });
    assert.deepEqual(rejected.json().moved, [b.id]);
    // Approving again moves nothing: a reward moves once.
    assert.deepEqual(
      (await review(w.owner, w.brandId, { action: 'approve', conversion_ids: [a.id] })).json()
        .moved,
      [],
    );

    assert.deepEqual(
      (await moves()).map((m) => [m.from_status, m.to_status, m.actor_id, m.reason]),
      [
        ['pending', 'held', null, 'Held for review: publishable_key'],
        ['pending', 'approved', w.owner.id, 'Approved by the brand'],
        ['held', 'rejected', w.owner.id, 'Test order'],
      ],
    );
    assert.deepEqual(await earnings(w.advocate), {
      total_earnings: [{ currency: 'USD', amount: 6 }],
      current_balance: [{ currency: 'USD', amount: 6 }],
    });
    const [conversionB] = await rowsOf<{ status: string }>(
      db.handle.db,
      sql`select status from conversions where id = ${b.id}`,
    );
    assert.equal(conversionB.status, 'rejected');
  });

  it('filters the review list by campaign, advocate, event type and day', async () => {
    const { report, campaign } = await setUp(w.owner, w.brandId, w.advocate);
    await report('p1', { eventType: 'purchase' });
    await later(2 * DAY, w.owner);
    await report('s1', { eventType: 'signup' });
    const get = async (query: string) => {
      const res = await callApi(t, 'GET', `brand/${w.brandId}/review/?${query}`, w.owner);
      assert.equal(res.statusCode, 200, res.body);
      return res
        .json<{ results: { conversion_ref: string }[] }>()
        .results.map((r) => r.conversion_ref);
    };
    assert.deepEqual(await get('event_type=signup'), ['s1']);
    assert.deepEqual(await get('since=2030-01-02'), ['s1']);
    assert.deepEqual(await get('until=2030-01-01'), ['p1']);
    assert.deepEqual(await get(`campaign_id=${campaign}&advocate_id=${w.advocate.id}`), [
      's1',
      'p1',
    ]);
    assert.deepEqual(await get(`advocate_id=${w.owner.id}`), []);
    assert.equal(
      (await callApi(t, 'GET', `brand/${w.brandId}/review/?since=yesterday`, w.owner)).statusCode,
      400,
    );
    const notADay = await callApi(t, 'GET', `brand/${w.brandId}/review/?until=2030-02-30`, w.owner);
    assert.deepEqual([notADay.statusCode, Object.keys(notADay.json().errors)], [400, ['until']]);
  });

  it('a hold of 0 days approves on arrival; the hold job approves what waited out the hold period, once', async () => {
    const { report } = await setUp(w.owner, w.brandId, w.advocate);
    const early = await report('early');
    const settings = await callApi(t, 'PUT', `brand/${w.brandId}/payout-settings/`, w.owner, {
      hold_days: 0,
      payout_minimum: 10,
    });
    assert.equal(settings.statusCode, 200, settings.body);
    const instant = await report('instant');
    assert.equal(instant.status, 'approved');
    // The earlier one waited 0 days too, by the brand's setting now.
    assert.equal(await expireHolds(db.handle.db, t.clock()), 1);
    assert.equal(await expireHolds(db.handle.db, t.clock()), 0);
    const reasons = (await moves()).map((m) => [m.to_status, m.actor_id, m.reason]);
    assert.deepEqual(reasons, [
      ['approved', null, 'Hold period of 0 days: approved on arrival'],
      ['approved', null, 'Hold period ended'],
    ]);
    const [c] = await rowsOf<{ status: string }>(
      db.handle.db,
      sql`select status from conversions where id = ${early.id}`,
    );
    assert.equal(c.status, 'approved');
  });

  it('settings: defaults, validation naming the field, 404 for another brand', async () => {
    const get = await callApi(t, 'GET', `brand/${w.brandId}/payout-settings/`, w.owner);
    assert.deepEqual(get.json(), { hold_days: 30, payout_minimum: 10, saved_at: null });
    const bad = await callApi(t, 'PUT', `brand/${w.brandId}/payout-settings/`, w.owner, {
      hold_days: -1,
      payout_minimum: 1.2345,
    });
    assert.equal(bad.statusCode, 400);
    assert.ok(bad.json().errors.hold_days && bad.json().errors.payout_minimum, bad.body);
    // A cent's rounding noise away from 0 is not 0: refused, not echoed back and stored as 0.
    for (const payout_minimum of [1e-320, 5e-324]) {
      const tiny = await callApi(t, 'PUT', `brand/${w.brandId}/payout-settings/`, w.owner, {
        hold_days: 1,
        payout_minimum,
      });
      assert.equal(tiny.statusCode, 400, String(payout_minimum));
      assert.deepEqual(tiny.json().errors, { payout_minimum: ['must have at most 3 decimals'] });
    }
    assert.equal(
      (await callApi(t, 'GET', `brand/${w.brandId}/payout-settings/`, w.other)).statusCode,
      404,
    );
    assert.equal(
      (
        await callApi(t, 'PUT', `brand/${w.brandId}/payout-settings/`, w.other, {
          hold_days: 1,
          payout_minimum: 1,
        })
      ).statusCode,
      404,
    );
    assert.equal(
      (await callApi(t, 'GET', `brand/${w.brandId}/payout-settings/`, w.staff)).statusCode,
      200,
    );
  });
});

describe('ownership', () => {
  it('a brand sees, reviews and pays only its own rewards; an advocate sees only their own earnings and methods', async () => {
    const mine = await setUp(w.owner, w.brandId, w.advocate);
    const theirs = await setUp(w.other, w.otherBrandId, w.advocate);
    const a = await mine.report('a');
    const b = await theirs.report('b');
    // Another brand's review list, payouts and settings: 404.
    for (const url of [
      `brand/${w.brandId}/review/`,
      `brand/${w.brandId}/payouts/`,
      `brand/${w.brandId}/payouts/summary/`,
    ])
      assert.equal((await callApi(t, 'GET', url, w.other)).statusCode, 404, url);
    assert.equal(
      (await callApi(t, 'POST', `brand/${w.brandId}/payouts/`, w.other)).statusCode,
      404,
    );
    assert.equal(
      (await review(w.other, w.brandId, { action: 'approve', conversion_ids: [a.id] })).statusCode,
      404,
    );
    // Its own brand's review cannot reach another brand's conversion.
    assert.deepEqual(
      (
        await review(w.other, w.otherBrandId, { action: 'approve', conversion_ids: [a.id, b.id] })
      ).json().moved,
      [b.id],
    );
    const list = (await callApi(t, 'GET', `brand/${w.otherBrandId}/review/`, w.other)).json<{
      meta: { total: number };
    }>();
    assert.equal(list.meta.total, 0);
    const mineList = (await callApi(t, 'GET', `brand/${w.brandId}/review/`, w.owner)).json<{
      results: { conversion_id: number }[];
    }>();
    assert.deepEqual(
      mineList.results.map((r) => r.conversion_id),
      [a.id],
    );

    // Payouts: the other brand pays only its own approved reward.
    await addPaypal(w.advocate);
    await callApi(t, 'PUT', `brand/${w.otherBrandId}/payout-settings/`, w.other, {
      hold_days: 30,
      payout_minimum: 1,
    });
    const created = await callApi(t, 'POST', `brand/${w.otherBrandId}/payouts/`, w.other);
    assert.equal(created.statusCode, 201, created.body);
    assert.deepEqual(
      created.json().payouts.map((p: { amount: number }) => p.amount),
      [6],
    );
    const payoutId = created.json().payouts[0].id as number;
    assert.equal((await callApi(t, 'POST', `payout/${payoutId}/sent/`, w.owner)).statusCode, 404);

    // An advocate's earnings are their own.
    const stranger = await actor(t, db, { roles: ['advocate'] });
    assert.deepEqual(await earnings(stranger), { total_earnings: [], current_balance: [] });
    const tx = await callApi(t, 'GET', 'advocates/earnings/transactions/', stranger);
    assert.deepEqual(tx.json().results, []);
    const own = (await callApi(t, 'GET', 'advocates/earnings/transactions/', w.advocate)).json<{
      results: { conversion_ref: string; status: string }[];
    }>();
    assert.deepEqual(own.results.map((r) => [r.conversion_ref, r.status]).sort(), [
      ['a', 'pending'],
      ['b', 'paid'],
    ]);
    // Payout methods are their own too.
    const method = (await callApi(t, 'GET', 'payout-methods/', w.advocate)).json<{
      results: { id: number }[];
    }>().results[0];
    assert.deepEqual((await callApi(t, 'GET', 'payout-methods/', stranger)).json(), {
      results: [],
    });
    for (const [method_, url] of [
      ['PUT', `payout-methods/${method.id}/`],
      ['DELETE', `payout-methods/${method.id}/`],
      ['POST', `payout-methods/${method.id}/default/`],
    ] as const)
      assert.equal(
        (
          await callApi(
            t,
            method_,
            url,
            stranger,
            method_ === 'PUT' ? { type: 'paypal', paypal_email: 'x@y.example' } : undefined,
          )
        ).statusCode,
        404,
      );
    assert.equal((await callApi(t, 'GET', 'advocates/earnings/', undefined)).statusCode, 401);
  });
});

describe('refunds', () => {
  it('unpaid → rejected; paid → a negative entry the next payout deducts; idempotent; secret key only', async () => {
    const { report, secret } = await setUp(w.owner, w.brandId, w.advocate, 20);
    await callApi(t, 'PUT', `brand/${w.brandId}/payout-settings/`, w.owner, {
      hold_days: 0,
      payout_minimum: 10,
    });
    await addPaypal(w.advocate);
    await report('early');
    await report('unpaid');
    const refund = (ref: string, key = secret) =>
      withKey(key, 'POST', 'refunds/', { conversionRef: ref, reason: 'Returned' });

    const paid = await callApi(t, 'POST', `brand/${w.brandId}/payouts/`, w.owner);
    assert.deepEqual(
      paid.json().payouts.map((p: { amount: number }) => p.amount),
      [40],
    );
    await report('later');

    const r1 = await refund('unpaid');
    // 'unpaid' was paid already in that payout: it becomes a deduction.
    assert.equal(r1.statusCode, 200, r1.body);
    assert.deepEqual(
      { ...r1.json<Record<string, unknown>>(), conversion_id: 0 },
      {
        status: 'success',
        duplicate: false,
        conversion_id: 0,
        conversion_ref: 'unpaid',
        reward_status: 'paid',
        clawback_amount: -20,
      },
    );
    const r2 = await refund('later');
    assert.deepEqual([r2.json().reward_status, r2.json().clawback_amount], ['rejected', null]);
    assert.deepEqual(
      [(await refund('later')).json().duplicate, (await refund('unpaid')).json().duplicate],
      [true, true],
    );
    assert.equal((await refund('nope')).statusCode, 404);
    assert.equal(
      (await refund('early', await apiKey(w.owner, w.brandId, 'publishable'))).statusCode,
      403,
    );

    assert.deepEqual((await earnings(w.advocate)).current_balance, [
      { currency: 'USD', amount: -20 },
    ]);
    await report('next');
    await report('next2');
    // 20 + 20 - 20 = 20: the deduction goes into the next payout.
    const next = await callApi(t, 'POST', `brand/${w.brandId}/payouts/`, w.owner);
    assert.deepEqual(
      next.json().payouts.map((p: { amount: number; rewards: number }) => [p.amount, p.rewards]),
      [[20, 3]],
    );
    const entries = (
      await callApi(t, 'GET', 'advocates/earnings/transactions/?per_page=10', w.advocate)
    ).json<{
      results: { conversion_ref: string; kind: string; amount: number; status: string }[];
    }>();
    assert.deepEqual(
      entries.results
        .filter((e) => e.kind === 'clawback')
        .map((e) => [e.conversion_ref, e.amount, e.status]),
      [['unpaid', -20, 'paid']],
    );
  });
});

describe('payouts', () => {
  it('one per advocate and currency at the minimum, needs-a-method listed, sent → successful, failed gives rewards back, CSV', async () => {
    const { report } = await setUp(w.owner, w.brandId, w.advocate, 6);
    const second = await actor(t, db, { roles: ['advocate'] });
    const campaign2 = await setUp(w.owner, w.brandId, second, 15);
    await callApi(t, 'PUT', `brand/${w.brandId}/payout-settings/`, w.owner, {
      hold_days: 0,
      payout_minimum: 10,
    });
    await report('u1', { currency: 'USD' });
    await report('e1', { currency: 'EUR' });
    await report('e2', { currency: 'EUR' });
    await campaign2.report('s1', { currency: 'USD' });
    await addPaypal(w.advocate, 'adv@pay.example');

    const summary = (
      await callApi(t, 'GET', `brand/${w.brandId}/payouts/summary/`, w.owner)
    ).json();
    assert.deepEqual(summary.balance, [
      { currency: 'EUR', amount: 12 },
      { currency: 'USD', amount: 21 },
    ]);
    assert.deepEqual(summary.next_payout, {
      totals: [{ currency: 'EUR', amount: 12 }],
      advocates: 1,
    });
    assert.equal(summary.previous_payout, null);
    assert.deepEqual(
      summary.advocates.map(
        (a: { currency: string; amount: number; due: boolean; has_method: boolean }) => [
          a.currency,
          a.amount,
          a.due,
          a.has_method,
        ],
      ),
      [
        ['EUR', 12, true, true],
        ['USD', 15, true, false],
        ['USD', 6, false, true],
      ],
    );

    const created = await callApi(t, 'POST', `brand/${w.brandId}/payouts/`, w.owner);
    assert.equal(created.statusCode, 201, created.body);
    const body = created.json();
    assert.deepEqual(
      body.payouts.map((p: Record<string, unknown>) => [
        p.advocate_id,
        p.currency,
        p.amount,
        p.status,
        p.payment_type,
        p.method,
        p.rewards,
      ]),
      [[w.advocate.id, 'EUR', 12, 'pending', 'PayPal', 'adv@pay.example', 2]],
    );
    assert.deepEqual(
      body.needs_method.map((n: { advocate_id: number; amount: number }) => [
        n.advocate_id,
        n.amount,
      ]),
      [[second.id, 15]],
    );
    const id = body.payouts[0].id as number;

    const csv = await callApi(
      t,
      'GET',
      `brand/${w.brandId}/payouts/export/?format=paypal&currency=EUR`,
      w.owner,
    );
    assert.equal(csv.statusCode, 200);
    assert.match(String(csv.headers['content-type']), /^text\/csv/);
    assert.equal(
      csv.body,
      `\uFEFFadv@pay.example,12.00,EUR,PAYOUT-${id},Owner Brand payout ${id},PAYPAL\r\n`,
    );

    assert.equal((await callApi(t, 'POST', `payout/${id}/successful/`, w.owner)).statusCode, 409);
    assert.equal(
      (await callApi(t, 'POST', `payout/${id}/sent/`, w.owner)).json().payout.status,
      'ongoing',
    );
    const failed = await callApi(t, 'POST', `payout/${id}/failed/`, w.owner, {
      reason: 'Account closed',
    });
    assert.deepEqual(
      [failed.json().payout.status, failed.json().payout.failure_reason],
      ['failed', 'Account closed'],
    );
    assert.deepEqual((await earnings(w.advocate)).current_balance, [
      { currency: 'EUR', amount: 12 },
      { currency: 'USD', amount: 6 },
    ]);
    // The second advocate adds a bank account: the next run, a day later, pays both.
    await later(DAY, w.owner, w.advocate, second);
    const bank = await callApi(t, 'POST', 'payout-methods/', second, {
      type: 'bank',
      account_holder: 'Ada Lovelace',
      bank_name: 'Wise',
      account_number: 'GB33 BUKB 2020 1555 5555 55',
      bank_code: 'BUKBGB22',
      bank_country: 'gb',
    });
    assert.equal(bank.statusCode, 201, bank.body);
    const again = (await callApi(t, 'POST', `brand/${w.brandId}/payouts/`, w.owner)).json();
    assert.deepEqual(
      again.payouts.map((p: { currency: string; amount: number; method: string }) => [
        p.currency,
        p.amount,
        p.method,
      ]),
      [
        ['EUR', 12, 'adv@pay.example'],
        ['USD', 15, 'Wise ••••5555'],
      ],
    );
    const wise = await callApi(
      t,
      'GET',
      `brand/${w.brandId}/payouts/export/?format=wise&currency=USD`,
      w.owner,
    );
    const [header, row] = wise.body.trim().split('\r\n');
    assert.equal(
      header,
      'name,recipientEmail,paymentReference,receiverType,amountCurrency,amount,sourceCurrency,targetCurrency,IBAN,BIC,accountNumber,sortCode,bankCountry',
    );
    const usd = again.payouts[1].id;
    assert.equal(
      row,
      `Ada Lovelace,${'' + (await rowsOf<{ email: string }>(db.handle.db, sql`select email from users where id = ${second.id}`))[0].email},PAYOUT-${usd},PRIVATE,target,15.00,USD,USD,GB33BUKB20201555555555,BUKBGB22,,,GB`,
    );
    for (const p of again.payouts) {
      await callApi(t, 'POST', `payout/${p.id}/sent/`, w.owner);
      assert.equal(
        (await callApi(t, 'POST', `payout/${p.id}/successful/`, w.owner)).json().payout.status,
        'successful',
      );
    }
    const list = (
      await callApi(t, 'GET', `brand/${w.brandId}/payouts/?status=successful`, w.owner)
    ).json();
    assert.equal(list.meta.total, 2);
    const after = (await callApi(t, 'GET', `brand/${w.brandId}/payouts/summary/`, w.owner)).json();
    assert.deepEqual(after.previous_payout.totals, [
      { currency: 'EUR', amount: 12 },
      { currency: 'USD', amount: 15 },
    ]);
    const tx = (await callApi(t, 'GET', 'advocates/earnings/transactions/', second)).json();
    assert.deepEqual(
      tx.results.map((r: { status: string; payout: { status: string } }) => [
        r.status,
        r.payout.status,
      ]),
      [['paid', 'successful']],
    );
  });

  it('payout methods: validated, the first is the default, one default, removing it hands it on', async () => {
    const bad = await callApi(t, 'POST', 'payout-methods/', w.advocate, {
      type: 'paypal',
      paypal_email: 'not-an-email',
    });
    assert.equal(bad.statusCode, 400);
    assert.ok(bad.json().errors.paypal_email, bad.body);
    const noAccount = await callApi(t, 'POST', 'payout-methods/', w.advocate, {
      type: 'bank',
      account_holder: 'A',
      account_number: '!!',
    });
    assert.deepEqual(Object.keys(noAccount.json().errors), ['account_number']);
    const first = await addPaypal(w.advocate, 'one@pay.example');
    const second = await addPaypal(w.advocate, 'two@pay.example');
    assert.deepEqual([first.is_default, second.is_default], [true, false]);
    await callApi(t, 'POST', `payout-methods/${second.id}/default/`, w.advocate);
    const list = async () =>
      (await callApi(t, 'GET', 'payout-methods/', w.advocate))
        .json<{ results: { id: number; is_default: boolean; paypal_email: string }[] }>()
        .results.map((m) => [m.paypal_email, m.is_default]);
    assert.deepEqual(await list(), [
      ['one@pay.example', false],
      ['two@pay.example', true],
    ]);
    const edit = await callApi(t, 'PUT', `payout-methods/${first.id}/`, w.advocate, {
      type: 'paypal',
      paypal_email: 'ONE@pay.example ',
    });
    assert.equal(edit.statusCode, 400, 'the email format is checked as sent');
    await callApi(t, 'PUT', `payout-methods/${first.id}/`, w.advocate, {
      type: 'paypal',
      paypal_email: 'uno@pay.example',
    });
    assert.equal(
      (await callApi(t, 'DELETE', `payout-methods/${second.id}/`, w.advocate)).statusCode,
      200,
    );
    assert.deepEqual(await list(), [['uno@pay.example', true]]);
  });
});

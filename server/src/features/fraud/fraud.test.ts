// Money that cannot be forged (issue 26): the stranger's 3,000-call forgery with a public
// publishable key and share code creates nothing payable; a real shop's script conversion still
// records and is approved after the hold once a person releases it; every fraud rule holds its
// case and nothing of a clean control set.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { FraudSettings, HoldReason } from 'contract';
import { defaultRateLimits } from '../../config.js';
import { conversions, rewardMoves, rewards, users } from '../../db/schema.js';
import {
  actor,
  createCampaignAs,
  createProductAs,
  joinAs,
  type Actor,
  type BrandWorld,
  type TestApp,
  type TestDatabase,
  withBrandWorld,
} from '../../test/helpers.js';
import { CLICK_ID_REQUIRED, CLICK_ID_UNKNOWN } from '../conversions/attribution.js';
import { PUBLISHABLE_KEYS_OFF } from '../conversions/publishable.js';
import { expireHolds } from '../ledger/moves.js';

let db: TestDatabase;
let t: TestApp;
let w: BrandWorld;
// The shipped rate limits (the other test files use generous ones).
withBrandWorld((world) => ({ db, t, w } = world), { rateLimits: defaultRateLimits() });

const DAY = 86_400_000;

async function apiKey(kind: 'secret' | 'publishable'): Promise<string> {
  const res = await t.call<{ secret: string }>('POST', `brand/${w.brandId}/api-keys/`, {
    as: w.owner,
    body: { kind },
  });
  assert.equal(res.statusCode, 201, res.body);
  return res.json().secret;
}

const report = (key: string, payload: Record<string, unknown>, remoteAddress = '203.0.113.9') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/sdk-log-conversion/',
    remoteAddress,
    headers: { authorization: `Bearer ${key}`, origin: 'https://attacker.example' },
    payload,
  });

/** A visit to the share link (with an optional query, e.g. an ad's gclid): its click id. */
async function clickOf(
  code: string,
  { userAgent = 'Mozilla/5.0 Chrome/124', query = '', remoteAddress = '198.51.100.7' } = {},
): Promise<string> {
  const visit = await t.app.inject({
    method: 'GET',
    url: `/r/${code}${query}`,
    remoteAddress,
    headers: { 'user-agent': userAgent },
  });
  assert.equal(visit.statusCode, 302, visit.body);
  return new URL(String(visit.headers.location)).searchParams.get('cid') ?? assert.fail('no cid');
}

/** A product (price 10 USD) in a 10% campaign the advocate joined: its share code. */
async function joinedCampaign(advocate: Actor = w.advocate) {
  const product = await createProductAs(t, w.owner, w.brandId);
  const campaign = await createCampaignAs(t, w.owner, w.brandId, {
    product_ids: [product],
    commission_type: 'percentage',
    commission_value: 10,
  });
  const code = (await joinAs(t, advocate, campaign)).get(product) ?? assert.fail('no link');
  return { product, campaign, code };
}

async function setHoldDays(days: number) {
  const res = await t.call('PUT', `brand/${w.brandId}/payout-settings/`, {
    as: w.owner,
    body: { hold_days: days, payout_minimum: 0 },
  });
  assert.equal(res.statusCode, 200, res.body);
}

async function setFraud(change: (s: FraudSettings) => FraudSettings) {
  const current = await t.call<FraudSettings>('GET', `brand/${w.brandId}/fraud-settings/`, {
    as: w.owner,
  });
  assert.equal(current.statusCode, 200, current.body);
  const res = await t.call('PUT', `brand/${w.brandId}/fraud-settings/`, {
    as: w.owner,
    body: change(current.json()),
  });
  assert.equal(res.statusCode, 200, res.body);
}

async function emailOfUser(id: number): Promise<string> {
  const [row] = await db.handle.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, id));
  return row.email;
}

const allRewards = () => db.handle.db.select().from(rewards).orderBy(asc(rewards.id));

/** What the brand's payout summary says is due, and what a payout run would pay. */
async function payable() {
  const approved = await db.handle.db
    .select({ n: sql<number>`count(*)::int` })
    .from(rewards)
    .where(inArray(rewards.status, ['approved', 'paid']));
  const run = await t.call<{ payouts: unknown[] }>('POST', `brand/${w.brandId}/payouts/`, {
    as: w.owner,
    body: {},
  });
  return { approved: approved[0].n, payoutRun: run };
}

describe('publishable keys: only real clicks, capped, limited, held', () => {
  it("replays the stranger's 3,000-call forgery: each call refused or held, none approved at any hold period, none paid", async () => {
    const { code, campaign } = await joinedCampaign();
    const pk = await apiKey('publishable');
    await setHoldDays(0);
    // What the stranger can get: the page's key, the public share code, and real click ids by
    // visiting the share link themselves (a few browsers' worth).
    const realClicks = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        clickOf(code, { userAgent: `Mozilla/5.0 Chrome/${120 + i}` }),
      ),
    );
    const forged = [
      { via: code, value: 9_999_999_999.99 },
      { affiliateId: w.advocate.id, campaignId: campaign, value: 1000 },
      { clickId: `${Date.now().toString(36).padStart(9, '0')}AAAAAAAAAAAAAAAA`, value: 10 },
      { clickId: realClicks[0], value: 9_999_999_999.99 },
      { clickId: realClicks[1], value: 10, rewardAmount: 5000 },
    ];
    const statuses = new Map<number, number>();
    const started = Date.now();
    for (let i = 0; i < 3000; i++) {
      const payload = { conversionRef: `forged-${i}`, ...forged[i % forged.length] };
      // 3,000 calls from 50 addresses (60 each: the per-address limit of a minute).
      const res = await report(pk, payload, `192.0.2.${i % 50}`);
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      assert.ok([201, 400, 429].includes(res.statusCode), `${res.statusCode} ${res.body}`);
      if (res.statusCode === 429) assert.ok(Number(res.headers['retry-after']) >= 1);
      t.clock.advance(1000);
    }
    const seconds = (Date.now() - started) / 1000;
    process.stdout.write(
      `# forgery replay: 3000 calls in ${seconds.toFixed(1)} s: ${JSON.stringify(Object.fromEntries(statuses))}\n`,
    );
    const created = await allRewards();
    assert.equal(created.length, statuses.get(201) ?? 0);
    assert.ok(created.length > 0, 'the real clicks with a shop-sized value do record');
    assert.ok(
      created.every((r) => r.status === 'held' && r.holdReasons?.includes('publishable_key')),
    );
    const values = await db.handle.db.select({ value: conversions.value }).from(conversions);
    assert.ok(
      values.every((c) => c.value <= 10),
      'no value above the product price',
    );
    assert.ok(
      created.every((r) => r.amount <= 1),
      'the rule pays 10% of at most 10: rewardAmount is ignored',
    );
    // The hold job at a hold of 0, 30 and 365 days, and a year later: nothing approved.
    for (const days of [0, 30, 365]) {
      await setHoldDays(days);
      assert.equal(await expireHolds(db.handle.db, new Date(t.clock().getTime() + 400 * DAY)), 0);
    }
    const after = await payable();
    assert.equal(after.approved, 0);
    assert.deepEqual(after.payoutRun.json().payouts ?? [], []);
    const summary = await t.call<{ results?: unknown[] }>(
      'GET',
      `brand/${w.brandId}/payouts/summary/`,
      { as: w.owner },
    );
    assert.equal(summary.statusCode, 200);
    assert.doesNotMatch(summary.body, /"amount":[1-9]/, 'nothing is due');
    const earnings = await t.call<{ current_balance: unknown[] }>('GET', 'advocates/earnings/', {
      as: w.advocate,
    });
    assert.deepEqual(earnings.json().current_balance, []);
  });

  it('refuses, with a 400 saying why: no click id, a never-issued one, another brand’s, an old one, a value over the cap', async () => {
    const { code, campaign } = await joinedCampaign();
    const pk = await apiKey('publishable');
    const secretKey = await apiKey('secret');
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [{ via: code }, CLICK_ID_REQUIRED],
      [{ affiliateId: w.advocate.id, campaignId: campaign }, CLICK_ID_REQUIRED],
      [{ clickId: 'not-a-click' }, CLICK_ID_UNKNOWN],
      [
        { clickId: `${Date.now().toString(36).padStart(9, '0')}BBBBBBBBBBBBBBBB` },
        CLICK_ID_UNKNOWN,
      ],
      [
        { clickId: await clickOf(code), value: 10.01 },
        /more than the product's price × quantity \(10\.00 USD\)/,
      ],
      [
        { clickId: await clickOf(code, { userAgent: 'UA 2' }), value: 30, quantity: 2 },
        /20\.00 USD/,
      ],
      [
        { clickId: await clickOf(code, { userAgent: 'UA 3' }), value: 10, currency: 'EUR' },
        /currency must be the product's \(USD\)/,
      ],
    ];
    for (const [i, [payload, why]] of cases.entries()) {
      const res = await report(pk, { conversionRef: `r-${i}`, ...payload });
      assert.equal(res.statusCode, 400, res.body);
      if (typeof why === 'string') assert.equal(res.json().detail, why);
      else assert.match(res.json().detail, why);
    }
    // Another brand's link: its click is not this brand's to report.
    const otherProduct = await createProductAs(t, w.other, w.otherBrandId);
    const otherCampaign = await createCampaignAs(t, w.other, w.otherBrandId, {
      product_ids: [otherProduct],
      commission_value: 10,
    });
    const otherCode = (await joinAs(t, w.advocate, otherCampaign)).get(otherProduct) ?? '';
    const foreign = await report(pk, {
      conversionRef: 'foreign',
      clickId: await clickOf(otherCode),
    });
    assert.deepEqual([foreign.statusCode, foreign.json().detail], [400, CLICK_ID_UNKNOWN]);
    // The attribution window (90 days by default).
    const old = await clickOf(code, { userAgent: 'UA old' });
    t.clock.advance(91 * DAY);
    const late = await report(pk, { conversionRef: 'late', clickId: old, value: 10 });
    assert.equal(late.statusCode, 400);
    assert.match(late.json().detail, /older than the brand's attribution window of 90 days/);
    assert.equal((await allRewards()).length, 0);
    // The secret key keeps today's rules: a share code alone attributes, not held.
    const secret = await report(secretKey, { conversionRef: 'server', via: code, value: 500 });
    assert.equal(secret.statusCode, 201, secret.body);
    assert.deepEqual(
      (await allRewards()).map((r) => r.status),
      ['pending'],
    );
  });

  it('a brand can turn publishable keys off (403), and each limit answers 429 with Retry-After', async () => {
    const { code } = await joinedCampaign();
    const pk = await apiKey('publishable');
    const cid = await clickOf(code);
    for (let i = 0; i < 60; i++)
      assert.notEqual(
        (await report(pk, { conversionRef: `a-${i}`, clickId: cid, value: 10 })).statusCode,
        429,
      );
    const limited = await report(pk, { conversionRef: 'a-60', clickId: cid, value: 10 });
    assert.equal(limited.statusCode, 429);
    assert.ok(Number(limited.headers['retry-after']) > 0);
    // Another address still may; a minute later this one may again.
    assert.equal(
      (await report(pk, { conversionRef: 'b', clickId: cid, value: 10 }, '192.0.2.200')).statusCode,
      201,
    );
    await setFraud((s) => ({ ...s, publishable_keys: false }));
    const off = await report(pk, { conversionRef: 'c', clickId: cid, value: 10 }, '192.0.2.201');
    assert.deepEqual([off.statusCode, off.json().detail], [403, PUBLISHABLE_KEYS_OFF]);
  });

  it('a real shop: click, then the script reports with its cid; held for review, released, approved when the hold ends', async () => {
    const { code } = await joinedCampaign();
    const pk = await apiKey('publishable');
    await setHoldDays(30);
    const cid = await clickOf(code);
    t.clock.advance(3 * 60_000);
    const res = await report(pk, {
      conversionRef: 'order-1001',
      clickId: cid,
      value: 10,
      customer: { email: 'buyer@gmail.com', id: 'cus_1' },
    });
    assert.equal(res.statusCode, 201, res.body);
    const conversionId: number = res.json().conversion.id;
    const review = await t.call<{ results: Record<string, unknown>[] }>(
      'GET',
      `brand/${w.brandId}/review/?status=held&reported_with=publishable`,
      { as: w.owner },
    );
    assert.equal(review.statusCode, 200, review.body);
    assert.deepEqual(
      review
        .json()
        .results.map((r) => [r.conversion_id, r.status, r.hold_reasons, r.reported_with]),
      [[conversionId, 'held', ['publishable_key'], 'publishable']],
    );
    // The hold job leaves it, even after the hold period.
    assert.equal(await expireHolds(db.handle.db, new Date(t.clock().getTime() + 60 * DAY)), 0);
    const release = await t.call<{ moved: number[] }>('POST', `brand/${w.brandId}/review/`, {
      as: w.owner,
      body: { action: 'release', conversion_ids: [conversionId] },
    });
    assert.deepEqual(release.json().moved, [conversionId]);
    assert.equal(await expireHolds(db.handle.db, new Date(t.clock().getTime() + 29 * DAY)), 0);
    assert.equal(await expireHolds(db.handle.db, new Date(t.clock().getTime() + 31 * DAY)), 1);
    const [reward] = await allRewards();
    assert.equal(reward.status, 'approved');
    const moves = await db.handle.db
      .select()
      .from(rewardMoves)
      .where(eq(rewardMoves.rewardId, reward.id))
      .orderBy(asc(rewardMoves.id));
    assert.deepEqual(
      moves.map((m) => [m.fromStatus, m.toStatus, m.actorId, m.reason]),
      [
        ['pending', 'held', null, 'Held for review: publishable_key'],
        [
          'held',
          'pending',
          w.owner.id,
          'Released by the brand: approved when the hold period ends',
        ],
        ['pending', 'approved', null, 'Hold period ended'],
      ],
    );
    const [stored] = await db.handle.db.select().from(conversions);
    assert.equal(stored.customerRef, 'cus_1');
    assert.match(
      stored.customerEmailHash ?? '',
      /^[0-9a-f]{64}$/,
      'the email only as a keyed hash',
    );
    assert.doesNotMatch(JSON.stringify(stored), /buyer@gmail\.com/);
  });

  it('bulk approve takes held and pending rewards in one call; reject needs a reason and records it', async () => {
    const { code } = await joinedCampaign();
    const pk = await apiKey('publishable');
    const secret = await apiKey('secret');
    const held = await report(pk, { conversionRef: 'h', clickId: await clickOf(code), value: 10 });
    const pending = await report(secret, { conversionRef: 'p', via: code, value: 10 });
    const third = await report(pk, {
      conversionRef: 'x',
      clickId: await clickOf(code, { userAgent: 'other browser' }),
      value: 10,
    });
    const ids = [held, pending].map((r) => r.json().conversion.id as number);
    const approve = await t.call<{ moved: number[] }>('POST', `brand/${w.brandId}/review/`, {
      as: w.owner,
      body: { action: 'approve', conversion_ids: ids },
    });
    assert.deepEqual(
      approve.json().moved,
      [...ids].sort((a, b) => a - b),
    );
    const reject = await t.call<{ moved: number[] }>('POST', `brand/${w.brandId}/review/`, {
      as: w.owner,
      body: {
        action: 'reject',
        conversion_ids: [third.json().conversion.id],
        reason: 'Test order',
      },
    });
    assert.deepEqual(reject.json().moved, [third.json().conversion.id]);
    assert.deepEqual(
      (await allRewards()).map((r) => r.status),
      ['approved', 'approved', 'rejected'],
    );
  });
});

// --- The rules over a generated world of honest and fraudulent events ---

interface Event {
  label: HoldReason[];
  conversionRef: string;
}

describe('fraud rules: each flags its case, nothing of the clean control set', () => {
  it('a generated world: precision and recall of every rule are 1', async () => {
    const secret = await apiKey('secret');
    const pk = await apiKey('publishable');
    const honest = [w.advocate, await actor(t, db, { roles: ['advocate'] })];
    const disposable = await actor(t, db, { roles: ['advocate'], email: 'quick@mailinator.com' });
    const companyAdvocate = await actor(t, db, {
      roles: ['advocate'],
      email: 'sam@acme-widgets.io',
    });
    const [payA, payB] = [
      await actor(t, db, { roles: ['advocate'] }),
      await actor(t, db, { roles: ['advocate'] }),
    ];
    for (const [who, email] of [
      [payA, 'Shared.Account@PayPal-User.com'],
      [payB, 'shared.account@paypal-user.com'],
      [honest[0], 'honest-one@gmail.com'],
      [honest[1], 'honest-two@gmail.com'],
    ] as const) {
      const res = await t.call('POST', 'payout-methods/', {
        as: who,
        body: { type: 'paypal', paypal_email: email },
      });
      assert.equal(res.statusCode, 201, res.body);
    }
    const product = await createProductAs(t, w.owner, w.brandId);
    const campaign = await createCampaignAs(t, w.owner, w.brandId, {
      product_ids: [product],
      commission_value: 10,
    });
    const noAds = await createCampaignAs(t, w.owner, w.brandId, {
      product_ids: [product],
      commission_value: 10,
    });
    const forbid = await t.call('PATCH', `campaign/update/${noAds}/`, {
      as: w.owner,
      body: { forbid_paid_ads: true },
    });
    assert.equal(forbid.statusCode, 200, forbid.body);
    const codes = new Map<number, { open: string; noAds: string }>();
    for (const who of [...honest, disposable, companyAdvocate, payA, payB]) {
      const open = (await joinAs(t, who, campaign)).get(product) ?? '';
      const closed = (await joinAs(t, who, noAds)).get(product) ?? '';
      codes.set(who.id, { open, noAds: closed });
    }
    const events: Event[] = [];
    let n = 0;
    let ua = 0;
    const emailOf = async (who: Actor) => emailOfUser(who.id);
    /** One conversion: a fresh visitor's click unless `cid` is given. */
    async function convert(
      who: Actor,
      label: HoldReason[],
      {
        cid,
        customer,
        query = '',
        link = 'open' as 'open' | 'noAds',
        key = secret,
        address = '203.0.113.1',
      }: {
        cid?: string;
        customer?: string;
        query?: string;
        link?: 'open' | 'noAds';
        key?: string;
        address?: string;
      } = {},
    ) {
      const code = codes.get(who.id)![link];
      const clickId = cid ?? (await clickOf(code, { userAgent: `Browser/${++ua}`, query }));
      const conversionRef = `e-${++n}`;
      const res = await report(
        key,
        {
          conversionRef,
          clickId,
          value: 10,
          ...(customer ? { customer: { email: customer } } : {}),
        },
        address,
      );
      assert.equal(res.statusCode, 201, res.body);
      events.push({ label, conversionRef });
      t.clock.advance(60_000);
      return clickId;
    }
    // Honest: strangers buying through honest advocates, on both campaigns, without ad clicks;
    // a customer on a public mail provider shared with the advocate; a paid-ad click on the
    // campaign that allows ads; one visitor buying three times in a day.
    for (let i = 0; i < 20; i++)
      await convert(honest[i % 2], [], {
        customer: `buyer${i}@gmail.com`,
        link: i % 3 ? 'open' : 'noAds',
      });
    await convert(companyAdvocate, [], { customer: 'someone@gmail.com' });
    await convert(honest[0], [], { query: '?gclid=abc123' });
    const loyal = await convert(honest[1], [], { customer: 'loyal@outlook.com' });
    await convert(honest[1], [], { cid: loyal });
    await convert(honest[1], [], { cid: loyal });
    // Fraud, one rule each.
    await convert(honest[0], ['self_referral'], { customer: await emailOf(honest[0]) });
    await convert(companyAdvocate, ['self_referral'], { customer: 'Colleague@ACME-widgets.io' });
    await convert(honest[1], ['visitor_velocity'], { cid: loyal });
    await convert(honest[1], ['visitor_velocity'], { cid: loyal });
    await convert(honest[0], ['paid_ads'], { link: 'noAds', query: '?utm_source=x&gclid=abc' });
    await convert(honest[1], ['paid_ads'], { link: 'noAds', query: '?fbclid=IwAR0' });
    await convert(honest[0], ['paid_ads'], { link: 'noAds', query: '?li_fat_id=1' });
    await convert(payA, ['duplicate_payout']);
    await convert(payB, ['duplicate_payout']);
    await convert(disposable, ['disposable_email']);
    // One address reporting with the publishable key: the 21st in an hour is held for it.
    for (let i = 0; i < 21; i++)
      await convert(
        honest[i % 2],
        i < 20 ? ['publishable_key'] : ['publishable_key', 'address_velocity'],
        {
          key: pk,
          address: '198.51.100.50',
        },
      );

    const stored = await db.handle.db
      .select({
        ref: conversions.conversionRef,
        reasons: rewards.holdReasons,
        status: rewards.status,
      })
      .from(rewards)
      .innerJoin(conversions, eq(conversions.id, rewards.conversionId));
    const actual = new Map(stored.map((r) => [r.ref, r]));
    const table: Record<
      string,
      { tp: number; fp: number; fn: number; precision: number; recall: number }
    > = {};
    for (const rule of [
      'self_referral',
      'visitor_velocity',
      'address_velocity',
      'paid_ads',
      'duplicate_payout',
      'disposable_email',
    ] as const) {
      let tp = 0;
      let fp = 0;
      let fn = 0;
      for (const event of events) {
        const flagged = actual.get(event.conversionRef)?.reasons?.includes(rule) ?? false;
        const fraud = event.label.includes(rule);
        if (flagged && fraud) tp++;
        else if (flagged) fp++;
        else if (fraud) fn++;
      }
      table[rule] = { tp, fp, fn, precision: tp / (tp + fp), recall: tp / (tp + fn) };
    }
    process.stdout.write(`# rules over ${events.length} events:\n`);
    for (const [rule, r] of Object.entries(table))
      process.stdout.write(
        `#   ${rule}: precision ${r.precision} recall ${r.recall} (tp ${r.tp} fp ${r.fp} fn ${r.fn})\n`,
      );
    for (const [rule, r] of Object.entries(table))
      assert.deepEqual([rule, r.precision, r.recall], [rule, 1, 1]);
    // Clean events are pending (on the hold clock), every flagged one held.
    for (const event of events) {
      const row = actual.get(event.conversionRef)!;
      assert.equal(row.status, event.label.length > 0 ? 'held' : 'pending', event.conversionRef);
    }
    // The review list shows the reasons; the payout fingerprint is never shown.
    const review = await t.call('GET', `brand/${w.brandId}/review/?status=held&per_page=100`, {
      as: w.owner,
    });
    assert.match(review.body, /"hold_reasons":\["duplicate_payout"\]/);
    assert.doesNotMatch(review.body, /shared\.account|fingerprint/i);
  });

  it('a rule the brand turned off holds nothing', async () => {
    const secret = await apiKey('secret');
    const { code } = await joinedCampaign();
    await setFraud((s) => ({ ...s, rules: { ...s.rules, self_referral: false } }));
    const email = await emailOfUser(w.advocate.id);
    const res = await report(secret, {
      conversionRef: 's',
      via: code,
      value: 10,
      customer: { email },
    });
    assert.equal(res.statusCode, 201);
    assert.deepEqual(
      (await allRewards()).map((r) => [r.status, r.holdReasons]),
      [['pending', null]],
    );
  });
});

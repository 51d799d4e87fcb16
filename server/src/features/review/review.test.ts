// The brand's review one commission at a time: its timeline, rejected ones kept with their reason
// and reopened while unpaid, what waits (the dashboard's count), and the browser reports refused
// at the door.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import type {
  RefusedReportListReply,
  ReopenReply,
  ReviewDetail,
  ReviewListReply,
  ReviewSummary,
} from 'contract';
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
import { refundConversion } from '../ledger/index.js';
import { announcementsOf } from '../notifications/compose.js';

let db: TestDatabase;
let t: TestApp;
let w: BrandWorld;
withBrandWorld((world) => ({ db, t, w } = world));

async function apiKey(who: Actor, brandId: number, kind: 'secret' | 'publishable') {
  const res = await callApi(t, 'POST', `brand/${brandId}/api-keys/`, who, { kind });
  assert.equal(res.statusCode, 201, res.body);
  return res.json<{ secret: string }>().secret;
}

/** A 6.00 flat-reward campaign on a 10.00 product, joined by the advocate, and its two reporters. */
async function setUp() {
  const product = await createProductAs(t, w.owner, w.brandId, { price: 10 });
  const campaign = await createCampaignAs(t, w.owner, w.brandId, {
    product_ids: [product],
    commission_type: 'flat',
    commission_value: 6,
  });
  const code = (await joinAs(t, w.advocate, campaign)).get(product) ?? assert.fail('no link');
  const secret = await apiKey(w.owner, w.brandId, 'secret');
  const publishable = await apiKey(w.owner, w.brandId, 'publishable');
  const send = (key: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/sdk-log-conversion/',
      headers: { authorization: `Bearer ${key}` },
      payload,
    });
  const click = async () => {
    const visit = await t.app.inject({
      method: 'GET',
      url: `/r/${code}`,
      headers: { 'user-agent': 'Chrome' },
    });
    return new URL(String(visit.headers.location)).searchParams.get('cid') ?? assert.fail();
  };
  /** A browser report of a real click: held for review. */
  const browserSale = async (ref: string, extra: object = {}) =>
    send(publishable, { conversionRef: ref, clickId: await click(), value: 10, ...extra });
  const serverSale = async (ref: string) => {
    const res = await send(secret, { conversionRef: ref, via: code, value: 100 });
    assert.equal(res.statusCode, 201, res.body);
    return res.json<{ conversion: { id: number } }>().conversion;
  };
  return { campaign, browserSale, serverSale };
}

const usernameOf = async (who: Actor) =>
  (
    await rowsOf<{ username: string }>(
      db.handle.db,
      sql`select username from users where id = ${who.id}::integer`,
    )
  )[0].username;

const get = async <T>(who: Actor, url: string) => {
  const res = await callApi(t, 'GET', url, who);
  assert.equal(res.statusCode, 200, res.body);
  return res.json<T>();
};

describe('one commission at a time', () => {
  it('shows its timeline, keeps a rejection with its reason, and reopens it while unpaid', async () => {
    const { browserSale } = await setUp();
    const sale = await browserSale('order-1');
    assert.equal(sale.statusCode, 201, sale.body);
    const id = sale.json<{ conversion: { id: number } }>().conversion.id;

    const detail = await get<ReviewDetail>(w.owner, `brand/${w.brandId}/review/${id}/`);
    assert.equal(detail.status, 'held');
    assert.deepEqual(detail.hold_reasons, ['publishable_key']);
    const kinds = detail.timeline.map((e) => e.kind);
    assert.ok(kinds.includes('conversion'), kinds.join());
    const rule = detail.timeline.find((e) => e.kind === 'fraud_rule');
    assert.equal(rule?.title, 'publishable_key');
    assert.match(rule?.detail ?? '', /publishable key/);
    assert.ok(kinds.includes('hold'), kinds.join());

    const reject = await callApi(t, 'POST', `brand/${w.brandId}/review/`, w.owner, {
      action: 'reject',
      conversion_ids: [id],
      reason: 'Order cancelled by the shop',
    });
    assert.equal(reject.statusCode, 200, reject.body);

    // Gone from what waits, kept under "rejected" with its reason.
    const waiting = await get<ReviewListReply>(w.owner, `brand/${w.brandId}/review/`);
    assert.equal(waiting.meta.total, 0);
    const rejected = await get<ReviewListReply>(
      w.owner,
      `brand/${w.brandId}/review/?status=rejected`,
    );
    assert.deepEqual(
      rejected.results.map((r) => [r.conversion_id, r.status, r.rejection_reason]),
      [[id, 'rejected', 'Order cancelled by the shop']],
    );
    const afterReject = await get<ReviewDetail>(w.owner, `brand/${w.brandId}/review/${id}/`);
    assert.equal(afterReject.reopenable, true);
    const decision = afterReject.timeline.filter((e) => e.kind === 'decision').at(-1);
    assert.equal(decision?.title, 'Rejected');
    assert.equal(decision?.detail, 'Order cancelled by the shop');
    const owner = await usernameOf(w.owner);
    assert.equal(decision?.actor, owner);

    // Strangers see nothing of it, and may not reopen it.
    const stranger = await callApi(t, 'GET', `brand/${w.brandId}/review/${id}/`, w.other);
    assert.equal(stranger.statusCode, 404);
    const otherBrand = await callApi(t, 'GET', `brand/${w.otherBrandId}/review/${id}/`, w.other);
    assert.equal(otherBrand.statusCode, 404, 'another brand cannot name it through its own');
    const strangerReopen = await callApi(
      t,
      'POST',
      `brand/${w.brandId}/review/${id}/reopen/`,
      w.other,
      {},
    );
    assert.equal(strangerReopen.statusCode, 404);
    const advocateReopen = await callApi(
      t,
      'POST',
      `brand/${w.brandId}/review/${id}/reopen/`,
      w.advocate,
      {},
    );
    assert.equal(advocateReopen.statusCode, 404);

    const reopen = await callApi(t, 'POST', `brand/${w.brandId}/review/${id}/reopen/`, w.owner, {
      reason: 'The shop found the order',
    });
    assert.equal(reopen.statusCode, 200, reopen.body);
    const reopened = reopen.json<ReopenReply>().conversion;
    assert.equal(reopened.status, 'held');
    assert.equal(reopened.conversion_status, 'pending');
    assert.equal(reopened.timeline.at(-1)?.title, 'Reopened for review');
    assert.equal(reopened.timeline.at(-1)?.actor, owner);
    const again = await get<ReviewListReply>(w.owner, `brand/${w.brandId}/review/?status=held`);
    assert.deepEqual(
      again.results.map((r) => r.conversion_id),
      [id],
    );

    // Audited and announced.
    const audit = await rowsOf<{ action: string; after: { reason: string } }>(
      db.handle.db,
      sql`select action, after from audit_log where target_kind = 'review' order by id`,
    );
    assert.deepEqual(
      audit.map((a) => a.action),
      ['review.rejected', 'review.reopened'],
    );
    assert.equal(audit[1].after.reason, 'The shop found the order');
    const events = await rowsOf<{ type: string }>(
      db.handle.db,
      sql`select type from events where type like 'commission.%'`,
    );
    // Both carry the test clock's one instant and event ids are random, so the order is the
    // audit log's (above); here each is announced once.
    assert.deepEqual(
      events.map((e) => e.type).sort(),
      ['commission.rejected', 'commission.reopened'],
    );

    // Only a rejected one: reopening it again changes nothing.
    const twice = await callApi(t, 'POST', `brand/${w.brandId}/review/${id}/reopen/`, w.owner, {});
    assert.equal(twice.statusCode, 409, twice.body);
  });

  it('counts what waits for review, for the dashboard and the sidebar', async () => {
    const { browserSale, serverSale } = await setUp();
    assert.equal((await browserSale('b-1')).statusCode, 201);
    assert.equal((await browserSale('b-2')).statusCode, 201);
    await serverSale('s-1');
    const summary = await get<ReviewSummary>(w.owner, `brand/${w.brandId}/review/summary/`);
    assert.equal(summary.held, 2);
    assert.equal(summary.pending, 1);
    const other = await get<ReviewSummary>(w.other, `brand/${w.otherBrandId}/review/summary/`);
    assert.equal(other.held, 0, "another brand's count is its own");
    const stranger = await callApi(t, 'GET', `brand/${w.brandId}/review/summary/`, w.other);
    assert.equal(stranger.statusCode, 404);
  });

  it('shows a partly refunded sale net of its refunds, with the refunded part, in the list and the detail', async () => {
    const { serverSale } = await setUp();
    const { id } = await serverSale('part-1'); // 100.00, a flat reward of 6.00
    const refund = await refundConversion(db.handle.db, {
      brandId: w.brandId,
      conversionRef: 'part-1',
      actorId: null,
      reason: 'A quarter refunded',
      now: t.clock(),
      refunded: { amount: 25n, of: 100n },
    });
    assert.equal(refund.found, true);
    const figures = (r: ReviewListReply['results'][number]) => [
      r.value,
      r.refunded_value,
      r.reward_amount,
      r.refunded_reward,
    ];
    const list = await get<ReviewListReply>(w.owner, `brand/${w.brandId}/review/`);
    const row = list.results.find((r) => r.conversion_id === id) ?? assert.fail('not listed');
    assert.deepEqual(figures(row), [75, 25, 4.5, 1.5]);
    const detail = await get<ReviewDetail>(w.owner, `brand/${w.brandId}/review/${id}/`);
    assert.deepEqual(figures(detail), [75, 25, 4.5, 1.5]);
    // An untouched sale has nothing refunded.
    const { id: whole } = await serverSale('whole-1');
    const untouched = await get<ReviewDetail>(w.owner, `brand/${w.brandId}/review/${whole}/`);
    assert.deepEqual(figures(untouched), [100, 0, 6, 0]);
  });

  it("the brand's New conversion notification says when it is held", () => {
    const data = (status: string) => ({
      brand_id: 1,
      advocate: { id: 2, username: 'ada' },
      campaign: { id: 3, title: 'Launch' },
      conversion: {
        id: 4,
        reference: 'o-1',
        event_type: 'purchase',
        value: 10,
        currency: 'USD',
        status: 'pending',
        reported_with: 'publishable',
        created_at: '2030-01-01T00:00:00.000Z',
      },
      reward: { amount: 6, currency: 'USD', status },
      reason: null,
    });
    const ownerNote = (status: string) =>
      announcementsOf('conversion.created', data(status)).find((a) => a.to === 'owner')?.body;
    assert.match(ownerNote('held') ?? '', /held for your review/);
    assert.doesNotMatch(ownerNote('pending') ?? '', /held/);
  });
});

describe('browser reports refused at the door', () => {
  it('keeps each refused report and shows the brand a count of the week', async () => {
    const { browserSale } = await setUp();
    // Two bags at one bag's price × 1.
    const refused = await browserSale('too-big', { value: 20, quantity: 1 });
    assert.equal(refused.statusCode, 400, refused.body);
    assert.match(refused.body, /price × quantity/);
    const allowed = await browserSale('two-bags', { value: 20, quantity: 2 });
    assert.equal(allowed.statusCode, 201, allowed.body);

    const list = await get<RefusedReportListReply>(w.owner, `brand/${w.brandId}/review/refused/`);
    assert.equal(list.meta.total, 1);
    const [report] = list.results;
    assert.equal(report.conversion_ref, 'too-big');
    assert.equal(report.reason, 'over_price_cap');
    assert.equal(report.value, 20);
    assert.equal(report.currency, 'USD');
    assert.equal(report.quantity, 1);
    assert.equal(report.advocate_id, w.advocate.id);
    assert.equal(report.advocate, await usernameOf(w.advocate));

    const summary = await get<ReviewSummary>(w.owner, `brand/${w.brandId}/review/summary/`);
    assert.deepEqual(summary.refused_this_week, {
      total: 1,
      by_reason: [{ reason: 'over_price_cap', count: 1 }],
    });
    const others = await get<RefusedReportListReply>(
      w.other,
      `brand/${w.otherBrandId}/review/refused/`,
    );
    assert.equal(others.meta.total, 0, "not another brand's");
    const stranger = await callApi(t, 'GET', `brand/${w.brandId}/review/refused/`, w.other);
    assert.equal(stranger.statusCode, 404);
  });
});

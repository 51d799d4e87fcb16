// The notifications drawer's API: the active role's notifications, newest first and paged, the
// unread count, Filter by kind, and Mark As Read.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ErrorReply, MarkReadReply, NotificationsReply, UnreadCountReply } from 'contract';
import { NOTIFICATION_KINDS_BY_ROLE } from 'contract/rules';
import { callApi, type BrandWorld, type TestApp, withBrandWorld } from '../../test/helpers.js';
import { campaignWithAdvocate, runPipeline } from '../events/test-support.js';

let t: TestApp;
let w: BrandWorld;
withBrandWorld((world) => ({ t, w } = world));

const list = async (query = '', who = w.advocate) => {
  const res = await callApi(t, 'GET', `notifications/${query}`, who);
  assert.equal(res.statusCode, 200, res.body);
  return res.json<NotificationsReply>();
};

describe('notifications/', () => {
  it('lists the active role’s, newest first, paged; filter by kind; mark all read', async () => {
    const { report } = await campaignWithAdvocate(t, w.owner, w.brandId, w.advocate);
    const first = await report('n-1');
    t.clock.advance(1_000);
    await report('n-2');
    t.clock.advance(1_000);
    await callApi(t, 'POST', `brand/${w.brandId}/review/`, w.owner, {
      action: 'approve',
      conversion_ids: [first.id],
    });
    assert.deepEqual((await list()).results, [], 'nothing before the dispatcher ran');
    await runPipeline(t);

    const all = await list();
    assert.deepEqual(
      all.results.map((n) => [n.kind, n.title, n.read]),
      [
        ['commission', 'Commission approved', false],
        ['conversion', 'New conversion', false],
        ['conversion', 'New conversion', false],
      ],
    );
    assert.deepEqual([all.unread, all.meta], [3, { total: 3, page: 1, pages: 1 }]);
    const paged = await list('?per_page=2&page=2');
    assert.deepEqual([paged.results.length, paged.meta], [1, { total: 3, page: 2, pages: 2 }]);
    const commissions = await list('?kind=commission');
    assert.deepEqual(
      commissions.results.map((n) => n.title),
      ['Commission approved'],
    );
    assert.equal(
      (await callApi(t, 'GET', 'notifications/unread-count/', w.advocate)).json<UnreadCountReply>()
        .unread,
      3,
    );

    const someRead = await callApi(t, 'POST', 'notifications/mark-read/', w.advocate, {
      kind: 'commission',
    });
    assert.deepEqual(someRead.json<MarkReadReply>(), { marked: 1, unread: 2 });
    assert.deepEqual(
      (await list('?unread=true')).results.map((n) => n.kind),
      ['conversion', 'conversion'],
    );
    const allRead = await callApi(t, 'POST', 'notifications/mark-read/', w.advocate, {});
    assert.deepEqual(allRead.json<MarkReadReply>(), { marked: 2, unread: 0 });
    assert.deepEqual(
      (await list()).results.map((n) => n.read),
      [true, true, true],
    );

    // The owner's drawer (brand role) has their own: two new conversions and a join.
    const owner = await list('', w.owner);
    assert.deepEqual(owner.results.map((n) => n.kind).sort(), [
      'advocate',
      'conversion',
      'conversion',
    ]);
    // Each role is sent only the kinds its drawer's Filter offers (contract/rules).
    for (const n of owner.results)
      assert.ok(NOTIFICATION_KINDS_BY_ROLE.brand_owner.some((k) => k === n.kind), n.kind);
    for (const n of all.results)
      assert.ok(NOTIFICATION_KINDS_BY_ROLE.advocate.some((k) => k === n.kind), n.kind);
    // Another user sees none of them.
    assert.deepEqual((await list('', w.other)).results, []);
  });

  it('marks one read by id, and never another inbox’s', async () => {
    const { report } = await campaignWithAdvocate(t, w.owner, w.brandId, w.advocate);
    await report('one-1');
    await report('one-2');
    await runPipeline(t);
    const [newest, older] = (await list()).results;
    const ownerOnes = (await list('', w.owner)).results.map((n) => n.id);

    const one = await callApi(t, 'POST', 'notifications/mark-read/', w.advocate, {
      ids: [newest.id, ...ownerOnes],
    });
    assert.equal(one.statusCode, 200, one.body);
    assert.deepEqual(one.json<MarkReadReply>(), { marked: 1, unread: 1 });
    assert.deepEqual(
      (await list()).results.map((n) => [n.id, n.read]),
      [
        [newest.id, true],
        [older.id, false],
      ],
    );
    // The owner's (named by the advocate above) are still unread.
    assert.ok((await list('', w.owner)).results.every((n) => !n.read));
    const none = await callApi(t, 'POST', 'notifications/mark-read/', w.advocate, { ids: [] });
    assert.equal(none.statusCode, 400);
  });

  it('400 naming the filter; 401 without a session', async () => {
    const bad = await callApi(t, 'GET', 'notifications/?kind=gossip', w.advocate);
    assert.equal(bad.statusCode, 400);
    assert.ok(bad.json<ErrorReply>().errors?.kind, bad.body);
    assert.equal((await callApi(t, 'GET', 'notifications/', undefined)).statusCode, 401);
    assert.equal(
      (await callApi(t, 'GET', 'notifications/unread-count/', undefined)).statusCode,
      401,
    );
  });
});

// The audit log: each audited change leaves exactly one entry (with who, what and the rule and
// money fields before and after), written in the change's transaction; entries cannot be changed.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import type { AuditEntry, AuditLogReply, ErrorReply } from 'contract';
import {
  createCampaignAs,
  createProductAs,
  joinAs,
  withBrandWorld,
  type Actor,
  type BrandWorld,
  type TestApp,
  type TestDatabase,
} from '../../test/helpers.js';
import { rowsOf } from '../../lib/sql.js';
import { hashAddress } from './record.js';

let db: TestDatabase;
let t: TestApp;
let w: BrandWorld;
withBrandWorld((world) => ({ db, t, w } = world));

const audit = async (query = '', as: Actor = w.owner) => {
  const res = await t.call<AuditLogReply>('GET', `brand/${w.brandId}/audit-log/${query}`, { as });
  assert.equal(res.statusCode, 200, res.body);
  return res.json();
};

/** The entries of `action`, oldest first. */
const entriesOf = async (action: string): Promise<AuditEntry[]> =>
  (await audit(`?action=${action}&per_page=500`)).results.reverse();

/** A flat-6 campaign joined by the advocate, and one conversion reported with a secret key. */
async function conversion() {
  const product = await createProductAs(t, w.owner, w.brandId);
  const campaign = await createCampaignAs(t, w.owner, w.brandId, {
    product_ids: [product],
    commission_type: 'flat',
    commission_value: 6,
  });
  const code = (await joinAs(t, w.advocate, campaign)).get(product) ?? assert.fail('no link');
  const key = await t.call<{ secret: string }>('POST', `brand/${w.brandId}/api-keys/`, {
    as: w.owner,
    body: { kind: 'secret' },
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/sdk-log-conversion/',
    headers: { authorization: `Bearer ${key.json().secret}` },
    payload: { conversionRef: 'order-1', via: code, value: 100 },
  });
  assert.equal(res.statusCode, 201, res.body);
  lastSecret = key.json().secret;
  return res.json<{ conversion: { id: number } }>().conversion.id;
}

/** The secret key conversion() reported with. */
let lastSecret = '';

describe('audited money changes', () => {
  it('creating a brand records who created it', async () => {
    const [entry] = await entriesOf('brand');
    assert.equal(entry.action, 'brand.created');
    assert.equal(entry.actor.id, w.owner.id);
    assert.deepEqual(entry.target, { kind: 'brand', id: String(w.brandId), label: 'Owner Brand' });
    assert.equal(entry.after?.brand_name, 'Owner Brand');
  });

  it('a review decision: one entry per conversion, status and amount before and after', async () => {
    const id = await conversion();
    const res = await t.call('POST', `brand/${w.brandId}/review/`, {
      as: w.owner,
      body: { action: 'approve', conversion_ids: [id] },
    });
    assert.equal(res.statusCode, 200);
    // Approving again moves nothing and records nothing.
    await t.call('POST', `brand/${w.brandId}/review/`, {
      as: w.owner,
      body: { action: 'approve', conversion_ids: [id] },
    });
    const entries = await entriesOf('review');
    assert.equal(entries.length, 1);
    const [entry] = entries;
    assert.equal(entry.action, 'review.approved');
    assert.deepEqual(entry.actor, { kind: 'user', id: w.owner.id, name: entry.actor.name });
    assert.deepEqual(entry.target, { kind: 'review', id: String(id), label: 'order-1' });
    assert.deepEqual(entry.before, { status: 'pending', amount: 6, currency: 'USD' });
    assert.deepEqual(entry.after, {
      status: 'approved',
      amount: 6,
      currency: 'USD',
      reason: 'Approved by the brand',
    });
  });

  it('payout settings: one entry with the fields that changed; saving the same values adds none', async () => {
    const put = (body: object) =>
      t.call('PUT', `brand/${w.brandId}/payout-settings/`, { as: w.owner, body });
    assert.equal((await put({ hold_days: 14, payout_minimum: 50 })).statusCode, 200);
    assert.equal((await put({ hold_days: 14, payout_minimum: 50 })).statusCode, 200);
    const entries = await entriesOf('payout_settings');
    assert.equal(entries.length, 1);
    assert.equal(entries[0].action, 'payout_settings.updated');
    const before = entries[0].before ?? {};
    assert.deepEqual(entries[0].after, {
      ...Object.fromEntries(Object.keys(before).map((k) => [k, null])),
      hold_days: 14,
      payout_minimum: 50,
    });
  });

  it('API keys: creation and revocation, once each; the address is stored hashed', async () => {
    const created = await t.call<{ key: { id: number; prefix: string } }>(
      'POST',
      `brand/${w.brandId}/api-keys/`,
      { as: w.owner, body: { kind: 'publishable' } },
    );
    const { id, prefix } = created.json().key;
    await t.call('DELETE', `brand/${w.brandId}/api-keys/${id}/`, { as: w.owner });
    await t.call('DELETE', `brand/${w.brandId}/api-keys/${id}/`, { as: w.owner });
    const entries = await entriesOf('api_key');
    assert.deepEqual(
      entries.map((e) => [e.action, e.target.label]),
      [
        ['api_key.created', prefix],
        ['api_key.revoked', prefix],
      ],
    );
    const [row] = await rowsOf<{ ip_hash: string }>(
      db.handle.db,
      sql`select ip_hash from audit_log where action = 'api_key.created'`,
    );
    assert.equal(row.ip_hash, hashAddress(t.app.deps.config.jwtSecret, '127.0.0.1'));
  });
});

describe('audited catalog and developer changes', () => {
  it('campaigns: created, updated, a reward rule change, deleted; one entry each', async () => {
    const product = await createProductAs(t, w.owner, w.brandId);
    const id = await createCampaignAs(t, w.owner, w.brandId, {
      title: 'Launch',
      product_ids: [product],
      commission_type: 'flat',
      commission_value: 5,
    });
    const patch = (body: object) =>
      t.call('PATCH', `campaign/update/${id}/`, { as: w.owner, body });
    assert.equal((await patch({ title: 'Relaunch' })).statusCode, 200);
    assert.equal((await patch({ commission_value: 7 })).statusCode, 200);
    assert.equal((await patch({ commission_value: 7 })).statusCode, 200, 'no change: no entry');
    assert.equal(
      (await t.call('DELETE', `campaign/delete/${id}/`, { as: w.owner })).statusCode,
      200,
    );
    const campaign = (await entriesOf('campaign')).map((e) => [e.action, e.before, e.after]);
    assert.equal(campaign.length, 3);
    assert.equal(campaign[0][0], 'campaign.created');
    assert.deepEqual(campaign[1], ['campaign.updated', { title: 'Launch' }, { title: 'Relaunch' }]);
    assert.equal(campaign[2][0], 'campaign.deleted');
    assert.deepEqual(
      (await entriesOf('reward_rule')).map((e) => [e.action, e.before, e.after]),
      [['reward_rule.updated', { commission_value: 5 }, { commission_value: 7 }]],
    );
  });

  it('products: created, price changed, deleted', async () => {
    const id = await createProductAs(t, w.owner, w.brandId, { price: 10 });
    const update = await t.call('PUT', `product/${id}/update/`, {
      as: w.owner,
      body: { name: 'Sneaker', price: 12.5, currency: 'USD', status: 'active' },
    });
    assert.equal(update.statusCode, 200, update.body);
    await t.call('DELETE', `product/${id}/delete/`, { as: w.owner });
    assert.deepEqual(
      (await entriesOf('product')).map((e) => [
        e.action,
        e.before?.price ?? null,
        e.after?.price ?? null,
      ]),
      [
        ['product.created', null, 10],
        ['product.updated', 10, 12.5],
        ['product.deleted', 12.5, null],
      ],
    );
  });

  it('payouts: created with the amount, then sent with the status it moved from', async () => {
    const id = await conversion();
    await t.call('POST', `brand/${w.brandId}/review/`, {
      as: w.owner,
      body: { action: 'approve', conversion_ids: [id] },
    });
    await t.call('PUT', `brand/${w.brandId}/payout-settings/`, {
      as: w.owner,
      body: { hold_days: 0, payout_minimum: 1 },
    });
    const method = await t.call('POST', 'payout-methods/', {
      as: w.advocate,
      body: { type: 'paypal', paypal_email: 'adv@pay.example' },
    });
    assert.equal(method.statusCode, 201, method.body);
    const created = await t.call<{ payouts: { id: number }[] }>(
      'POST',
      `brand/${w.brandId}/payouts/`,
      { as: w.owner },
    );
    assert.equal(created.statusCode, 201, created.body);
    const [payout] = created.json().payouts;
    await t.call('POST', `payout/${payout.id}/sent/`, { as: w.owner });
    const entries = await entriesOf('payout');
    assert.deepEqual(
      entries.map((e) => [e.action, e.before, e.after?.status, e.after?.amount]),
      [
        ['payout.created', null, 'pending', 6],
        ['payout.sent', { status: 'pending' }, 'ongoing', 6],
      ],
    );
  });

  it('a refund reported with an API key names the key; the reward before and after', async () => {
    await conversion();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/refunds/',
      headers: { authorization: `Bearer ${lastSecret}` },
      payload: { conversionRef: 'order-1' },
    });
    assert.equal(res.statusCode, 200, res.body);
    const [entry] = await entriesOf('refund');
    assert.equal(entry.action, 'refund.recorded');
    assert.equal(entry.actor.kind, 'api_key');
    assert.equal(entry.actor.name, `API key ${lastSecret.slice(0, 12)}…`);
    assert.deepEqual(entry.before, { reward_status: 'pending', reward: 6, currency: 'USD' });
    assert.deepEqual(entry.after, {
      reward_status: 'rejected',
      reward: 0,
      currency: 'USD',
      clawback: null,
    });
  });

  it('webhooks: created and deleted, never with the secret', async () => {
    const created = await t.call<{ webhook: { id: number } }>(
      'POST',
      `brand/${w.brandId}/webhooks/`,
      { as: w.owner, body: { url: 'https://hooks.example.com/in', events: ['payout.created'] } },
    );
    assert.equal(created.statusCode, 201, created.body);
    await t.call('DELETE', `brand/${w.brandId}/webhooks/${created.json().webhook.id}/`, {
      as: w.owner,
    });
    const entries = await entriesOf('webhook');
    assert.deepEqual(
      entries.map((e) => e.action),
      ['webhook.created', 'webhook.deleted'],
    );
    assert.equal(JSON.stringify(entries).includes('whsec_'), false);
  });
});

describe('the audit log is append-only and atomic', () => {
  it('no statement can change or delete an entry', async () => {
    await t.call('PUT', `brand/${w.brandId}/payout-settings/`, {
      as: w.owner,
      body: { hold_days: 3, payout_minimum: 10 },
    });
    await assert.rejects(db.handle.db.execute(sql`update audit_log set actor_name = 'someone'`));
    await assert.rejects(db.handle.db.execute(sql`delete from audit_log`));
    assert.equal((await audit('?action=payout_settings')).results.length, 1);
  });

  it('a change that rolls back leaves no entry, and an entry that cannot be written stops the change', async () => {
    // A trigger standing in for a failure late in the transaction, after the entry was written.
    await db.handle.db.execute(sql`
      create function fail_late() returns trigger language plpgsql as $$
      begin raise exception 'late failure'; end; $$`);
    await db.handle.db.execute(sql`
      create trigger fail_late after insert on audit_log
        for each row when (new.action = 'payout_settings.updated') execute function fail_late()`);
    try {
      const res = await t.call('PUT', `brand/${w.brandId}/payout-settings/`, {
        as: w.owner,
        body: { hold_days: 9, payout_minimum: 25 },
      });
      assert.equal(res.statusCode, 500);
      assert.deepEqual((await audit('?action=payout_settings')).results, []);
      const settings = await t.call<{ hold_days: number }>(
        'GET',
        `brand/${w.brandId}/payout-settings/`,
        { as: w.owner },
      );
      assert.notEqual(settings.json().hold_days, 9, 'the change rolled back with its entry');
    } finally {
      await db.handle.db.execute(sql`drop trigger fail_late on audit_log`);
      await db.handle.db.execute(sql`drop function fail_late()`);
    }
  });
});

describe('GET brand/{brandId}/audit-log/', () => {
  it('filters by member, action or kind and period, newest first, paged', async () => {
    const put = (hold: number) =>
      t.call('PUT', `brand/${w.brandId}/payout-settings/`, {
        as: w.owner,
        body: { hold_days: hold, payout_minimum: 10 },
      });
    await put(1);
    t.clock.advance(60_000);
    const middle = t.clock().toISOString();
    await put(2);
    t.clock.advance(60_000);
    await t.call('POST', `brand/${w.brandId}/api-keys/`, { as: w.owner, body: { kind: 'secret' } });

    const all = await audit();
    assert.deepEqual(
      all.results.map((e) => e.action),
      ['api_key.created', 'payout_settings.updated', 'payout_settings.updated', 'brand.created'],
    );
    assert.equal(all.meta.total, 4);
    assert.deepEqual(
      (await audit('?action=payout_settings.updated')).results.map((e) => e.after?.hold_days),
      [2, 1],
    );
    assert.equal((await audit(`?since=${middle}`)).results.length, 2);
    assert.equal((await audit(`?until=${middle}`)).results.length, 2);
    assert.equal((await audit(`?actor_id=${w.owner.id}`)).results.length, 4);
    assert.equal((await audit(`?actor_id=${w.advocate.id}`)).results.length, 0);
    const page2 = await audit('?per_page=2&page=2');
    assert.deepEqual(
      page2.results.map((e) => e.action),
      ['payout_settings.updated', 'brand.created'],
    );
    assert.equal(page2.meta.pages, 2);
    const bad = await t.call<ErrorReply>(
      'GET',
      `brand/${w.brandId}/audit-log/?since=2030-01-02T00:00:00Z&until=2030-01-01T00:00:00Z`,
      { as: w.owner },
    );
    assert.equal(bad.statusCode, 400);
    assert.ok(bad.json().errors?.until);
  });

  it("is the brand's: other brands' owners get 404", async () => {
    const res = await t.call('GET', `brand/${w.brandId}/audit-log/`, { as: w.other });
    assert.equal(res.statusCode, 404);
  });
});

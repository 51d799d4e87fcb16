// The routes that read "all of the caller's brands" go through the one access rule: a brand that
// requires two-factor shows nothing of itself to a member without it, and a member who removed
// their own Brand Owner role sees nothing any more (issue 33, item 3).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import type { PaymentsReply } from 'contract';
import {
  actor,
  callApi,
  createCampaignAs,
  joinAs,
  type Actor,
  type BrandWorld,
  type TestApp,
  type TestDatabase,
  withBrandWorld,
} from '../../test/helpers.js';

let db: TestDatabase;
let t: TestApp;
let w: BrandWorld;
withBrandWorld((world) => ({ db, t, w } = world));

/** A sale of 120.00 USD by w.advocate on the owner's brand, through the real conversion route. */
async function sale(): Promise<void> {
  const campaign = await createCampaignAs(t, w.owner, w.brandId, { title: 'Spring' });
  const [code] = [...(await joinAs(t, w.advocate, campaign)).values()];
  const key = await callApi(t, 'POST', `brand/${w.brandId}/api-keys/`, w.owner, { kind: 'secret' });
  assert.equal(key.statusCode, 201, key.body);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/sdk-log-conversion/',
    headers: { authorization: `Bearer ${key.json().secret}` },
    payload: { conversionRef: 'order-1', via: code, value: 120, currency: 'USD', rewardAmount: 12 },
  });
  assert.equal(res.statusCode, 201, res.body);
}

/** A member of the owner's brand with `role` (and the Brand Owner role that brand screens need). */
async function member(role: 'analyst' | 'owner'): Promise<Actor> {
  const who = await actor(t, db, { roles: ['brand_owner'] });
  await db.handle.db.execute(
    sql`insert into brand_members (brand_id, user_id, role, joined_at) values (${w.brandId}, ${who.id}, ${role}, now())`,
  );
  return who;
}

/** What each "all my brands" route shows `who` of the owner's brand: sales, figures, advocates. */
async function seen(who: Actor) {
  const get = async (url: string) => {
    const res = await callApi(t, 'GET', url, who);
    return { status: res.statusCode, body: res.json() };
  };
  const payments = await get('payments/?summary=1');
  const stats = await get('brand/stats/');
  const advocates = await get('brands/advocates/');
  const conversions = await get(`advocates/conversions/?advocate_id=${w.advocate.id}`);
  const performance = await get(`advocates/performance/?advocate_id=${w.advocate.id}`);
  return {
    payments:
      payments.status === 200 ? (payments.body as PaymentsReply).results.length : payments.status,
    brandIds: stats.status === 200 ? stats.body.data.meta.brand_ids : stats.status,
    advocates: advocates.status === 200 ? advocates.body.data.length : advocates.status,
    conversions: conversions.status,
    performance: performance.status,
  };
}

describe('routes reading all of a caller’s brands', () => {
  it('show a brand requiring two-factor to none of its members without it', async () => {
    await sale();
    const analyst = await member('analyst');
    const before = await seen(analyst);
    assert.equal(before.payments, 1, 'an analyst reads the brand’s sales');
    assert.equal(before.advocates, 1);
    assert.equal(before.conversions, 200);
    assert.equal(before.performance, 200);

    await db.handle.db.execute(
      sql`update brands set require_two_factor = true where id = ${w.brandId}`,
    );
    assert.equal((await callApi(t, 'GET', `brand/${w.brandId}/`, analyst)).statusCode, 403);
    const after = await seen(analyst);
    assert.equal(after.payments, 0, 'payments/ lists none of its sales');
    assert.deepEqual(after.brandIds, []);
    assert.equal(after.advocates, 0, 'brands/advocates/ lists none of its advocates');
    assert.equal(after.conversions, 404, 'nor the advocate’s sales on it');
    assert.equal(after.performance, 404);
    // The owner (the brand's creator has no two-factor either: the brand was switched in the
    // database) is held to the same rule; the other brand's owner never saw any of it.
    assert.equal((await seen(w.other)).payments, 0);
  });

  it('show nothing to a member who removed their own Brand Owner role', async () => {
    await sale();
    const owner = await member('owner');
    assert.equal((await seen(owner)).payments, 1);
    const removed = await callApi(t, 'POST', 'role/remove/', owner, {
      user_id: owner.id,
      role: 'brand_owner',
    });
    assert.equal(removed.statusCode, 200, removed.body);
    const after = await seen(owner);
    assert.equal(after.payments, 0);
    assert.deepEqual(after.brandIds, []);
    assert.equal(after.advocates, 0);
    assert.equal(after.conversions, 404);
    assert.equal(after.performance, 404);
  });
});

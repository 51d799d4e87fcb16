// GET advocates/campaign-standing/: what Available Campaigns shows of each campaign for the caller.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import type { CampaignStandingReply } from 'contract';
import {
  actor,
  createCampaignAs,
  joinAs,
  withBrandWorld,
  type Actor,
  type BrandWorld,
  type TestApp,
  type TestDatabase,
} from '../../test/helpers.js';

let db: TestDatabase;
let t: TestApp;
let w: BrandWorld;
withBrandWorld((world) => ({ db, t, w } = world));

const standing = async (who: Actor) => {
  const res = await t.call<CampaignStandingReply>('GET', 'advocates/campaign-standing/', { as: who });
  assert.equal(res.statusCode, 200, res.body);
  return new Map(res.json().data.map((s) => [s.campaign_id, s]));
};

describe('advocates/campaign-standing/', () => {
  it('says which campaigns the caller joined, whether the brand banned them, and the best group rate', async () => {
    const mine = await createCampaignAs(t, w.owner, w.brandId, { commission_value: 10 });
    const flat = await createCampaignAs(t, w.owner, w.brandId, {
      commission_type: 'flat',
      commission_value: 5,
    });
    const elsewhere = await createCampaignAs(t, w.other, w.otherBrandId, { commission_value: 12 });
    await joinAs(t, w.advocate, mine);
    // A group of the brand paying 30%: "up to 30%" on its percentage campaign only.
    await db.handle.db.execute(sql`
      insert into advocate_groups (brand_id, name, is_default, commission_type, commission_value, created_at, updated_at)
      values (${w.brandId}, 'Gold', false, 'percentage', 30, now(), now())`);

    let seen = await standing(w.advocate);
    assert.deepEqual(seen.get(mine), {
      campaign_id: mine,
      joined: true,
      application: null,
      banned: false,
      top_rate: 30,
    });
    assert.equal(seen.get(flat)?.top_rate, null, 'a flat campaign is not "up to" a percentage');
    assert.deepEqual(seen.get(elsewhere), {
      campaign_id: elsewhere,
      joined: false,
      application: null,
      banned: false,
      top_rate: null,
    });
    // Another advocate sees their own standing, not this one's.
    const stranger = await actor(t, db, { roles: ['advocate'] });
    assert.equal((await standing(stranger)).get(mine)?.joined, false);

    const ban = await t.call('POST', `brand/${w.brandId}/advocates/${w.advocate.id}/ban/`, {
      as: w.owner,
      body: { reason: 'Fake orders', pending: 'keep' },
    });
    assert.equal(ban.statusCode, 200, ban.body);
    seen = await standing(w.advocate);
    assert.equal(seen.get(mine)?.joined, false);
    assert.equal(seen.get(mine)?.banned, true);
    assert.equal(seen.get(elsewhere)?.banned, false);
    assert.equal((await t.call('GET', 'advocates/campaign-standing/')).statusCode, 401);
  });
});

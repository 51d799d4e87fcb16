// "The brand owner" of a notification is every member with the owner role (issue 28): a second
// owner gets the owner's notifications too, while admin, finance and analyst members do not.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import type { NotificationsReply } from 'contract';
import {
  callApi,
  type Actor,
  type BrandWorld,
  type TestApp,
  type TestDatabase,
  withBrandWorld,
} from '../../test/helpers.js';
import {
  campaignWithAdvocate,
  requireTwoFactor,
  runPipeline,
  turnOnTwoFactor,
} from './test-support.js';

let db: TestDatabase;
let t: TestApp;
let w: BrandWorld;
withBrandWorld((world) => ({ db, t, w } = world));

const kinds = async (who: Actor) => {
  const res = await callApi(t, 'GET', 'notifications/', who);
  assert.equal(res.statusCode, 200, res.body);
  return res
    .json<NotificationsReply>()
    .results.map((n) => n.kind)
    .sort();
};

// Membership is written directly: invitations have their own tests (teams.test.ts).
const addMember = (who: Actor, role: string) =>
  db.handle.db.execute(sql`insert into brand_members (brand_id, user_id, role, joined_at)
    values (${w.brandId}, ${who.id}, ${role}, now())`);

describe('owner notifications', () => {
  it('go to every owner of the brand, and to no member of another role', async () => {
    await addMember(w.other, 'owner');
    const { report } = await campaignWithAdvocate(t, w.owner, w.brandId, w.advocate);
    await report('o-1');
    await runPipeline(t);
    assert.deepEqual(await kinds(w.owner), ['advocate', 'conversion']);
    assert.deepEqual(await kinds(w.other), ['advocate', 'conversion']);
  });

  it('an admin member receives none of them', async () => {
    await addMember(w.other, 'admin');
    const { report } = await campaignWithAdvocate(t, w.owner, w.brandId, w.advocate);
    await report('o-2');
    await runPipeline(t);
    assert.deepEqual(await kinds(w.owner), ['advocate', 'conversion']);
    assert.deepEqual(await kinds(w.other), []);
  });

  it('an owner without the two-factor sign-in the brand requires gets none until they turn it on', async () => {
    await addMember(w.other, 'owner');
    await turnOnTwoFactor(t, w.owner);
    await requireTwoFactor(t, w.owner, w.brandId);
    const { report } = await campaignWithAdvocate(t, w.owner, w.brandId, w.advocate);
    await report('o-3');
    await runPipeline(t);
    assert.deepEqual(await kinds(w.owner), ['advocate', 'conversion']);
    // The brand's routes refuse them (403), so its news does not reach them either.
    assert.equal((await callApi(t, 'GET', `brand/${w.brandId}/`, w.other)).statusCode, 403);
    assert.deepEqual(await kinds(w.other), []);
    await turnOnTwoFactor(t, w.other);
    await report('o-4');
    await runPipeline(t);
    assert.deepEqual(await kinds(w.other), ['conversion']);
  });
});

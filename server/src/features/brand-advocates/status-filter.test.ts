// The advocates list's status filter: active and inactive are the advocate's account; running,
// draft and completed keep who joined a campaign in that state.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  actor,
  callApi,
  createCampaignAs,
  joinAs,
  type BrandWorld,
  type TestApp,
  type TestDatabase,
  withBrandWorld,
} from '../../test/helpers.js';

let db: TestDatabase;
let t: TestApp;
let w: BrandWorld;
withBrandWorld((world) => ({ db, t, w } = world));

describe('GET brands/advocates/?status=', () => {
  it('filters accounts by active/inactive and memberships by running, draft and completed', async () => {
    const running = await createCampaignAs(t, w.owner, w.brandId, { title: 'Running' });
    const finished = await createCampaignAs(t, w.owner, w.brandId, { title: 'Finished' });
    const other = await actor(t, db, { roles: ['advocate'] });
    await joinAs(t, w.advocate, running);
    await joinAs(t, other, finished);
    const done = await callApi(t, 'PATCH', `campaign/update/${finished}/`, w.owner, {
      status: 'completed',
    });
    assert.equal(done.statusCode, 200);

    const ids = async (status: string) => {
      const res = await callApi(t, 'GET', `brands/advocates/?status=${status}`, w.owner);
      assert.equal(res.statusCode, 200, `${status}: ${res.body}`);
      return (res.json().data as Array<{ advocate: { id: number } }>)
        .map((r) => r.advocate.id)
        .sort((a, b) => a - b);
    };
    assert.deepEqual(await ids('running'), [w.advocate.id]);
    assert.deepEqual(await ids('completed'), [other.id]);
    assert.deepEqual(await ids('draft'), []);
    assert.deepEqual(
      await ids('active'),
      [w.advocate.id, other.id].sort((a, b) => a - b),
    );
    assert.deepEqual(await ids('inactive'), []);
    const bad = await callApi(t, 'GET', 'brands/advocates/?status=archived', w.owner);
    assert.equal(bad.statusCode, 400);
  });
});

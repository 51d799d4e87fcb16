// The advocates list: its status filter (active and inactive are the advocate's account;
// running, draft and completed keep who joined a campaign in that state) and how an advocate
// appears to brands.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  actor,
  callApi,
  createCampaignAs,
  joinAs,
  multipartPayload,
  SAMPLE_FILES,
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

describe('GET brands/advocates/: how brands see an advocate', () => {
  it('by the name and picture of their profile, once they set them', async () => {
    const campaign = await createCampaignAs(t, w.owner, w.brandId, { title: 'Spring' });
    await joinAs(t, w.advocate, campaign);
    const seen = async () => {
      const res = await callApi(t, 'GET', 'brands/advocates/', w.owner);
      assert.equal(res.statusCode, 200, res.body);
      const [record] = res.json().data as Array<{ name: string; picture_url: string | null }>;
      return record!;
    };
    const before = await seen();
    assert.equal(before.picture_url, null);

    const form = await multipartPayload(
      { full_name: 'Grace Hopper' },
      { picture: { content: SAMPLE_FILES.png, filename: 'me.png', type: 'image/png' } },
    );
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/advocate/profile/',
      payload: form.payload,
      headers: { ...w.advocate.auth, ...form.headers },
    });
    assert.equal(saved.statusCode, 200, saved.body);

    const after = await seen();
    assert.equal(after.name, 'Grace Hopper');
    assert.match(String(after.picture_url), /^\/api\/v1\/files\/[A-Za-z0-9_-]+\.png\?exp=/);
    const picture = await t.app.inject({ method: 'GET', url: String(after.picture_url) });
    assert.equal(picture.statusCode, 200, 'the brand owner can open it');
  });
});

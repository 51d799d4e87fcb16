// A brand belongs to its owner, but managing it takes the Brand Owner role: whoever removes that
// role from themselves keeps the brand's records and loses access to them until they hold it again.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import {
  actor,
  buildTestApp,
  callApi,
  createBrandAs,
  createProductAs,
  openTestDatabase,
  type TestApp,
  type TestDatabase,
} from '../../test/helpers.js';

let db: TestDatabase;
let t: TestApp;

before(async () => {
  db = await openTestDatabase();
});
after(async () => {
  await db.dispose();
});
beforeEach(async () => {
  await db.truncate();
  t = await buildTestApp(db);
});

describe('removing one’s own Brand Owner role', () => {
  it('ends access to the brands, their products and campaigns', async () => {
    const owner = await actor(t, db);
    const brandId = await createBrandAs(t, owner);
    const productId = await createProductAs(t, owner, brandId);
    assert.equal((await callApi(t, 'GET', `brand/${brandId}/`, owner)).statusCode, 200);

    const removed = await callApi(t, 'POST', 'role/remove/', owner, {
      user_id: owner.id,
      role: 'brand_owner',
    });
    assert.equal(removed.statusCode, 200);

    assert.equal((await callApi(t, 'GET', `brand/${brandId}/`, owner)).statusCode, 404);
    assert.equal((await callApi(t, 'GET', `product/${productId}/`, owner)).statusCode, 404);
    assert.equal((await callApi(t, 'GET', `brand/${brandId}/products/`, owner)).statusCode, 404);
    const campaign = await callApi(t, 'POST', 'campaign/create/', owner, {
      brand: brandId,
      title: 'After removal',
    });
    assert.equal(campaign.statusCode, 404);
    const list = await callApi(t, 'GET', 'brand/list/', owner);
    assert.deepEqual(list.json().brands, []);
    assert.deepEqual((await callApi(t, 'GET', 'user/me/', owner)).json().data.brand_ids, []);
  });
});

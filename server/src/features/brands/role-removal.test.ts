// A brand belongs to its owner, but managing it takes the Brand Owner role: whoever removes that
// role from themselves keeps the brand's records and loses access to them until they hold it again.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BrandListReply, MeReply } from 'contract';
import {
  actor,
  createBrandAs,
  createProductAs,
  type TestApp,
  type TestDatabase,
  withTestApp,
} from '../../test/helpers.js';

let db: TestDatabase;
let t: TestApp;

withTestApp((world) => ({ db, t } = world));

describe('removing one’s own Brand Owner role', () => {
  it('ends access to the brands, their products and campaigns', async () => {
    const owner = await actor(t, db);
    const brandId = await createBrandAs(t, owner);
    const productId = await createProductAs(t, owner, brandId);
    assert.equal((await t.call('GET', `brand/${brandId}/`, { as: owner })).statusCode, 200);

    const removed = await t.call('POST', 'role/remove/', {
      as: owner,
      body: {
        user_id: owner.id,
        role: 'brand_owner',
      },
    });
    assert.equal(removed.statusCode, 200);

    assert.equal((await t.call('GET', `brand/${brandId}/`, { as: owner })).statusCode, 404);
    assert.equal((await t.call('GET', `product/${productId}/`, { as: owner })).statusCode, 404);
    assert.equal(
      (await t.call('GET', `brand/${brandId}/products/`, { as: owner })).statusCode,
      404,
    );
    const campaign = await t.call('POST', 'campaign/create/', {
      as: owner,
      body: {
        brand: brandId,
        title: 'After removal',
      },
    });
    assert.equal(campaign.statusCode, 404);
    const list = await t.call<BrandListReply>('GET', 'brand/list/', { as: owner });
    assert.deepEqual(list.json().brands, []);
    assert.deepEqual(
      (await t.call<MeReply>('GET', 'user/me/', { as: owner })).json().data.brand_ids,
      [],
    );
  });
});

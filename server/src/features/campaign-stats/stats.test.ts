import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  actor,
  createCampaignAs,
  createProductAs,
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

describe('GET campaign/{id}/stats/', () => {
  it('joins, clicks, distinct visitors, conversions, products and advocates', async () => {
    const product = await createProductAs(t, w.owner, w.brandId, {
      name: 'Shoe',
      product_url: 'https://shop.example/shoe',
    });
    const campaign = await createCampaignAs(t, w.owner, w.brandId, {
      title: 'Spring',
      product_ids: [product],
    });
    const code = (await joinAs(t, w.advocate, campaign)).get(product) ?? assert.fail('no link');
    const keyReply = await t.app.inject({
      method: 'POST',
      url: `/api/v1/brand/${w.brandId}/api-keys/`,
      headers: w.owner.auth,
      payload: { kind: 'secret' },
    });
    const secret: string = keyReply.json().secret;
    t.clock.advance(1000);
    const second = await actor(t, db, { roles: ['advocate'] });
    await joinAs(t, second, campaign);
    const click = (ip: string, ua = 'Mozilla/5.0 Chrome/124') =>
      t.app.inject({
        method: 'GET',
        url: `/r/${code}`,
        headers: { 'user-agent': ua },
        remoteAddress: ip,
      });
    await click('10.0.0.1');
    await click('10.0.0.1'); // same visitor within the hour
    await click('10.0.0.2');
    t.clock.advance(2 * 60 * 60 * 1000);
    await click('10.0.0.1'); // counted again, same visitor
    const conversion = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sdk-log-conversion/',
      headers: { authorization: `Bearer ${secret}` },
      payload: { conversionRef: 'o1', via: code, value: 5 },
    });
    assert.equal(conversion.statusCode, 201, conversion.body);

    // A fresh staff session: the clock moved past the first tokens' lifetime.
    const staffRes = await t.app.inject({
      method: 'GET',
      url: `/api/v1/campaign/${campaign}/stats/`,
      headers: (await actor(t, db, { isStaff: true })).auth,
    });
    assert.equal(staffRes.statusCode, 200, staffRes.body);
    const users = await Promise.all(
      [w.advocate.id, second.id].map(
        async (id) =>
          (await t.app.deps.db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, id) })) ??
          assert.fail('no user'),
      ),
    );
    const { publicId } =
      (await t.app.deps.db.query.campaigns.findFirst({
        where: (c, { eq }) => eq(c.id, campaign),
      })) ?? assert.fail('no campaign');
    assert.deepEqual(staffRes.json(), {
      joins: 2,
      clicks: 3,
      visitors: 2,
      conversions: 1,
      campaign: { id: campaign, campaign_id: publicId, title: 'Spring' },
      products: [{ id: product, name: 'Shoe', product_url: 'https://shop.example/shoe' }],
      advocates: [
        {
          id: users[0].id,
          username: users[0].username,
          full_name: users[0].username,
          picture_url: null,
          email: users[0].email,
          joined_at: '2030-01-01T12:00:00.000Z',
        },
        {
          id: users[1].id,
          username: users[1].username,
          full_name: users[1].username,
          picture_url: null,
          email: users[1].email,
          joined_at: '2030-01-01T12:00:01.000Z',
        },
      ],
    });
  });

  it('owner and staff only: 404 for other users, 401 anonymous', async () => {
    const campaign = await createCampaignAs(t, w.owner, w.brandId);
    assert.equal(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/campaign/${campaign}/stats/`,
          headers: w.owner.auth,
        })
      ).statusCode,
      200,
    );
    for (const who of [w.other, w.advocate]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/campaign/${campaign}/stats/`,
        headers: who.auth,
      });
      assert.deepEqual([res.statusCode, res.json()], [404, { detail: 'Campaign not found' }]);
    }
    assert.equal(
      (await t.app.inject({ method: 'GET', url: `/api/v1/campaign/${campaign}/stats/` }))
        .statusCode,
      401,
    );
  });

  it("shows each advocate by their profile's name and picture", async () => {
    const campaign = await createCampaignAs(t, w.owner, w.brandId);
    await joinAs(t, w.advocate, campaign);
    const form = await multipartPayload(
      { full_name: 'Ada Obi' },
      { picture: { content: SAMPLE_FILES.jpeg, filename: 'ada.jpg' } },
    );
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/advocate/profile/',
      headers: { ...w.advocate.auth, ...form.headers },
      payload: form.payload,
    });
    assert.equal(saved.statusCode, 200, saved.body);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/campaign/${campaign}/stats/`,
      headers: w.owner.auth,
    });
    const [advocate] = res.json().advocates;
    assert.equal(advocate.full_name, 'Ada Obi');
    assert.equal(advocate.picture_url, saved.json().picture_url);
    const picture = await t.app.inject({ method: 'GET', url: advocate.picture_url });
    assert.equal(picture.headers['content-type'], 'image/jpeg');
  });
});

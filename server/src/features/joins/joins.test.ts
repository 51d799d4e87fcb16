import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { campaignJoins, campaigns, shareLinks } from '../../db/schema.js';
import type { ErrorReply, JoinReply } from 'contract';
import {
  actor,
  createCampaignAs,
  createProductAs,
  type Actor,
  type BrandWorld,
  type TestApp,
  type TestDatabase,
  withBrandWorld,
} from '../../test/helpers.js';

let db: TestDatabase;
let t: TestApp;
let w: BrandWorld;

withBrandWorld((world) => ({ db, t, w } = world), { publicUrl: 'https://market.example/' });

const join = <Reply = JoinReply>(who: Actor | undefined, payload: unknown) =>
  t.call<Reply>('POST', 'join-campaign/', { body: payload as object, as: who });

describe('POST join-campaign/', () => {
  it('one unguessable link per product; joining again returns the same links with 200', async () => {
    const p1 = await createProductAs(t, w.owner, w.brandId, { name: 'one' });
    const p2 = await createProductAs(t, w.owner, w.brandId, { name: 'two' });
    const campaign = await createCampaignAs(t, w.owner, w.brandId, { product_ids: [p2, p1] });
    const first = await join(w.advocate, { id: campaign, source: 'advocate-ui' });
    assert.equal(first.statusCode, 201, first.body);
    const body = first.json();
    assert.equal(body.status, 'Joined campaign');
    assert.equal(body.share_link, undefined, 'two products: no single share_link');
    assert.deepEqual(
      body.share_links.map((l) => l.product_id),
      [p1, p2],
    );
    for (const link of body.share_links)
      assert.match(link.url, /^https:\/\/market\.example\/r\/[A-Za-z0-9_-]{16}$/);
    assert.notEqual(body.share_links[0].url, body.share_links[1].url);

    t.clock.advance(60_000);
    const again = await join(w.advocate, { campaign_id: String(campaign) });
    assert.equal(again.statusCode, 200);
    assert.deepEqual(again.json(), { ...body, status: 'Already joined' });
    const joins = await db.handle.db.select().from(campaignJoins);
    assert.deepEqual(
      joins.map((j) => [j.advocateId, j.campaignId, j.source, j.joinedAt.toISOString()]),
      [[w.advocate.id, campaign, 'advocate-ui', '2030-01-01T12:00:00.000Z']],
    );
    assert.equal((await db.handle.db.select().from(shareLinks)).length, 2);
  });

  it('builds links on PUBLIC_URL whatever Host header the request names', async () => {
    const campaign = await createCampaignAs(t, w.owner, w.brandId);
    const res = await t.call<JoinReply>('POST', 'join-campaign/', {
      body: { id: campaign },
      headers: { ...w.advocate.auth, host: 'attacker.example', 'x-forwarded-host': 'evil.example' },
    });
    assert.equal(res.statusCode, 201);
    assert.match(res.json().share_link ?? '', /^https:\/\/market\.example\/r\//);
  });

  it('a campaign without products gets one link (product_id null) and share_link', async () => {
    const campaign = await createCampaignAs(t, w.owner, w.brandId, {
      product_url: 'https://shop.example/all',
    });
    const res = await join(w.advocate, { id: campaign, source: 'x' });
    assert.equal(res.statusCode, 201);
    const body = res.json();
    assert.equal(body.share_links.length, 1);
    assert.equal(body.share_links[0].product_id, null);
    assert.equal(body.share_link, body.share_links[0].url);
    assert.deepEqual(
      (await join(w.advocate, { id: campaign })).json().share_links,
      body.share_links,
    );
  });

  it('different advocates get different links; concurrent joins create one set', async () => {
    const campaign = await createCampaignAs(t, w.owner, w.brandId);
    const second = await actor(t, db, { roles: ['advocate'] });
    const replies = await Promise.all(
      Array.from({ length: 5 }, () => join(second, { id: campaign })),
    );
    assert.deepEqual(replies.map((r) => r.statusCode).sort(), [200, 200, 200, 200, 201]);
    assert.equal(new Set(replies.map((r) => r.json().share_link)).size, 1);
    const mine = (await join(w.advocate, { id: campaign })).json().share_link;
    assert.notEqual(mine, replies[0].json().share_link);
  });

  it('errors: 401, 403 without the Advocate role, 400 validation and inactive, 404', async () => {
    const campaign = await createCampaignAs(t, w.owner, w.brandId);
    assert.equal((await join(undefined, { id: campaign })).statusCode, 401);

    const forbidden = await join(w.owner, { id: campaign });
    assert.equal(forbidden.statusCode, 403);
    assert.deepEqual(forbidden.json(), {
      detail: "Forbidden. You don't have permission to join this campaign.",
    });

    const bad = await join<ErrorReply>(w.advocate, { id: 'abc', source: 'x' });
    assert.equal(bad.statusCode, 400);
    assert.match(bad.json().detail, /^id: /);
    const missing = await join<ErrorReply>(w.advocate, { source: 'x' });
    assert.equal(missing.statusCode, 400);
    assert.equal(missing.json().detail, 'Campaign id is required');

    const inactive = await createCampaignAs(t, w.owner, w.brandId, { status: 'inactive' });
    assert.deepEqual((await join(w.advocate, { id: inactive })).json(), {
      detail: 'Campaign is not active',
    });

    const ended = await createCampaignAs(t, w.owner, w.brandId, { duration: 1 });
    // Moved into the past rather than advancing the clock (which would expire the access tokens).
    await db.handle.db
      .update(campaigns)
      .set({ createdAt: new Date('2029-12-31T11:59:00Z') })
      .where(eq(campaigns.id, ended));
    const endedReply = await join(w.advocate, { id: ended });
    assert.equal(endedReply.statusCode, 400);
    assert.deepEqual(endedReply.json(), { detail: 'Campaign has ended' });

    const notFound = await join(w.advocate, { id: 99999 });
    assert.equal(notFound.statusCode, 404);
    assert.deepEqual(notFound.json(), { detail: 'Campaign not found' });
    await t.call('DELETE', `campaign/delete/${campaign}/`, { as: w.owner });
    assert.equal((await join(w.advocate, { id: campaign })).statusCode, 404);
  });

  it('advocate_id other than self needs staff, and an advocate', async () => {
    const campaign = await createCampaignAs(t, w.owner, w.brandId);
    const other = await actor(t, db, { roles: ['advocate'] });
    assert.equal(
      (await join(w.advocate, { campaign_id: campaign, advocate_id: other.id })).statusCode,
      403,
    );
    const onBehalf = await join(w.staff, { campaign_id: campaign, advocate_id: other.id });
    assert.equal(onBehalf.statusCode, 201);
    const notAdvocate = await join<ErrorReply>(w.staff, {
      campaign_id: campaign,
      advocate_id: w.owner.id,
    });
    assert.equal(notAdvocate.statusCode, 400);
    assert.deepEqual(notAdvocate.json().errors, { advocate_id: ['is not an advocate'] });
  });
});

describe('GET campaign/{id}/share-links/', () => {
  const myLinks = (who: Actor | undefined, campaign: number) =>
    t.call('GET', `campaign/${campaign}/share-links/`, { as: who });

  it('the links the join made, without joining; nothing before the join', async () => {
    const p1 = await createProductAs(t, w.owner, w.brandId, { name: 'one' });
    const p2 = await createProductAs(t, w.owner, w.brandId, { name: 'two' });
    const campaign = await createCampaignAs(t, w.owner, w.brandId, { product_ids: [p1, p2] });

    const before = await myLinks(w.advocate, campaign);
    assert.equal(before.statusCode, 200, before.body);
    assert.deepEqual(before.json(), { joined: false, application: null, share_links: [] });
    assert.equal((await db.handle.db.select().from(campaignJoins)).length, 0);

    const joined = (await join(w.advocate, { id: campaign, source: 'advocate-ui' })).json();
    const after = await myLinks(w.advocate, campaign);
    assert.deepEqual(after.json(), {
      joined: true,
      application: null,
      share_links: joined.share_links,
    });
    // Another advocate sees only that they have not joined, never these links.
    const other = await actor(t, db, { roles: ['advocate'] });
    assert.deepEqual((await myLinks(other, campaign)).json(), {
      joined: false,
      application: null,
      share_links: [],
    });
  });

  it('a campaign without products: its single link as share_link; 401 and 404', async () => {
    const campaign = await createCampaignAs(t, w.owner, w.brandId);
    const joined = (await join(w.advocate, { id: campaign })).json();
    assert.deepEqual((await myLinks(w.advocate, campaign)).json(), {
      joined: true,
      application: null,
      share_links: joined.share_links,
      share_link: joined.share_link,
    });
    assert.equal((await myLinks(undefined, campaign)).statusCode, 401);
    const missing = await myLinks(w.advocate, 99999);
    assert.equal(missing.statusCode, 404);
    assert.deepEqual(missing.json(), { detail: 'Campaign not found' });
  });
});

import assert from 'node:assert/strict';
import { CLICK_ID_REQUIRED } from './attribution.js';
import { describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { campaigns, conversions, rewards } from '../../db/schema.js';
import {
  actor,
  createCampaignAs,
  createProductAs,
  joinAs,
  type Actor,
  type BrandWorld,
  type TestApp,
  type TestDatabase,
  withBrandWorld,
} from '../../test/helpers.js';
import { findConversionByRef, insertConversion, type NewConversion } from './repository.js';

let db: TestDatabase;
let t: TestApp;
let w: BrandWorld;
withBrandWorld((world) => ({ db, t, w } = world));

async function apiKey(
  who: Actor,
  brandId: number,
  kind: 'secret' | 'publishable',
): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/brand/${brandId}/api-keys/`,
    headers: who.auth,
    payload: { kind },
  });
  assert.equal(res.statusCode, 201, res.body);
  return res.json().secret;
}

const report = (
  credential: string | undefined,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/sdk-log-conversion/',
    headers: {
      ...(credential ? { authorization: `Bearer ${credential}` } : {}),
      'x-sdk-version': '1.0.1',
      ...headers,
    },
    payload,
  });

/** A campaign of the owner's brand with one product, joined by the advocate; returns ids and the share code. */
async function joined(fields: Record<string, unknown> = {}) {
  const product = await createProductAs(t, w.owner, w.brandId);
  const campaign = await createCampaignAs(t, w.owner, w.brandId, {
    product_ids: [product],
    commission_type: 'percentage',
    commission_value: 10,
    ...fields,
  });
  const code = (await joinAs(t, w.advocate, campaign)).get(product) ?? assert.fail('no link');
  return { product, campaign, code };
}

const ledger = () => db.handle.db.select().from(rewards).orderBy(rewards.id);

/** A visit to the share link: the click id (`cid`) it hands the merchant's page. */
async function clickOf(code: string, userAgent = 'Mozilla/5.0 Chrome/124'): Promise<string> {
  const visit = await t.app.inject({
    method: 'GET',
    url: `/r/${code}`,
    headers: { 'user-agent': userAgent },
  });
  return new URL(String(visit.headers.location)).searchParams.get('cid') ?? assert.fail('no cid');
}

describe('POST sdk-log-conversion/', () => {
  it('secret key + via: 201, reward from the percentage rule, pending (the hold period), ledger entry', async () => {
    const { product, campaign, code } = await joined();
    const secret = await apiKey(w.owner, w.brandId, 'secret');
    const res = await report(secret, {
      conversionRef: 'order-1',
      via: code,
      value: 49.99,
      currency: 'eur',
      eventType: 'purchase',
    });
    assert.equal(res.statusCode, 201, res.body);
    const body = res.json();
    assert.deepEqual(body, {
      status: 'success',
      duplicate: false,
      conversion: {
        id: body.conversion.id,
        conversion_ref: 'order-1',
        campaign_id: campaign,
        advocate_id: w.advocate.id,
        product_id: product,
        event_type: 'purchase',
        value: 49.99,
        currency: 'EUR',
        reward_amount: 5, // 10% of 49.99 = 4.999 → 5.00 (half up, to the cent)
        status: 'pending',
        created_at: '2030-01-01T12:00:00.000Z',
      },
    });
    const [entry] = await ledger();
    assert.deepEqual(
      [entry.advocateId, entry.amount, entry.currency, entry.status, entry.conversionId],
      [w.advocate.id, 5, 'EUR', 'pending', body.conversion.id],
    );
  });

  it('a flat rule pays the flat amount; the click id attributes (even before the click is written)', async () => {
    const { code } = await joined({ commission_type: 'flat', commission_value: 7.5 });
    const click = await t.app.inject({
      method: 'GET',
      url: `/r/${code}`,
      headers: { 'user-agent': 'Mozilla/5.0 Chrome/124' },
    });
    const cid = new URL(String(click.headers.location)).searchParams.get('cid') ?? '';
    assert.equal(t.app.deps.clicks.pending, 1);
    const res = await report(await apiKey(w.owner, w.brandId, 'secret'), {
      conversionRef: 'o-1',
      clickId: cid,
      value: 1000,
    });
    assert.equal(res.json().conversion.reward_amount, 7.5);
    const [row] = await db.handle.db.select().from(conversions);
    assert.equal(row.clickId, cid);
    assert.ok(row.linkId);
  });

  it('rewardAmount is honoured from a secret key and the owner, ignored from a publishable key (held)', async () => {
    const { campaign, code } = await joined();
    const secret = await report(await apiKey(w.owner, w.brandId, 'secret'), {
      conversionRef: 'a',
      via: code,
      value: 100,
      rewardAmount: 12.34,
    });
    assert.equal(secret.json().conversion.reward_amount, 12.34);
    const owner = await report(w.owner.auth.authorization.slice(7), {
      conversionRef: 'b',
      affiliateId: w.advocate.id,
      campaignId: campaign,
      value: 100,
      rewardAmount: 3,
    });
    assert.equal(owner.statusCode, 201, owner.body);
    assert.equal(owner.json().conversion.reward_amount, 3);
    assert.equal(owner.json().conversion.status, 'pending', 'every reward starts pending');
    const publishable = await report(await apiKey(w.owner, w.brandId, 'publishable'), {
      conversionRef: 'c',
      clickId: await clickOf(code),
      value: 100,
      quantity: 10,
      rewardAmount: 99,
    });
    assert.equal(publishable.statusCode, 201, publishable.body);
    assert.equal(publishable.json().conversion.reward_amount, 10, 'the rule, not the client');
    assert.equal(publishable.json().conversion.status, 'pending');
    assert.deepEqual(
      (await ledger()).map((r) => [r.amount, r.status, r.holdReasons]),
      [
        [12.34, 'pending', null],
        [3, 'pending', null],
        [10, 'held', ['publishable_key']],
      ],
    );
  });

  it('idempotent under 20 concurrent identical requests: one row, every reply agrees', async () => {
    const { code } = await joined();
    const secret = await apiKey(w.owner, w.brandId, 'secret');
    const replies = await Promise.all(
      Array.from({ length: 20 }, () =>
        report(secret, { conversionRef: 'same', via: code, value: 10 }),
      ),
    );
    assert.deepEqual(replies.map((r) => r.statusCode).sort(), [
      ...Array<number>(19).fill(200),
      201,
    ]);
    const bodies = replies.map((r) => r.json());
    assert.equal(bodies.filter((b) => b.duplicate).length, 19);
    assert.equal(new Set(bodies.map((b) => JSON.stringify(b.conversion))).size, 1);
    assert.equal((await db.handle.db.select().from(conversions)).length, 1);
    assert.equal((await ledger()).length, 1);
    // The same ref from the browser later: still the original.
    const later = await report(await apiKey(w.owner, w.brandId, 'publishable'), {
      conversionRef: 'same',
      clickId: await clickOf(code),
      value: 10,
    });
    assert.equal(later.statusCode, 200);
    assert.equal(later.json().conversion.value, 10);
  });

  it('budget_limit caps the rewards, also under concurrent conversions', async () => {
    const { code } = await joined({
      commission_type: 'flat',
      commission_value: 10,
      budget_limit: 55,
    });
    const secret = await apiKey(w.owner, w.brandId, 'secret');
    const replies = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        report(secret, { conversionRef: `r${i}`, via: code, value: 1 }),
      ),
    );
    assert.ok(replies.every((r) => r.statusCode === 201));
    const amounts = replies
      .map((r) => r.json().conversion.reward_amount as number)
      .sort((a, b) => b - a);
    assert.deepEqual(amounts, [10, 10, 10, 10, 10, 5, 0, 0]);
    const total = (await ledger()).reduce((sum, r) => sum + r.amount, 0);
    assert.equal(total, 55);
    const [row] = await db.handle.db.select({ total: campaigns.rewardsTotal }).from(campaigns);
    assert.equal(row.total, 55);
  });

  it('a duplicate consumes no budget, also when 10 arrive at once', async () => {
    const { code } = await joined({
      commission_type: 'flat',
      commission_value: 10,
      budget_limit: 100,
    });
    const secret = await apiKey(w.owner, w.brandId, 'secret');
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => report(secret, { conversionRef: 'dup', via: code })),
    );
    assert.deepEqual(replies.map((r) => r.statusCode).sort(), [...Array<number>(9).fill(200), 201]);
    assert.ok(replies.every((r) => r.json().conversion.reward_amount === 10));
    const total = async () =>
      (await db.handle.db.select({ total: campaigns.rewardsTotal }).from(campaigns))[0].total;
    assert.equal(await total(), 10);
    assert.equal((await ledger()).length, 1);
    const next = await report(secret, { conversionRef: 'next', via: code });
    assert.equal(next.json().conversion.reward_amount, 10);
    assert.equal(await total(), 20);
  });

  it('a budget set after the route read the campaign: the write sees it and grants from it', async () => {
    const { campaign } = await joined({ commission_type: 'flat', commission_value: 10 });
    const set = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/campaign/update/${campaign}/`,
      headers: w.owner.auth,
      payload: { budget_limit: 4 },
    });
    assert.equal(set.statusCode, 200);
    // As the route calls it when its read still showed no budget (capped: false).
    const conversion: NewConversion = {
      brandId: w.brandId,
      campaignId: campaign,
      advocateId: w.advocate.id,
      productId: null,
      linkId: null,
      clickId: null,
      conversionRef: 'late-budget',
      eventType: 'purchase',
      value: 12.5,
      currency: 'USD',
      reportedWith: 'secret',
      sessionId: 's-1',
      createdAt: new Date('2030-01-01T12:00:00.123Z'),
    };
    const row = await insertConversion(db.handle.db, conversion, 10_000n, false);
    assert.equal(row?.rewardAmount, 4);
    // The statement's row maps exactly as drizzle reads the table.
    assert.deepEqual(row, await findConversionByRef(db.handle.db, w.brandId, 'late-budget'));
    assert.equal(await insertConversion(db.handle.db, conversion, 10_000n, false), undefined);
    // Nothing to grant (an ended campaign): recorded with 0, the budget untouched.
    const zero = await insertConversion(
      db.handle.db,
      { ...conversion, conversionRef: 'zero', reportedWith: 'publishable' },
      0n,
      true,
    );
    assert.equal(zero?.rewardAmount, 0);
    const [after] = await db.handle.db.select({ total: campaigns.rewardsTotal }).from(campaigns);
    assert.equal(after.total, 4);
    assert.deepEqual(
      (await ledger()).map((r) => [r.amount, r.status]),
      [
        [4, 'pending'],
        [0, 'pending'],
      ],
    );
  });

  it('a budget set later counts the rewards already granted', async () => {
    const { campaign, code } = await joined({ commission_type: 'flat', commission_value: 10 });
    const secret = await apiKey(w.owner, w.brandId, 'secret');
    await Promise.all(
      ['a', 'b', 'c'].map((ref) => report(secret, { conversionRef: ref, via: code })),
    );
    const set = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/campaign/update/${campaign}/`,
      headers: w.owner.auth,
      payload: { budget_limit: 35 },
    });
    assert.equal(set.statusCode, 200);
    assert.equal(
      (await report(secret, { conversionRef: 'd', via: code })).json().conversion.reward_amount,
      5,
    );
    assert.equal(
      (await report(secret, { conversionRef: 'e', via: code })).json().conversion.reward_amount,
      0,
    );
  });

  it('an ended or inactive campaign records the conversion but pays nothing', async () => {
    const { campaign, code } = await joined({
      commission_type: 'flat',
      commission_value: 10,
      duration: 3,
    });
    const secret = await apiKey(w.owner, w.brandId, 'secret');
    await db.handle.db
      .update(campaigns)
      .set({ createdAt: new Date('2029-12-01T00:00:00Z') })
      .where(eq(campaigns.id, campaign));
    const ended = await report(secret, { conversionRef: 'late', via: code, rewardAmount: 50 });
    assert.equal(ended.statusCode, 201);
    assert.equal(ended.json().conversion.reward_amount, 0);
  });

  it('attribution by affiliateId + campaignId needs a joined advocate; unknown attribution is a 400', async () => {
    const { campaign } = await joined();
    const secret = await apiKey(w.owner, w.brandId, 'secret');
    const byHeader = await report(
      secret,
      { conversionRef: 'h', affiliateId: String(w.advocate.id), value: 20 },
      { 'x-campaign-id': String(campaign) },
    );
    assert.equal(byHeader.statusCode, 201, byHeader.body);
    assert.equal(byHeader.json().conversion.reward_amount, 2);
    const notJoined = await report(secret, {
      conversionRef: 'n',
      affiliateId: w.owner.id,
      campaignId: campaign,
    });
    assert.equal(notJoined.statusCode, 400);
    assert.match(notJoined.json().detail, /has not joined/);
    const unknown = await report(secret, { conversionRef: 'u', via: 'AAAAAAAAAAAAAAAA' });
    assert.equal(unknown.statusCode, 400);
    const nothing = await report(secret, { conversionRef: 'x' });
    assert.equal(nothing.statusCode, 400);
    assert.match(nothing.json().detail, /Cannot attribute/);
    const missingRef = await report(secret, { via: 'AAAAAAAAAAAAAAAA' });
    assert.equal(missingRef.statusCode, 400);
    assert.deepEqual(missingRef.json().errors, { conversionRef: ['is required'] });
    const noCampaign = await report(secret, {
      conversionRef: 'z',
      affiliateId: w.advocate.id,
      campaignId: 99999,
    });
    assert.equal(noCampaign.statusCode, 404);
    assert.deepEqual(noCampaign.json(), { detail: 'Campaign not found' });
  });

  it("stops a deactivated owner's keys; a deactivated advocate's sales are recorded but earn nothing", async () => {
    const { campaign } = await joined();
    const secret = await apiKey(w.owner, w.brandId, 'secret');
    const deactivate = (who: Actor) =>
      t.app.inject({ method: 'POST', url: '/api/v1/user/delete/', headers: who.auth, payload: {} });

    assert.equal((await deactivate(w.advocate)).statusCode, 200);
    const sale = await report(secret, {
      conversionRef: 'after-advocate-left',
      affiliateId: w.advocate.id,
      campaignId: campaign,
      value: 100,
    });
    assert.equal(sale.statusCode, 201, sale.body);
    assert.equal(sale.json().conversion.reward_amount, 0);

    assert.equal((await deactivate(w.owner)).statusCode, 200);
    const refused = await report(secret, {
      conversionRef: 'after-owner-left',
      affiliateId: w.advocate.id,
      campaignId: campaign,
      value: 100,
    });
    assert.equal(refused.statusCode, 401);
    assert.deepEqual(refused.json(), { detail: 'Invalid API key' });
  });

  it('a cancelled campaign takes no more conversions (409); a paused one records them unpaid', async () => {
    const { campaign, code } = await joined();
    const secret = await apiKey(w.owner, w.brandId, 'secret');
    const setStatus = (status: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/v1/campaign/update/${campaign}/`,
        headers: w.owner.auth,
        payload: { status },
      });
    assert.equal((await setStatus('inactive')).statusCode, 200);
    const paused = await report(secret, { conversionRef: 'while-paused', via: code, value: 50 });
    assert.equal(paused.statusCode, 201);
    assert.equal(paused.json().conversion.reward_amount, 0);
    assert.equal((await setStatus('cancelled')).statusCode, 200);
    const refused = await report(secret, { conversionRef: 'after-cancel', via: code, value: 50 });
    assert.equal(refused.statusCode, 409);
    assert.deepEqual(refused.json(), {
      detail: 'This campaign was cancelled and takes no more conversions',
    });
  });

  it("tells another brand's key nothing of a campaign: joined, not joined and missing look alike", async () => {
    const { campaign: campaignId } = await joined();
    const stranger = await actor(t, db, { roles: ['advocate'] });
    const publishable = await apiKey(w.other, w.otherBrandId, 'publishable');
    const answers = [];
    for (const payload of [
      { affiliateId: w.advocate.id, campaignId },
      { affiliateId: stranger.id, campaignId },
      { affiliateId: w.advocate.id, campaignId: 999_999 },
    ]) {
      const res = await report(publishable, {
        conversionRef: `probe-${answers.length}`,
        ...payload,
      });
      answers.push([res.statusCode, res.json()]);
    }
    // A publishable key never attributes by advocate and campaign, so it learns nothing either way.
    const refused = [400, { detail: CLICK_ID_REQUIRED }];
    assert.deepEqual(answers, [refused, refused, refused]);
  });

  it("401 for absent, unknown and revoked keys; another brand's campaign is not found", async () => {
    const { code } = await joined();
    assert.equal((await report(undefined, { conversionRef: 'a', via: code })).statusCode, 401);
    const fake = await report('sk_live_' + 'A'.repeat(32), { conversionRef: 'a', via: code });
    assert.equal(fake.statusCode, 401);
    assert.deepEqual(fake.json(), { detail: 'Invalid API key' });
    assert.equal((await report('not-a-jwt', { conversionRef: 'a', via: code })).statusCode, 401);

    const secret = await apiKey(w.owner, w.brandId, 'secret');
    const keys = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/brand/${w.brandId}/api-keys/`,
        headers: w.owner.auth,
      })
    ).json().keys;
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/brand/${w.brandId}/api-keys/${keys[0].id}/`,
      headers: w.owner.auth,
    });
    assert.deepEqual(revoke.json(), { status: 'success', message: 'Key revoked' });
    assert.equal((await report(secret, { conversionRef: 'a', via: code })).statusCode, 401);

    const otherKey = await apiKey(w.other, w.otherBrandId, 'secret');
    const foreign = await report(otherKey, { conversionRef: 'a', via: code });
    assert.equal(foreign.statusCode, 404);
    assert.deepEqual(foreign.json(), { detail: 'Campaign not found' });
    assert.equal(
      (await report(w.other.auth.authorization.slice(7), { conversionRef: 'a', via: code }))
        .statusCode,
      404,
    );
    assert.equal(
      (await report(w.advocate.auth.authorization.slice(7), { conversionRef: 'a', via: code }))
        .statusCode,
      404,
    );
    assert.equal(
      (await report(w.staff.auth.authorization.slice(7), { conversionRef: 'a', via: code }))
        .statusCode,
      201,
    );
  });

  it('CORS: any origin on this route (preflight with the SDK headers); the rest of the API stays strict', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/sdk-log-conversion/',
      headers: {
        origin: 'https://merchant.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type,x-sdk-version',
      },
    });
    assert.equal(preflight.statusCode, 204);
    assert.equal(preflight.headers['access-control-allow-origin'], '*');
    assert.equal(
      preflight.headers['access-control-allow-headers'],
      'Authorization, Content-Type, X-SDK-Version, X-Campaign-Id, X-Brand-Id',
    );
    assert.match(String(preflight.headers['access-control-allow-methods']), /POST/);
    assert.equal(preflight.headers['access-control-allow-credentials'], undefined);
    const post = await report(
      undefined,
      { conversionRef: 'a' },
      { origin: 'https://merchant.example' },
    );
    assert.equal(post.headers['access-control-allow-origin'], '*');

    const strict = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/brand/list/',
      headers: { origin: 'https://merchant.example', 'access-control-request-method': 'GET' },
    });
    assert.equal(strict.headers['access-control-allow-origin'], undefined);
  });
});

// Removing, banning and restoring an advocate (issue 36): what the advocate's links and sales earn
// afterwards, what becomes of their rewards, who may do it, and what is announced and audited.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import {
  BANNED_FROM_BRAND,
  type AdvocateRemovalReply,
  type AdvocateRemovalsReply,
  type AdvocateRestoreReply,
  type AuditLogReply,
  type BrandReply,
  type MyLinksReply,
} from 'contract';
import { clicks } from '../../db/schema.js';
import { rowsOf } from '../../lib/sql.js';
import type { memoryMailer } from '../../mail/mailer.js';
import {
  actor,
  callApi,
  createCampaignAs,
  createProductAs,
  joinAs,
  type Actor,
  type BrandWorld,
  type TestApp,
  type TestDatabase,
  withBrandWorld,
} from '../../test/helpers.js';
import { runPipeline } from '../events/test-support.js';
import { savePayoutSettings } from '../ledger/index.js';
import { addMethod } from '../payout-methods/repository.js';
import { createPayouts, markPayout } from '../payouts/repository.js';

let db: TestDatabase;
let t: TestApp;
let w: BrandWorld;
withBrandWorld((world) => ({ db, t, w } = world));

const PRODUCT_URL = 'https://shop.example/beans';

/**
 * Two campaigns of the brand (10% of each sale), both joined by the advocate; a secret key
 * reporting sales through the advocate's link.
 */
async function setUp() {
  const product = await createProductAs(t, w.owner, w.brandId, { product_url: PRODUCT_URL });
  const first = await createCampaignAs(t, w.owner, w.brandId, {
    title: 'Spring',
    product_ids: [product],
  });
  const second = await createCampaignAs(t, w.owner, w.brandId, {
    title: 'Summer',
    product_ids: [product],
  });
  const code = (await joinAs(t, w.advocate, first)).get(product) ?? assert.fail('no link');
  await joinAs(t, w.advocate, second);
  const key = await callApi(t, 'POST', `brand/${w.brandId}/api-keys/`, w.owner, {
    kind: 'secret',
  });
  assert.equal(key.statusCode, 201, key.body);
  const secret = key.json<{ secret: string }>().secret;
  /** A 100.00 sale through the advocate's link (via its code); its conversion id. */
  const sale = async (ref: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sdk-log-conversion/',
      headers: { authorization: `Bearer ${secret}` },
      payload: { conversionRef: ref, via: code, value: 100 },
    });
    assert.equal(res.statusCode, 201, res.body);
    return res.json<{ conversion: { id: number } }>().conversion.id;
  };
  return { product, first, second, code, sale };
}

/** The brand's name, as the advocate's notifications and emails name it. */
const brandName = async () =>
  (await callApi(t, 'GET', `brand/${w.brandId}/`, w.owner)).json<BrandReply>().brand.brand_name;

const visit = (code: string) =>
  t.app.inject({
    method: 'GET',
    url: `/r/${code}`,
    headers: { 'user-agent': 'Mozilla/5.0 Chrome/124.0' },
  });

async function clickCount(): Promise<number> {
  await t.app.deps.clicks.flush();
  return (await db.handle.db.select().from(clicks)).length;
}

/** Each reward of the brand's conversions: its status and amount, by conversion id. */
async function rewards(): Promise<Map<number, { status: string; amount: number }>> {
  const rows = await rowsOf<{ conversion_id: number; status: string; amount: string }>(
    db.handle.db,
    sql`select conversion_id, status, amount::text as amount from rewards
      where kind = 'reward' order by conversion_id`,
  );
  return new Map(rows.map((r) => [r.conversion_id, { status: r.status, amount: Number(r.amount) }]));
}

const remove = (
  who: Actor,
  body: object,
  action: 'remove' | 'ban' = 'remove',
  advocateId = w.advocate.id,
  brandId = w.brandId,
) => callApi(t, 'POST', `brand/${brandId}/advocates/${advocateId}/${action}/`, who, body);

const restore = (who: Actor, advocateId = w.advocate.id, brandId = w.brandId) =>
  callApi(t, 'POST', `brand/${brandId}/advocates/${advocateId}/restore/`, who, {});

/** Pays the approved rewards of the brand: a PayPal method, a payout, marked successful. */
async function payApproved() {
  const database = db.handle.db;
  await addMethod(
    database,
    w.advocate.id,
    {
      type: 'paypal',
      paypalEmail: 'bo@pay.example',
      accountHolder: null,
      bankName: null,
      accountNumber: null,
      bankCode: null,
      bankCountry: null,
    },
    true,
    t.clock(),
  );
  const { payoutIds } = await createPayouts(database, w.brandId, w.owner.id, t.clock());
  assert.equal(payoutIds.length, 1);
  assert.ok(await markPayout(database, payoutIds[0], 'sent', w.owner.id, null, t.clock()));
  assert.ok(await markPayout(database, payoutIds[0], 'successful', w.owner.id, null, t.clock()));
}

describe('removing an advocate', () => {
  it('their links lead to the product without a click id and count nothing; sales earn 0; pending rewards rejected, approved and paid kept', async () => {
    await savePayoutSettings(db.handle.db, w.brandId, { holdDays: 30, payoutMinimum: 1 }, t.clock());
    const { code, sale, first, second } = await setUp();
    const paid = await sale('s-paid');
    const approved = await sale('s-approved');
    const pending = await sale('s-pending');
    const review = (ids: number[]) =>
      callApi(t, 'POST', `brand/${w.brandId}/review/`, w.owner, {
        action: 'approve',
        conversion_ids: ids,
      });
    assert.equal((await review([paid])).statusCode, 200);
    await payApproved();
    assert.equal((await review([approved])).statusCode, 200);
    const before = await visit(code);
    assert.match(String(before.headers.location), /[?&]cid=/, 'a member’s link carries a click id');
    const clicksBefore = await clickCount();
    assert.equal(clicksBefore, 1);

    t.clock.advance(60_000);
    const res = await remove(w.owner, { reason: 'Coupon-site spam', pending: 'reject' });
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json<AdvocateRemovalReply>();
    assert.equal(body.rejected_rewards, 1);
    assert.equal(body.removal.status, 'removed');
    assert.equal(body.removal.reason, 'Coupon-site spam');
    assert.equal(body.removal.pending, 'reject');
    assert.deepEqual(
      body.removal.campaigns.map((c) => [c.campaign_id, c.title]),
      [
        [first, 'Spring'],
        [second, 'Summer'],
      ],
    );

    const after = await rewards();
    assert.deepEqual(after.get(paid), { status: 'paid', amount: 10 });
    assert.deepEqual(after.get(approved), { status: 'approved', amount: 10 });
    assert.deepEqual(after.get(pending), { status: 'rejected', amount: 10 });

    // The link: still to the product, as written, with nothing to attribute by; no click.
    const gone = await visit(code);
    assert.equal(gone.statusCode, 302);
    assert.equal(gone.headers.location, PRODUCT_URL);
    assert.equal(await clickCount(), clicksBefore, 'no click recorded');

    // A sale still reported through the old code is recorded (the brand made it) but earns 0.
    const late = await sale('s-late');
    assert.deepEqual((await rewards()).get(late), { status: 'pending', amount: 0 });

    // The advocate is out of both campaigns.
    const links = await callApi(t, 'GET', `campaign/${first}/share-links/`, w.advocate);
    assert.equal(links.json<MyLinksReply>().joined, false);

    // The brand's list of removed advocates names them, with who removed them.
    const list = await callApi(t, 'GET', `brand/${w.brandId}/advocates/removed/`, w.owner);
    assert.equal(list.statusCode, 200);
    const [listed] = list.json<AdvocateRemovalsReply>().data;
    assert.equal(listed.advocate.id, w.advocate.id);
    assert.equal(listed.status, 'removed');
    assert.ok(listed.removed_by, 'who removed them is named');

    // Audited (the removal and the rejected reward) and announced: notification and email.
    const audit = await callApi(t, 'GET', `brand/${w.brandId}/audit-log/`, w.owner);
    const actions = audit.json<AuditLogReply>().results.map((e) => e.action);
    assert.ok(actions.includes('advocate.removed'), actions.join());
    assert.ok(actions.includes('review.rejected'), actions.join());
    await runPipeline(t);
    const notes = await callApi(t, 'GET', 'notifications/', w.advocate);
    const titles = notes.json<{ results: { title: string }[] }>().results.map((n) => n.title);
    const name = await brandName();
    assert.ok(titles.includes(`Removed from ${name}`), titles.join());
    assert.ok(titles.includes('Commission rejected'), titles.join());
    const mailer = t.app.deps.mailer as ReturnType<typeof memoryMailer>;
    assert.ok(
      mailer.messages.some((m) => m.text.includes(`${name} removed you from its program: Coupon-site spam`)),
      'the removal is emailed',
    );
  });

  it('pending: keep leaves pending rewards to the usual review', async () => {
    const { sale } = await setUp();
    const pending = await sale('k-1');
    const res = await remove(w.owner, { reason: 'Left the niche', pending: 'keep' });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json<AdvocateRemovalReply>().rejected_rewards, 0);
    assert.deepEqual((await rewards()).get(pending), { status: 'pending', amount: 10 });
  });

  it('a removed advocate may join again and earns again; a banned one is refused', async () => {
    const { first, code, sale } = await setUp();
    assert.equal((await remove(w.owner, { reason: 'r', pending: 'keep' })).statusCode, 200);
    // Removing again is a conflict; banning the removed advocate makes it a ban.
    assert.equal((await remove(w.owner, { reason: 'r', pending: 'keep' })).statusCode, 409);
    const rejoin = await callApi(t, 'POST', 'join-campaign/', w.advocate, { id: first });
    assert.equal(rejoin.statusCode, 201, rejoin.body);
    assert.match(String((await visit(code)).headers.location), /[?&]cid=/, 'earning again');
    const back = await sale('back-1');
    assert.deepEqual((await rewards()).get(back), { status: 'pending', amount: 10 });

    const ban = await remove(w.owner, { reason: 'Fake orders', pending: 'keep' }, 'ban');
    assert.equal(ban.statusCode, 200, ban.body);
    assert.equal(ban.json<AdvocateRemovalReply>().removal.status, 'banned');
    assert.equal((await visit(code)).headers.location, PRODUCT_URL, 'the rejoined link stops too');
    const refused = await callApi(t, 'POST', 'join-campaign/', w.advocate, { id: first });
    assert.equal(refused.statusCode, 403);
    assert.equal(refused.json<{ detail: string }>().detail, BANNED_FROM_BRAND);
    assert.equal((await remove(w.owner, { reason: 'r', pending: 'keep' }, 'ban')).statusCode, 409);
    // Another brand's campaigns are still open to them.
    const elsewhere = await createCampaignAs(t, w.other, w.otherBrandId);
    assert.equal(
      (await callApi(t, 'POST', 'join-campaign/', w.advocate, { id: elsewhere })).statusCode,
      201,
    );
  });

  it('restore puts a banned advocate back in their campaigns with the same links, which earn again', async () => {
    const { first, second, code, sale } = await setUp();
    assert.equal((await remove(w.owner, { reason: 'Oops', pending: 'keep' }, 'ban')).statusCode, 200);
    const res = await restore(w.owner);
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json<AdvocateRestoreReply>(), {
      status: 'success',
      advocate_id: w.advocate.id,
      campaigns: 2,
    });
    for (const campaign of [first, second])
      assert.equal(
        (await callApi(t, 'GET', `campaign/${campaign}/share-links/`, w.advocate)).json<MyLinksReply>()
          .joined,
        true,
      );
    const clicksBefore = await clickCount();
    assert.match(String((await visit(code)).headers.location), /[?&]via=.+&cid=/);
    assert.equal(await clickCount(), clicksBefore + 1, 'the click counts again');
    const earned = await sale('r-1');
    assert.deepEqual((await rewards()).get(earned), { status: 'pending', amount: 10 });
    assert.equal(
      (await callApi(t, 'POST', 'join-campaign/', w.advocate, { id: first })).statusCode,
      200,
      'joining is allowed again (already joined)',
    );
    const list = await callApi(t, 'GET', `brand/${w.brandId}/advocates/removed/`, w.owner);
    assert.deepEqual(list.json<AdvocateRemovalsReply>().data, []);
    assert.equal((await restore(w.owner)).statusCode, 404, 'nothing left to restore');
    await runPipeline(t);
    const titles = (await callApi(t, 'GET', 'notifications/', w.advocate))
      .json<{ results: { title: string }[] }>()
      .results.map((n) => n.title);
    const name = await brandName();
    assert.ok(titles.includes(`Back in ${name}'s program`), titles.join());
    assert.ok(titles.includes(`Banned by ${name}`), titles.join());
  });

  it('refuses strangers, unknown advocates and bad bodies, naming the field', async () => {
    await setUp();
    const body = { reason: 'r', pending: 'keep' };
    // Another brand's owner, and the advocate themselves: the brand is not theirs to see.
    assert.equal((await remove(w.other, body)).statusCode, 404);
    assert.equal((await remove(w.advocate, body)).statusCode, 404);
    assert.equal((await restore(w.other)).statusCode, 404);
    assert.equal(
      (await callApi(t, 'GET', `brand/${w.brandId}/advocates/removed/`, w.other)).statusCode,
      404,
    );
    // An advocate who never joined this brand.
    const stranger = await actor(t, db, { roles: ['advocate'] });
    const unknown = await remove(w.owner, body, 'remove', stranger.id);
    assert.equal(unknown.statusCode, 404);
    assert.equal(unknown.json<{ detail: string }>().detail, 'Advocate not found');
    // Validation: 400 naming the field.
    const blank = await remove(w.owner, { reason: '  ', pending: 'keep' });
    assert.equal(blank.statusCode, 400);
    assert.ok(Object.keys(blank.json<{ errors: object }>().errors).includes('reason'), blank.body);
    const choice = await remove(w.owner, { reason: 'r', pending: 'maybe' });
    assert.equal(choice.statusCode, 400);
    assert.ok(Object.keys(choice.json<{ errors: object }>().errors).includes('pending'), choice.body);
    // Nothing changed for the advocate.
    const links = await callApi(t, 'GET', 'brand/' + w.brandId + '/advocates/removed/', w.owner);
    assert.deepEqual(links.json<AdvocateRemovalsReply>().data, []);
  });
});

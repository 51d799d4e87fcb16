// Invitations cannot mail-bomb an address: with the product's default limits, an address gets at
// most 5 a day whoever invites it, a brand sends at most 20 an hour and an inviter 30 an hour over
// all their brands. Over a limit: 429 with Retry-After, nothing stored, nothing mailed.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BrandMembersReply, ErrorReply, InviteMemberReply } from 'contract';
import { defaultRateLimits } from '../../config.js';
import type { MailMessage } from '../../mail/mailer.js';
import {
  buildTestApp,
  createBrandAs,
  signIn,
  withBrandWorld,
  type Actor,
  type BrandWorld,
  type TestApp,
  type TestDatabase,
} from '../../test/helpers.js';

const LIMITS = defaultRateLimits();

let db: TestDatabase;
let t: TestApp;
let w: BrandWorld;
withBrandWorld((world) => ({ db, t, w } = world), { rateLimits: LIMITS });

const mailsTo = (app: TestApp, email: string) =>
  (app.app.deps.mailer as unknown as { messages: MailMessage[] }).messages.filter(
    (m) => m.to === email,
  );

const invite = (as: Actor, brandId: number, email: string, app = t) =>
  app.call<InviteMemberReply & ErrorReply>('POST', `brand/${brandId}/members/invite/`, {
    as,
    body: { email, role: 'analyst' },
  });

/** Sends each invitation in turn; the status codes in order. */
async function inviteAll(as: Actor, brandId: number, emails: string[]): Promise<number[]> {
  const statuses: number[] = [];
  for (const email of emails) statuses.push((await invite(as, brandId, email)).statusCode);
  return statuses;
}

const addresses = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => `${prefix}-${i}@example.test`);

const pendingCount = async (brandId: number, as: Actor) =>
  (await t.call<BrandMembersReply>('GET', `brand/${brandId}/members/`, { as })).json().invitations
    .length;

describe('invitation limits', () => {
  it('30 invitations to one address: 5 go out, the rest are 429 with Retry-After and mail nothing', async () => {
    assert.equal(LIMITS.mailPerRecipient.max, 5);
    const victim = 'Victim@Example.test';
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<typeof invite>> | undefined;
    for (let i = 0; i < 30; i++) {
      // Letter case makes no new address.
      const res = await invite(w.owner, w.brandId, i % 2 ? victim : victim.toLowerCase());
      statuses.push(res.statusCode);
      if (res.statusCode === 429) refused = res;
    }
    assert.deepEqual(statuses, [...Array(5).fill(201), ...Array(25).fill(429)]);
    assert.equal(mailsTo(t, 'victim@example.test').length, 5, 'only the accepted ones are mailed');
    assert.ok(refused);
    // The product's rate-limit reply: a sentence, and when to come back (within the day).
    assert.match(refused.json().detail, /^Too many requests\. Try again in \d+ seconds\.$/);
    const retryAfter = Number(refused.headers['retry-after']);
    assert.ok(retryAfter > 0 && retryAfter <= 86_400, String(retryAfter));

    // Another brand, another inviter: the address's own budget is spent.
    const res = await invite(w.other, w.otherBrandId, victim);
    assert.equal(res.statusCode, 429, res.body);
    assert.equal(mailsTo(t, 'victim@example.test').length, 5);
    // The hammering spent nothing of the brand's budget: another address is invited at once.
    assert.equal((await invite(w.owner, w.brandId, 'colleague@example.test')).statusCode, 201);
  });

  it('a brand sends at most 20 an hour, to any addresses', async () => {
    assert.equal(LIMITS.invitePerBrand.max, 20);
    const statuses = await inviteAll(w.owner, w.brandId, addresses('team', 24));
    assert.deepEqual(statuses, [...Array(20).fill(201), ...Array(4).fill(429)]);
    const sent = addresses('team', 24).filter((email) => mailsTo(t, email).length > 0);
    assert.equal(sent.length, 20, 'a refused invitation mails nothing');
    assert.equal(await pendingCount(w.brandId, w.owner), 20, 'and stores nothing');
    // Another brand is not held back by this one.
    assert.equal((await invite(w.other, w.otherBrandId, 'fresh@example.test')).statusCode, 201);
  });

  it('an inviter sends at most 30 an hour over all their brands', async () => {
    assert.equal(LIMITS.invitePerSender.max, 30);
    const second = await createBrandAs(t, w.owner, { brand_name: 'Second Brand' });
    const first = await inviteAll(w.owner, w.brandId, addresses('first', 20));
    assert.deepEqual(first, Array(20).fill(201));
    // A new brand brings no new budget: 10 more, then 429.
    const more = await inviteAll(w.owner, second, addresses('second', 12));
    assert.deepEqual(more, [...Array(10).fill(201), 429, 429]);
    assert.equal(await pendingCount(second, w.owner), 10);
  });

  it('nothing is counted for a request refused before sending (stranger, bad address, a member)', async () => {
    // A stranger's 404s spend none of the brand's budget.
    for (let i = 0; i < 25; i++)
      assert.equal((await invite(w.other, w.brandId, `s-${i}@example.test`)).statusCode, 404);
    for (let i = 0; i < 25; i++)
      assert.equal((await invite(w.owner, w.brandId, 'not-an-email')).statusCode, 400);
    const members = await t.call<BrandMembersReply>('GET', `brand/${w.brandId}/members/`, {
      as: w.owner,
    });
    const ownEmail = members.json().members[0].email;
    for (let i = 0; i < 25; i++)
      assert.equal(
        (await invite(w.owner, w.brandId, ownEmail)).statusCode,
        400,
        'already a member',
      );
    const statuses = await inviteAll(w.owner, w.brandId, addresses('real', 20));
    assert.deepEqual(statuses, Array(20).fill(201));
  });

  const sharedCounters = Boolean(process.env.TEST_REDIS_URL);
  it(
    sharedCounters
      ? 'with REDIS_URL, instances share the counters'
      : 'without REDIS_URL, each instance counts on its own',
    async () => {
      const { rateLimits, redisPrefix } = t.app.deps.config;
      // A second instance of the same deployment (same Redis key prefix when Redis is on).
      const peer = await buildTestApp(db, { rateLimits, redisPrefix });
      const owner = { ...w.owner, auth: (await signIn(peer.app, w.owner)).auth };
      const email = 'shared@example.test';
      for (let i = 0; i < 5; i++)
        assert.equal((await invite(w.owner, w.brandId, email)).statusCode, 201);
      const res = await invite(owner, w.brandId, email, peer);
      assert.equal(res.statusCode, sharedCounters ? 429 : 201, res.body);
      assert.equal(mailsTo(peer, email).length, sharedCounters ? 0 : 1);
    },
  );
});

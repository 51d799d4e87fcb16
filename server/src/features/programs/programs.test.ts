import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import type {
  AdvocateInvitationsReply,
  ApplicationReply,
  ApplicationsReply,
  ApplyReply,
  ErrorReply,
  JoinPendingReply,
  JoinReply,
  MyApplicationsReply,
  MyLinksReply,
  ProgramPageReply,
} from 'contract';
import { rowsOf } from '../../lib/sql.js';
import { defaultRateLimits } from '../../config.js';
import {
  actor,
  buildTestApp,
  createCampaignAs,
  createProductAs,
  type Actor,
  type BrandWorld,
  type TestApp,
  type TestDatabase,
  withBrandWorld,
} from '../../test/helpers.js';
import { runPipeline } from '../events/test-support.js';
import { INVITE_ONLY } from './join-modes.js';

let db: TestDatabase;
let t: TestApp;
let w: BrandWorld;

withBrandWorld((world) => ({ db, t, w } = world), { publicUrl: 'https://market.example/' });

const QUESTIONS = [
  { id: 'audience', label: 'Where is your audience?', type: 'text', required: true },
  {
    id: 'size',
    label: 'How many followers?',
    type: 'choice',
    required: false,
    options: ['Under 1k', '1k to 10k', 'Over 10k'],
  },
];

async function setQuestions(brandId: number, questions: unknown[] = QUESTIONS): Promise<void> {
  await db.handle.db.execute(
    sql`update brands set application_questions = ${JSON.stringify(questions)}::jsonb where id = ${brandId}`,
  );
}

const join = <Reply>(who: Actor, body: object) =>
  t.call<Reply>('POST', 'join-campaign/', { as: who, body });
const applications = (who: Actor, brandId: number, status?: string) =>
  t.call<ApplicationsReply>(
    'GET',
    `brand/${brandId}/applications/${status ? `?status=${status}` : ''}`,
    { as: who },
  );
const links = (who: Actor, campaign: number) =>
  t.call<MyLinksReply>('GET', `campaign/${campaign}/share-links/`, { as: who });

async function notificationsOf(userId: number) {
  return rowsOf<{ title: string; body: string }>(
    db.handle.db,
    sql`select title, body from notifications where user_id = ${userId} order by id`,
  );
}
async function auditActions(brandId: number) {
  return (
    await rowsOf<{ action: string; actor_name: string }>(
      db.handle.db,
      sql`select action, actor_name from audit_log where brand_id = ${brandId} and action like 'application.%' order by id`,
    )
  ).map((r) => r.action);
}
async function eventTypes(brandId: number) {
  return (
    await rowsOf<{ type: string }>(
      db.handle.db,
      sql`select type from events where brand_id = ${brandId} and (type like 'application.%' or type = 'advocate.invited') order by created_at, id`,
    )
  ).map((r) => r.type);
}

/**
 * Test users share example.test with the brand's owner, which the self-referral rule reads as
 * one company's domain: the advocate gets an address at a public mail provider instead.
 */
async function publicMailbox(who: Actor): Promise<void> {
  await db.handle.db.execute(
    sql`update users set email = ${`advocate${who.id}@gmail.com`} where id = ${who.id}`,
  );
}

const ANSWERS = [
  { question_id: 'audience', answer: 'Coffee lovers on Instagram' },
  { question_id: 'size', answer: '1k to 10k' },
];

describe('join modes', () => {
  it('open (the default): joins at once, as before', async () => {
    const campaign = await createCampaignAs(t, w.owner, w.brandId);
    const res = await join<JoinReply>(w.advocate, { id: campaign });
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.json().share_links.length, 1);
    const view = await t.call<{ join_mode: string; auto_approve: boolean }>(
      'GET',
      `campaign/${campaign}/`,
      { as: w.owner },
    );
    assert.equal(view.json().join_mode, 'open');
    assert.equal(view.json().auto_approve, false);
  });

  it('application: 202 pending with no links; approved, the advocate gets links, a notification and an email', async () => {
    await setQuestions(w.brandId);
    await publicMailbox(w.advocate);
    const campaign = await createCampaignAs(t, w.owner, w.brandId, { join_mode: 'application' });

    const missing = await join<ErrorReply>(w.advocate, { id: campaign });
    assert.equal(missing.statusCode, 400);
    assert.equal(
      missing.json().detail,
      `answers: "Where is your audience?" needs an answer: apply on the brand's program page, /programs/owner-brand`,
    );

    const res = await join<JoinPendingReply>(w.advocate, { id: campaign, answers: ANSWERS });
    assert.equal(res.statusCode, 202, res.body);
    const applicationId = res.json().application_id;
    assert.deepEqual(res.json(), { status: 'pending', application_id: applicationId });
    const before = (await links(w.advocate, campaign)).json();
    assert.equal(before.joined, false);
    assert.deepEqual(before.application, { id: applicationId, status: 'pending', reason: null });
    assert.deepEqual(before.share_links, []);
    // Joining again while it waits: still pending, the same application.
    const again = await join<JoinPendingReply>(w.advocate, { id: campaign, answers: ANSWERS });
    assert.equal(again.statusCode, 202);
    assert.equal(again.json().application_id, applicationId);

    const listed = await applications(w.owner, w.brandId, 'pending');
    assert.equal(listed.statusCode, 200, listed.body);
    const [application] = listed.json().applications;
    assert.equal(application.id, applicationId);
    assert.equal(application.campaign.title, 'Launch');
    assert.deepEqual(application.answers, [
      {
        question_id: 'audience',
        label: 'Where is your audience?',
        answer: 'Coffee lovers on Instagram',
      },
      { question_id: 'size', label: 'How many followers?', answer: '1k to 10k' },
    ]);
    assert.deepEqual(application.fraud_signals, ['unverified_email']);
    assert.equal(
      (await applications(w.owner, w.brandId, 'approved')).json().applications.length,
      0,
    );

    const approved = await t.call<ApplicationReply>(
      'POST',
      `brand/${w.brandId}/applications/${applicationId}/approve/`,
      { as: w.owner, body: {} },
    );
    assert.equal(approved.statusCode, 200, approved.body);
    assert.equal(approved.json().application.status, 'approved');
    const after = (await links(w.advocate, campaign)).json();
    assert.equal(after.joined, true);
    assert.equal(after.application?.status, 'approved');
    assert.match(after.share_links[0].url, /^https:\/\/market\.example\/r\//);

    const twice = await t.call<ErrorReply>(
      'POST',
      `brand/${w.brandId}/applications/${applicationId}/approve/`,
      { as: w.owner, body: {} },
    );
    assert.equal(twice.statusCode, 409);

    await runPipeline(t);
    const notes = await notificationsOf(w.advocate.id);
    assert.deepEqual(
      notes.map((n) => n.title),
      ['Owner Brand approved your application'],
    );
    const ownerNotes = await notificationsOf(w.owner.id);
    assert.ok(ownerNotes.some((n) => n.title === 'New application'));
    const mails = t.app.deps.mailer as unknown as { messages: { to: string; subject: string }[] };
    assert.ok(mails.messages.some((m) => m.subject.includes('approved your application')));
    assert.deepEqual(await auditActions(w.brandId), ['application.approved']);
    // Both at the test clock's instant, with random ids: compared as a set.
    assert.deepEqual((await eventTypes(w.brandId)).sort(), [
      'application.approved',
      'application.created',
    ]);
  });

  it('application: rejected with a reason; the advocate reads it and cannot join', async () => {
    const campaign = await createCampaignAs(t, w.owner, w.brandId, { join_mode: 'application' });
    const res = await join<JoinPendingReply>(w.advocate, { id: campaign });
    assert.equal(res.statusCode, 202, res.body);
    const id = res.json().application_id;

    const blank = await t.call<ErrorReply>(
      'POST',
      `brand/${w.brandId}/applications/${id}/reject/`,
      {
        as: w.owner,
        body: { reason: '  ' },
      },
    );
    assert.equal(blank.statusCode, 400);
    assert.match(blank.json().detail, /reason/);

    const rejected = await t.call<ApplicationReply>(
      'POST',
      `brand/${w.brandId}/applications/${id}/reject/`,
      { as: w.owner, body: { reason: 'Your audience is outside our markets' } },
    );
    assert.equal(rejected.statusCode, 200, rejected.body);
    assert.equal(rejected.json().application.reason, 'Your audience is outside our markets');

    const refused = await join<ErrorReply>(w.advocate, { id: campaign });
    assert.equal(refused.statusCode, 403);
    assert.equal(
      refused.json().detail,
      'The brand declined your application to this campaign: Your audience is outside our markets',
    );
    const mine = await t.call<MyApplicationsReply>('GET', 'advocate/applications/', {
      as: w.advocate,
    });
    assert.deepEqual(
      mine.json().applications.map((a) => [a.campaign_id, a.status, a.reason]),
      [[campaign, 'rejected', 'Your audience is outside our markets']],
    );
    await runPipeline(t);
    assert.deepEqual(await notificationsOf(w.advocate.id), [
      {
        title: 'Owner Brand declined your application',
        body: 'Your application to Launch was declined: Your audience is outside our markets',
      },
    ]);
    assert.deepEqual(await auditActions(w.brandId), ['application.rejected']);
  });

  it('auto-approve: a verified, clean advocate joins at once; an unverified or disposable one waits', async () => {
    const campaign = await createCampaignAs(t, w.owner, w.brandId, {
      join_mode: 'application',
      auto_approve: true,
    });
    await publicMailbox(w.advocate);
    const clean = await actor(t, db, {
      roles: ['advocate'],
      verified: true,
      email: 'ada@gmail.com',
    });
    const ok = await join<JoinReply>(clean, { id: campaign });
    assert.equal(ok.statusCode, 201, ok.body);
    assert.equal(ok.json().share_links.length, 1);

    const disposable = await actor(t, db, {
      roles: ['advocate'],
      verified: true,
      email: 'bo@mailinator.com',
    });
    const held = await join<JoinPendingReply>(disposable, { id: campaign });
    assert.equal(held.statusCode, 202, held.body);
    const unverified = await join<JoinPendingReply>(w.advocate, { id: campaign });
    assert.equal(unverified.statusCode, 202);

    const all = (await applications(w.owner, w.brandId)).json().applications;
    assert.deepEqual(
      all.map((a) => [a.advocate.id, a.status, a.auto_approved, a.fraud_signals]),
      [
        [clean.id, 'approved', true, []],
        [disposable.id, 'pending', false, ['disposable_email']],
        [w.advocate.id, 'pending', false, ['unverified_email']],
      ],
    );
    const [entry] = await rowsOf<{ actor_name: string }>(
      db.handle.db,
      sql`select actor_name from audit_log where action = 'application.approved'`,
    );
    assert.equal(entry.actor_name, 'Automatic approval');
  });

  it("auto-approve: an address of the brand's own company domain is a self-referral and waits", async () => {
    const owner = await actor(t, db, { email: 'owner@lumenroast.example' });
    const brand = await t.call<{ brand: { id: number } }>('POST', 'brand/create/', {
      as: owner,
      body: { brand_name: 'Lumen Roast' },
    });
    const brandId = brand.json().brand.id;
    const campaign = await createCampaignAs(t, owner, brandId, {
      join_mode: 'application',
      auto_approve: true,
    });
    const colleague = await actor(t, db, {
      roles: ['advocate'],
      verified: true,
      email: 'sam@lumenroast.example',
    });
    const res = await join<JoinPendingReply>(colleague, { id: campaign });
    assert.equal(res.statusCode, 202);
    const [application] = (await applications(owner, brandId)).json().applications;
    assert.deepEqual(application.fraud_signals, ['self_referral']);
  });

  it('invite_only: refused without an invitation; the invited address joins without approval', async () => {
    const campaign = await createCampaignAs(t, w.owner, w.brandId, { join_mode: 'invite_only' });
    const refused = await join<ErrorReply>(w.advocate, { id: campaign });
    assert.equal(refused.statusCode, 403);
    assert.equal(refused.json().detail, INVITE_ONLY);

    const [advocate] = await rowsOf<{ email: string }>(
      db.handle.db,
      sql`select email from users where id = ${w.advocate.id}`,
    );
    const invited = await t.call<AdvocateInvitationsReply>(
      'POST',
      `brand/${w.brandId}/advocate-invitations/`,
      { as: w.owner, body: { campaign_id: campaign, emails: [advocate.email.toUpperCase()] } },
    );
    assert.equal(invited.statusCode, 201, invited.body);
    assert.deepEqual(invited.json(), { invited: [advocate.email], skipped: [] });
    const res = await join<JoinReply>(w.advocate, { id: campaign });
    assert.equal(res.statusCode, 201, res.body);
  });
});

describe('bulk invitations', () => {
  const mails = () =>
    (t.app.deps.mailer as unknown as { messages: { to: string; subject: string; text: string }[] })
      .messages;

  it('mails each address once a link that signs up and joins, skipping those who joined', async () => {
    const campaign = await createCampaignAs(t, w.owner, w.brandId, { join_mode: 'application' });
    const joined = await actor(t, db, { roles: ['advocate'], email: 'joined@example.test' });
    await db.handle.db.execute(
      sql`insert into campaign_joins (advocate_id, campaign_id, joined_at) values (${joined.id}, ${campaign}, now())`,
    );
    const res = await t.call<AdvocateInvitationsReply>(
      'POST',
      `brand/${w.brandId}/advocate-invitations/`,
      {
        as: w.owner,
        body: {
          campaign_id: campaign,
          emails: ['new@example.test', 'NEW@example.test', 'joined@example.test'],
        },
      },
    );
    assert.equal(res.statusCode, 201, res.body);
    assert.deepEqual(res.json(), {
      invited: ['new@example.test'],
      skipped: [{ email: 'joined@example.test', reason: 'already_joined' }],
    });
    const [mail] = mails();
    assert.equal(mails().length, 1);
    assert.equal(mail.to, 'new@example.test');
    assert.equal(mail.subject, 'Owner Brand invites you to its partner program');
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    assert.ok(token);

    const details = await t.call<{ state: string; campaign: { id: number } }>(
      'GET',
      `advocate-invitations/${token}/`,
    );
    assert.equal(details.statusCode, 200);
    assert.equal(details.json().state, 'pending');
    assert.equal(details.json().campaign.id, campaign);

    // Someone signs up (any address) and accepts: they join an application campaign at once.
    const newcomer = await actor(t, db, { roles: ['advocate'] });
    const accepted = await t.call<{ campaign_id: number; share_links: unknown[] }>(
      'POST',
      'advocate-invitations/accept/',
      { as: newcomer, body: { token } },
    );
    assert.equal(accepted.statusCode, 200, accepted.body);
    assert.equal(accepted.json().campaign_id, campaign);
    assert.equal(accepted.json().share_links.length, 1);
    const reused = await t.call<ErrorReply>('POST', 'advocate-invitations/accept/', {
      as: w.advocate,
      body: { token },
    });
    assert.equal(reused.statusCode, 400);
    assert.equal(reused.json().detail, 'This invitation was already used by another account');
    assert.deepEqual(await eventTypes(w.brandId), ['advocate.invited']);
  });

  it('refuses more than 500 addresses, naming the field', async () => {
    const campaign = await createCampaignAs(t, w.owner, w.brandId);
    const emails = Array.from({ length: 501 }, (_, i) => `a${i}@example.test`);
    const res = await t.call<ErrorReply>('POST', `brand/${w.brandId}/advocate-invitations/`, {
      as: w.owner,
      body: { campaign_id: campaign, emails },
    });
    assert.equal(res.statusCode, 400);
    assert.match(res.json().detail, /emails/);
  });

  it('is limited per recipient (skipped) and per brand (429)', async () => {
    const campaign = await createCampaignAs(t, w.owner, w.brandId);
    // The production limits (the other tests run with generous ones).
    const limited = await buildTestApp(db, { rateLimits: defaultRateLimits() });
    const send = (emails: string[]) =>
      limited.call<AdvocateInvitationsReply>('POST', `brand/${w.brandId}/advocate-invitations/`, {
        as: w.owner,
        body: { campaign_id: campaign, emails },
      });
    for (let i = 0; i < 5; i++)
      assert.equal((await send(['popular@example.test'])).statusCode, 201);
    const sixth = await send(['popular@example.test', 'fresh@example.test']);
    assert.equal(sixth.statusCode, 201);
    assert.deepEqual(sixth.json(), {
      invited: ['fresh@example.test'],
      skipped: [{ email: 'popular@example.test', reason: 'rate_limited' }],
    });
    // 10 batches a day per brand by default: six so far.
    for (let i = 0; i < 4; i++) assert.equal((await send([`b${i}@example.test`])).statusCode, 201);
    const over = await send(['late@example.test']);
    assert.equal(over.statusCode, 429);
    assert.ok(over.headers['retry-after']);
  });
});

describe('the program page', () => {
  it('shows the brand and its open campaigns with what each pays, to anyone', async () => {
    await setQuestions(w.brandId);
    const product = await createProductAs(t, w.owner, w.brandId);
    await createCampaignAs(t, w.owner, w.brandId, { title: 'Spring', commission_value: 12.5 });
    await createCampaignAs(t, w.owner, w.brandId, {
      title: 'Flat',
      commission_type: 'flat',
      commission_value: 5,
      join_mode: 'application',
      product_ids: [product],
    });
    await createCampaignAs(t, w.owner, w.brandId, { title: 'Paused', status: 'inactive' });
    await createCampaignAs(t, w.other, w.otherBrandId, { title: 'Not ours' });
    const res = await t.call<ProgramPageReply>('GET', 'programs/owner-brand/');
    assert.equal(res.statusCode, 200, res.body);
    const page = res.json();
    assert.equal(page.brand.name, 'Owner Brand');
    assert.equal(page.brand.slug, 'owner-brand');
    assert.equal(page.questions.length, 2);
    assert.deepEqual(
      page.campaigns.map((c) => [c.title, c.join_mode, c.pays]),
      [
        ['Spring', 'open', '12.5% of each sale'],
        ['Flat', 'application', '5.00 per sale'],
      ],
    );
    const unknown = await t.call<ErrorReply>('GET', 'programs/no-such-brand/');
    assert.equal(unknown.statusCode, 404);
    assert.equal(unknown.json().detail, 'Program not found');
  });

  it('Apply: checks the answers, applies, and refuses campaigns of other brands', async () => {
    await setQuestions(w.brandId);
    const campaign = await createCampaignAs(t, w.owner, w.brandId, { join_mode: 'application' });
    const theirs = await createCampaignAs(t, w.other, w.otherBrandId);
    const apply = (who: Actor, body: object) =>
      t.call<ApplyReply>('POST', 'programs/owner-brand/apply/', { as: who, body });

    const notAdvocate = await apply(w.other, { campaign_id: campaign, answers: ANSWERS });
    assert.equal(notAdvocate.statusCode, 403);
    const wrongChoice = await apply(w.advocate, {
      campaign_id: campaign,
      answers: [ANSWERS[0], { question_id: 'size', answer: 'A million' }],
    });
    assert.equal(wrongChoice.statusCode, 400);
    assert.equal(
      (wrongChoice.json() as unknown as ErrorReply).detail,
      'answers: "How many followers?": pick one of its options',
    );
    const elsewhere = await apply(w.advocate, { campaign_id: theirs, answers: ANSWERS });
    assert.equal(elsewhere.statusCode, 400);
    assert.match((elsewhere.json() as unknown as ErrorReply).detail, /^campaign_id:/);

    const res = await apply(w.advocate, { campaign_id: campaign, answers: ANSWERS });
    assert.equal(res.statusCode, 202, res.body);
    assert.equal(res.json().status, 'pending');
    assert.deepEqual(res.json().share_links, []);
    const [stored] = await rowsOf<{ answers: unknown }>(
      db.handle.db,
      sql`select answers from campaign_applications`,
    );
    assert.deepEqual(stored.answers, ANSWERS);
  });
});

describe('strangers', () => {
  it("another brand's owner and an advocate get 404 for the brand's applications", async () => {
    const campaign = await createCampaignAs(t, w.owner, w.brandId, { join_mode: 'application' });
    const id = (await join<JoinPendingReply>(w.advocate, { id: campaign })).json().application_id;
    for (const who of [w.other, w.advocate]) {
      assert.equal((await applications(who, w.brandId)).statusCode, 404);
      const approve = await t.call('POST', `brand/${w.brandId}/applications/${id}/approve/`, {
        as: who,
        body: {},
      });
      assert.equal(approve.statusCode, 404);
    }
    // Their own brand does not reach this brand's application either.
    const cross = await t.call<ErrorReply>(
      'POST',
      `brand/${w.otherBrandId}/applications/${id}/reject/`,
      { as: w.other, body: { reason: 'no' } },
    );
    assert.equal(cross.statusCode, 404);
    assert.equal(cross.json().detail, 'Application not found');
    const invite = await t.call('POST', `brand/${w.otherBrandId}/advocate-invitations/`, {
      as: w.other,
      body: { campaign_id: campaign, emails: ['x@example.test'] },
    });
    assert.equal(invite.statusCode, 400);
  });
});

describe('the program page as served (first paint)', () => {
  it('draws the brand, its campaigns and what each pays into the HTML, with Open Graph tags', async () => {
    await db.handle.db.execute(
      sql`update brands set description = ${'Small-batch <coffee> roasted weekly'} where id = ${w.brandId}`,
    );
    await createCampaignAs(t, w.owner, w.brandId, {
      title: 'Spring & Summer',
      commission_value: 15,
    });
    const staticDir = path.join(t.app.deps.config.dataDir, 'shell');
    mkdirSync(staticDir);
    writeFileSync(
      path.join(staticDir, 'index.html'),
      '<!doctype html><html><head><title>Advocately</title></head><body><div id="root"></div></body></html>',
    );
    const served = await buildTestApp(db, { staticDir, publicUrl: 'https://market.example' });
    const res = await served.app.inject({ method: 'GET', url: '/programs/owner-brand' });
    assert.equal(res.statusCode, 200);
    const html = res.body;
    assert.match(html, /<title>Owner Brand partner program<\/title>/);
    assert.doesNotMatch(html, /<title>Advocately<\/title>/);
    assert.match(html, /<meta property="og:title" content="Owner Brand partner program">/);
    assert.match(
      html,
      /<meta property="og:description" content="Small-batch &lt;coffee&gt; roasted weekly">/,
    );
    assert.match(
      html,
      /<meta property="og:url" content="https:\/\/market\.example\/programs\/owner-brand">/,
    );
    assert.match(html, /<h1>Owner Brand<\/h1>/);
    assert.match(html, /<b>Spring &amp; Summer<\/b><span class="fp-pay">15% of each sale<\/span>/);

    const unknown = await served.app.inject({ method: 'GET', url: '/programs/nobody-here' });
    assert.equal(unknown.statusCode, 404);
    assert.doesNotMatch(unknown.body, /og:title/);
  });
});

// Notification emails through a real SMTP server started here (smtp-server): the advocate's on an
// approved commission and a payout, the owner's on a join and the daily review summary; the
// Email toggle and the brand's setting decide; the unsubscribe link works without signing in.
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { SMTPServer } from 'smtp-server';
import { sql } from 'drizzle-orm';
import type { NotificationsReply } from 'contract';
import { smtpMailer } from '../../mail/mailer.js';
import {
  actor,
  callApi,
  type BrandWorld,
  type TestApp,
  type TestDatabase,
  withBrandWorld,
} from '../../test/helpers.js';
import { dispatchEvents } from '../events/dispatcher.js';
import { campaignWithAdvocate, requireTwoFactor, turnOnTwoFactor } from '../events/test-support.js';
import { sendDueEmails } from './queue.js';
import { sendReviewSummaries } from './review-summary.js';

let db: TestDatabase;
let t: TestApp;
let w: BrandWorld;
withBrandWorld((world) => ({ db, t, w } = world));

interface Mail {
  to: string;
  raw: string;
}
const inbox: Mail[] = [];
let smtp: SMTPServer;
let smtpUrl: string;
before(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        inbox.push({
          to: session.envelope.rcptTo.map((r) => r.address).join(','),
          raw: Buffer.concat(chunks).toString(),
        });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
});
after(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

/** The body parts of a raw message, quoted-printable decoded. */
function parts(raw: string): { text: string; html: string; headers: string } {
  const decode = (s: string) =>
    Buffer.from(
      s
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
      'latin1',
    ).toString('utf8');
  const headers = raw.slice(0, raw.indexOf('\r\n\r\n'));
  const part = (type: string) => {
    const start = raw.indexOf(`Content-Type: ${type}`);
    assert.ok(start >= 0, `a ${type} part`);
    const body = raw.slice(raw.indexOf('\r\n\r\n', start) + 4);
    return decode(body.slice(0, body.search(/\r\n--\S{10,}/)));
  };
  return { text: part('text/plain'), html: part('text/html'), headers };
}

async function deliverMail() {
  const { db: database, config } = t.app.deps;
  await dispatchEvents(database, {
    now: t.clock(),
    publicUrl: config.publicUrl,
    secret: config.jwtSecret,
  });
  const mailer = smtpMailer(smtpUrl, 'Advocately <no-reply@example.test>', t.app.log);
  await sendDueEmails(database, mailer, t.clock());
}

const review = (ids: number[]) =>
  callApi(t, 'POST', `brand/${w.brandId}/review/`, w.owner, {
    action: 'approve',
    conversion_ids: ids,
  });

const emailOf = async (who: BrandWorld['owner']) =>
  (await callApi(t, 'GET', 'user/me/', who)).json<{ data: { email: string } }>().data.email;

describe('notification emails', () => {
  it('an approved commission mails the advocate (text and HTML, link, unsubscribe); the link turns the toggle off without signing in', async () => {
    const { report } = await campaignWithAdvocate(t, w.owner, w.brandId, w.advocate);
    inbox.length = 0;
    await review([(await report('o-1')).id]);
    await deliverMail();
    const to = await emailOf(w.advocate);
    const mine = inbox.filter((m) => m.to === to);
    assert.equal(
      mine.length,
      1,
      'one email: commission approved (the new conversion is in-app only)',
    );
    const { text, html, headers } = parts(mine[0].raw);
    assert.match(headers, /^Subject: =\?UTF-8\?Q\?Commission_approved_=C2=B7_Advocately\?=$/m);
    assert.match(text, /Your \$6\.00 commission for Launch was approved and will be paid out\./);
    assert.match(text, /Open in Advocately: http:\/\/localhost:8000\/advocate\/earnings/);
    assert.match(html, /<a href="http:\/\/localhost:8000\/advocate\/earnings"/);
    assert.match(html, /Advocately/);
    const link = /Unsubscribe: (\S+)/.exec(text)?.[1] ?? assert.fail('no unsubscribe link');
    assert.match(headers, /List-Unsubscribe:\s+<http:\/\/localhost:8000\/unsubscribe\?token=/);
    assert.match(headers, /^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    assert.ok(html.includes(link.replace(/&/g, '&#38;')), 'the HTML part has the same link');

    // The link, as a browser opens it: a page with one button; its POST unsubscribes.
    const path = link.replace('http://localhost:8000', '');
    const page = await t.app.inject({ method: 'GET', url: path });
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /<form method="post" action="\/unsubscribe\?token=/);
    const before = (await callApi(t, 'GET', 'user/notification-preferences/', w.advocate)).json();
    assert.deepEqual(before, { in_app: true, email: true, sms: false, push: false, chat: true });
    const done = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    assert.equal(done.statusCode, 200, done.body);
    assert.match(done.body, /You are unsubscribed/);
    assert.equal(
      (await callApi(t, 'GET', 'user/notification-preferences/', w.advocate)).json<{
        email: boolean;
      }>().email,
      false,
    );
    const forged = await t.app.inject({ method: 'POST', url: `${path.slice(0, -3)}abc` });
    assert.equal(forged.statusCode, 400);

    // Toggle off: the next approval is in the drawer but not mailed.
    inbox.length = 0;
    await review([(await report('o-2')).id]);
    await deliverMail();
    assert.equal(inbox.filter((m) => m.to === to).length, 0);
    const drawer = (
      await callApi(t, 'GET', 'notifications/?kind=commission', w.advocate)
    ).json<NotificationsReply>();
    assert.equal(drawer.meta.total, 2);

    // In-App off: nothing new in the drawer either.
    await callApi(t, 'PUT', 'user/notification-preferences/', w.advocate, {
      in_app: false,
      email: false,
      sms: false,
      push: false,
      chat: true,
    });
    await review([(await report('o-3')).id]);
    await deliverMail();
    assert.equal(
      (
        await callApi(t, 'GET', 'notifications/?kind=commission', w.advocate)
      ).json<NotificationsReply>().meta.total,
      2,
    );
  });

  it("a join mails the brand owner unless the brand's setting is off; the brand's link turns it off", async () => {
    inbox.length = 0;
    await campaignWithAdvocate(t, w.owner, w.brandId, w.advocate);
    await deliverMail();
    const ownerEmail = await emailOf(w.owner);
    const mails = inbox.filter((m) => m.to === ownerEmail);
    assert.equal(mails.length, 1);
    const { text } = parts(mails[0].raw);
    assert.match(text, /^user\d+ joined Launch\./);
    assert.match(text, /because you own this brand/);

    assert.deepEqual(
      (await callApi(t, 'GET', `brand/${w.brandId}/notification-settings/`, w.owner)).json(),
      { email: true },
    );
    const link = /Unsubscribe: (\S+)/.exec(text)?.[1] ?? assert.fail('no link');
    const token = decodeURIComponent(new URL(link).searchParams.get('token') ?? '');
    const api = await callApi(t, 'POST', 'unsubscribe/', undefined, { token });
    assert.equal(api.statusCode, 200, api.body);
    assert.deepEqual(api.json(), {
      status: 'success',
      message: 'You will no longer receive these emails.',
      brand_id: w.brandId,
    });
    assert.deepEqual(
      (await callApi(t, 'GET', `brand/${w.brandId}/notification-settings/`, w.owner)).json(),
      { email: false },
    );
    inbox.length = 0;
    const second = await actor(t, db, { roles: ['advocate'] });
    await campaignWithAdvocate(t, w.owner, w.brandId, second);
    await deliverMail();
    assert.equal(inbox.filter((m) => m.to === ownerEmail).length, 0);
    // Turned on again from the settings.
    const on = await callApi(t, 'PUT', `brand/${w.brandId}/notification-settings/`, w.owner, {
      email: true,
    });
    assert.deepEqual(on.json(), { email: true });
    assert.equal(
      (await callApi(t, 'GET', `brand/${w.brandId}/notification-settings/`, w.other)).statusCode,
      404,
    );
  });

  it('waiting reviews: at most one summary a day', async () => {
    const { report } = await campaignWithAdvocate(t, w.owner, w.brandId, w.advocate);
    await report('r-1');
    await report('r-2');
    inbox.length = 0;
    const { db: database, config } = t.app.deps;
    const ctx = () => ({ now: t.clock(), publicUrl: config.publicUrl, secret: config.jwtSecret });
    assert.equal(await sendReviewSummaries(database, ctx()), 1);
    assert.equal(await sendReviewSummaries(database, ctx()), 0, 'not twice the same day');
    await deliverMail();
    const ownerEmail = await emailOf(w.owner);
    const summary = inbox.filter(
      (m) => m.to === ownerEmail && /waiting for your review/.test(parts(m.raw).text),
    );
    assert.equal(summary.length, 1);
    assert.match(
      parts(summary[0].raw).text,
      /2 conversions are waiting for your review in Owner Brand/,
    );
    t.clock.advance(86_400_000);
    assert.equal(await sendReviewSummaries(database, ctx()), 1, 'the next day, again');
  });

  it("a second owner gets the join email too, and their brand link turns the brand's emails off", async () => {
    // Membership written directly: invitations have their own tests (teams.test.ts).
    await db.handle.db.execute(sql`insert into brand_members (brand_id, user_id, role, joined_at)
      values (${w.brandId}, ${w.other.id}, 'owner', now())`);
    inbox.length = 0;
    await campaignWithAdvocate(t, w.owner, w.brandId, w.advocate);
    await deliverMail();
    const otherEmail = await emailOf(w.other);
    const theirs = inbox.filter((m) => m.to === otherEmail);
    assert.equal(theirs.length, 1);
    const link =
      /Unsubscribe: (\S+)/.exec(parts(theirs[0].raw).text)?.[1] ?? assert.fail('no link');
    const token = decodeURIComponent(new URL(link).searchParams.get('token') ?? '');
    const api = await callApi(t, 'POST', 'unsubscribe/', undefined, { token });
    assert.equal(api.statusCode, 200, api.body);
    assert.deepEqual(
      (await callApi(t, 'GET', `brand/${w.brandId}/notification-settings/`, w.owner)).json(),
      { email: false },
    );
  });

  it('waiting reviews: every owner of the brand gets the summary, an admin member none', async () => {
    // Memberships written directly: invitations have their own tests (teams.test.ts).
    await db.handle.db.execute(sql`insert into brand_members (brand_id, user_id, role, joined_at)
      values (${w.brandId}, ${w.other.id}, 'owner', now()), (${w.brandId}, ${w.staff.id}, 'admin', now())`);
    const { report } = await campaignWithAdvocate(t, w.owner, w.brandId, w.advocate);
    await report('r-3');
    inbox.length = 0;
    const { db: database, config } = t.app.deps;
    const ctx = { now: t.clock(), publicUrl: config.publicUrl, secret: config.jwtSecret };
    assert.equal(await sendReviewSummaries(database, ctx), 2);
    await deliverMail();
    const summariesTo = inbox
      .filter((m) => /waiting for your review/.test(parts(m.raw).text))
      .map((m) => m.to)
      .sort();
    assert.deepEqual(summariesTo, [await emailOf(w.owner), await emailOf(w.other)].sort());
  });

  it('an owner without the two-factor sign-in the brand requires gets no summary and no news of it', async () => {
    await db.handle.db.execute(sql`insert into brand_members (brand_id, user_id, role, joined_at)
      values (${w.brandId}, ${w.other.id}, 'owner', now())`);
    await turnOnTwoFactor(t, w.owner);
    await requireTwoFactor(t, w.owner, w.brandId);
    inbox.length = 0;
    const { report } = await campaignWithAdvocate(t, w.owner, w.brandId, w.advocate);
    await report('r-4');
    const { db: database, config } = t.app.deps;
    const ctx = () => ({ now: t.clock(), publicUrl: config.publicUrl, secret: config.jwtSecret });
    assert.equal(await sendReviewSummaries(database, ctx()), 1);
    await deliverMail();
    const [ownerEmail, otherEmail] = [await emailOf(w.owner), await emailOf(w.other)];
    assert.ok(
      inbox.some((m) => m.to === ownerEmail && /waiting for your review/.test(parts(m.raw).text)),
    );
    // Neither the join email nor the summary: the brand's routes refuse them until they turn it on.
    assert.equal(inbox.filter((m) => m.to === otherEmail).length, 0);
    await turnOnTwoFactor(t, w.other);
    inbox.length = 0;
    t.clock.advance(86_400_000);
    // One summary to each owner (the count is of emails).
    assert.equal(await sendReviewSummaries(database, ctx()), 2);
    await deliverMail();
    assert.deepEqual(
      inbox
        .filter((m) => /waiting for your review/.test(parts(m.raw).text))
        .map((m) => m.to)
        .sort(),
      [ownerEmail, otherEmail].sort(),
    );
  });
});

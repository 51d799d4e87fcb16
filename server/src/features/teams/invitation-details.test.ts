// The invitation page's call (GET invitations/details/) and the invitation email's wording.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ErrorReply, InvitationDetailsReply } from 'contract';
import type { MailMessage } from '../../mail/mailer.js';
import {
  createTestUser,
  signIn,
  withBrandWorld,
  type BrandWorld,
  type TestApp,
  type TestDatabase,
} from '../../test/helpers.js';
import { INVITATION_FAILURES } from './routes.js';

let db: TestDatabase;
let t: TestApp;
let w: BrandWorld;

withBrandWorld((world) => ({ db, t, w } = world));

const lastMailTo = (email: string) =>
  (t.app.deps.mailer as unknown as { messages: MailMessage[] }).messages
    .filter((m) => m.to === email)
    .at(-1) ?? assert.fail(`no mail to ${email}`);

async function invite(email: string, role: 'finance' | 'analyst'): Promise<string> {
  const res = await t.call('POST', `brand/${w.brandId}/members/invite/`, {
    as: w.owner,
    body: { email, role },
  });
  assert.equal(res.statusCode, 201, res.body);
  const match = /token=([\w-]+)/.exec(lastMailTo(email).text) ?? assert.fail('no token');
  return decodeURIComponent(match[1]);
}

const details = (token: string) =>
  t.call<InvitationDetailsReply & ErrorReply>(
    'GET',
    `invitations/details/?token=${encodeURIComponent(token)}`,
  );

describe('GET invitations/details/', () => {
  it('names the brand, the inviter and the role for the link, without signing in', async () => {
    const token = await invite('fin@example.test', 'finance');
    const res = await details(token);
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json();
    assert.equal(body.brand_name, 'Owner Brand');
    assert.equal(body.role, 'finance');
    assert.equal(body.email, 'fin@example.test');
    assert.equal(body.state, 'pending');
    assert.ok(body.inviter.length > 0);
    // The email names the same inviter and the product by its name.
    const mail = lastMailTo('fin@example.test');
    assert.ok(
      mail.text.includes(
        `${body.inviter} invited you to join Owner Brand as finance on Advocately.`,
      ),
      mail.text,
    );
    assert.doesNotMatch(mail.text + mail.html, /Advocate Marketplace/);
  });

  it('says expired after 7 days and accepted once used; an unknown token is a 404', async () => {
    const late = await invite('late@example.test', 'analyst');
    const user = await createTestUser(db);
    const token = await invite(user.email, 'analyst');
    const who = { id: user.id, auth: (await signIn(t.app, user)).auth };
    assert.equal(
      (await t.call('POST', 'invitations/accept/', { as: who, body: { token } })).statusCode,
      200,
    );
    assert.equal((await details(token)).json().state, 'accepted');

    const unknown = await details('not-a-token');
    assert.equal(unknown.statusCode, 404);
    assert.equal(unknown.json().detail, INVITATION_FAILURES.unknown);
    assert.equal((await t.call('GET', 'invitations/details/')).statusCode, 400);

    // Last: the clock's jump also ends the owner's session.
    t.clock.advance(7 * 24 * 3600 * 1000 + 1000);
    assert.equal((await details(late)).json().state, 'expired');
  });
});

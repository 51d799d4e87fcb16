import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type {
  AcceptInvitationReply,
  AuditLogReply,
  BrandMembersReply,
  CreatedApiKeyReply,
  ErrorReply,
  InviteMemberReply,
  MeReply,
  MemberReply,
  TwoFactorEnableReply,
  TwoFactorSetupReply,
} from 'contract';
import { TWO_FACTOR_REQUIRED, type BrandRole } from 'contract/teams';
import type { MailMessage } from '../../mail/mailer.js';
import {
  actor,
  createTestUser,
  signIn,
  withBrandWorld,
  type Actor,
  type BrandWorld,
  type TestApp,
  type TestDatabase,
} from '../../test/helpers.js';
import { totpAt } from '../two-factor/totp.js';
import { INVITATION_FAILURES, LAST_OWNER } from './routes.js';

let db: TestDatabase;
let t: TestApp;
let w: BrandWorld;

withBrandWorld((world) => ({ db, t, w } = world));

const messages = () => (t.app.deps.mailer as unknown as { messages: MailMessage[] }).messages;

/** The token=… of the last invitation mailed to `email`. */
function invitationToken(email: string): string {
  const mail =
    messages()
      .filter((m) => m.to === email)
      .at(-1) ?? assert.fail(`no mail to ${email}`);
  const match = /token=([\w-]+)/.exec(mail.text) ?? assert.fail('no token in the mail');
  return decodeURIComponent(match[1]);
}

const invite = (as: Actor, email: string, role: BrandRole, brandId = w.brandId) =>
  t.call<InviteMemberReply & ErrorReply>('POST', `brand/${brandId}/members/invite/`, {
    as,
    body: { email, role },
  });

const accept = (as: Actor, token: string) =>
  t.call<AcceptInvitationReply & ErrorReply>('POST', 'invitations/accept/', {
    as,
    body: { token },
  });

/** A new user who joined the owner's brand with `role` through an invitation. */
async function member(
  role: BrandRole,
  brandId = w.brandId,
  inviter = w.owner,
): Promise<Actor & { email: string }> {
  const user = await createTestUser(db);
  assert.equal((await invite(inviter, user.email, role, brandId)).statusCode, 201);
  const who = { id: user.id, auth: (await signIn(t.app, user)).auth };
  const res = await accept(who, invitationToken(user.email));
  assert.equal(res.statusCode, 200, res.body);
  return { ...who, email: user.email };
}

const members = async (as: Actor = w.owner) =>
  (await t.call<BrandMembersReply>('GET', `brand/${w.brandId}/members/`, { as })).json();

const auditOf = async (brandId = w.brandId) =>
  (
    await t.call<AuditLogReply>('GET', `brand/${brandId}/audit-log/?action=member&per_page=500`, {
      as: w.owner,
    })
  ).json().results;

describe('brand members', () => {
  it("a brand's creator is its owner, listed with their role", async () => {
    const { members: list, invitations } = await members();
    assert.deepEqual(
      list.map((m) => [m.user_id, m.role]),
      [[w.owner.id, 'owner']],
    );
    assert.deepEqual(invitations, []);
  });

  it('an invitation mails a link carrying token=…, listed as pending until accepted', async () => {
    const res = await invite(w.owner, 'Finance@Example.test', 'finance');
    assert.equal(res.statusCode, 201);
    assert.equal(res.json().invitation.email, 'finance@example.test');
    assert.equal(res.json().invitation.role, 'finance');
    const expires = Date.parse(res.json().invitation.expires_at) - t.clock().getTime();
    assert.equal(expires, 7 * 24 * 3600 * 1000);
    const mail = messages().at(-1)!;
    assert.equal(mail.to, 'finance@example.test');
    assert.match(mail.text, /http:\/\/localhost:8000\/auth\/invitation\?token=[\w-]{20,}/);
    assert.deepEqual(
      (await members()).invitations.map((i) => [i.email, i.role]),
      [['finance@example.test', 'finance']],
    );
  });

  it("accepting puts the brand in the invitee's brand_ids with their role, and opens the brand area", async () => {
    const user = await createTestUser(db, { roles: ['advocate'] });
    await invite(w.owner, user.email, 'analyst');
    const who = { id: user.id, auth: (await signIn(t.app, user)).auth };
    const res = await accept(who, invitationToken(user.email));
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), {
      brand_id: w.brandId,
      brand_name: 'Owner Brand',
      role: 'analyst',
    });
    const me = (await t.call<MeReply>('GET', 'user/me/', { as: who })).json().data;
    assert.deepEqual(me.brand_ids, [w.brandId]);
    assert.deepEqual(me.brand_roles, [
      { brand_id: w.brandId, role: 'analyst', two_factor_required: false },
    ]);
    assert.ok(me.roles.includes('Brand Owner'), 'Brand Owner opens the brand area');
    assert.equal((await t.call('GET', `brand/${w.brandId}/`, { as: who })).statusCode, 200);
    assert.deepEqual((await members()).invitations, [], 'no longer pending');
  });

  it('an invitation is refused when expired, reused, unknown, or for another account', async () => {
    const user = await createTestUser(db);
    const stranger = await actor(t, db);
    await invite(w.owner, user.email, 'admin');
    const token = invitationToken(user.email);
    const who = { id: user.id, auth: (await signIn(t.app, user)).auth };

    const wrong = await accept(stranger, token);
    assert.equal(wrong.statusCode, 403);
    assert.equal(wrong.json().detail, INVITATION_FAILURES.wrong_account);
    assert.equal((await accept(who, 'not-a-token')).statusCode, 404);

    assert.equal((await accept(who, token)).statusCode, 200);
    const reused = await accept(who, token);
    assert.equal(reused.statusCode, 400);
    assert.equal(reused.json().detail, INVITATION_FAILURES.used);

    const late = await createTestUser(db);
    await invite(w.owner, late.email, 'admin');
    const lateToken = invitationToken(late.email);
    t.clock.advance(7 * 24 * 3600 * 1000 + 1000);
    const expired = await accept(
      { id: late.id, auth: (await signIn(t.app, late)).auth },
      lateToken,
    );
    assert.equal(expired.statusCode, 400);
    assert.deepEqual(expired.json().errors, { token: [INVITATION_FAILURES.expired] });
  });

  it('a second invitation to the same address replaces the first link', async () => {
    const user = await createTestUser(db);
    await invite(w.owner, user.email, 'analyst');
    const first = invitationToken(user.email);
    await invite(w.owner, user.email, 'finance');
    const who = { id: user.id, auth: (await signIn(t.app, user)).auth };
    assert.equal((await accept(who, first)).statusCode, 400);
    assert.equal((await accept(who, invitationToken(user.email))).json().role, 'finance');
  });

  it('an existing member cannot be invited again (400 naming email)', async () => {
    const admin = await member('admin');
    const res = await invite(w.owner, admin.email, 'analyst');
    assert.equal(res.statusCode, 400);
    assert.ok(res.json().errors?.email);
  });

  it('the owner changes roles; the last owner cannot be demoted, remove themself or leave', async () => {
    const admin = await member('admin');
    const change = await t.call<MemberReply>('PATCH', `brand/${w.brandId}/members/${admin.id}/`, {
      as: w.owner,
      body: { role: 'finance' },
    });
    assert.equal(change.statusCode, 200);
    assert.equal(change.json().member.role, 'finance');

    const demote = await t.call<ErrorReply>('PATCH', `brand/${w.brandId}/members/${w.owner.id}/`, {
      as: w.owner,
      body: { role: 'admin' },
    });
    assert.equal(demote.statusCode, 400);
    assert.equal(demote.json().detail, LAST_OWNER);
    const leave = await t.call<ErrorReply>('DELETE', `brand/${w.brandId}/members/${w.owner.id}/`, {
      as: w.owner,
    });
    assert.equal(leave.statusCode, 400);
    assert.equal(leave.json().detail, LAST_OWNER);

    // With a second owner, the first may leave.
    await t.call('PATCH', `brand/${w.brandId}/members/${admin.id}/`, {
      as: w.owner,
      body: { role: 'owner' },
    });
    assert.equal(
      (await t.call('DELETE', `brand/${w.brandId}/members/${w.owner.id}/`, { as: w.owner }))
        .statusCode,
      200,
    );
    assert.equal((await t.call('GET', `brand/${w.brandId}/`, { as: w.owner })).statusCode, 404);
  });

  it('a member can leave; the owner can remove one; after that the brand is a 404 to them', async () => {
    const analyst = await member('analyst');
    const finance = await member('finance');
    assert.equal(
      (await t.call('DELETE', `brand/${w.brandId}/members/${analyst.id}/`, { as: analyst }))
        .statusCode,
      200,
    );
    const removeOther = await t.call<ErrorReply>(
      'DELETE',
      `brand/${w.brandId}/members/${w.owner.id}/`,
      { as: finance },
    );
    assert.equal(removeOther.statusCode, 403, 'only an owner removes others');
    assert.match(removeOther.json().detail, /the owner role/);
    assert.equal(
      (await t.call('DELETE', `brand/${w.brandId}/members/${finance.id}/`, { as: w.owner }))
        .statusCode,
      200,
    );
    assert.equal((await t.call('GET', `brand/${w.brandId}/`, { as: finance })).statusCode, 404);
    assert.deepEqual(
      (await members()).members.map((m) => m.user_id),
      [w.owner.id],
    );
  });

  it('members lacking the role get a 403 naming it; non-members still a 404', async () => {
    const analyst = await member('analyst');
    const res = await t.call<ErrorReply>('POST', `brand/${w.brandId}/members/invite/`, {
      as: analyst,
      body: { email: 'x@example.test', role: 'analyst' },
    });
    assert.equal(res.statusCode, 403);
    assert.equal(res.json().detail, 'This needs the owner role on this brand; yours is analyst.');
    const outsider = await t.call<ErrorReply>('GET', `brand/${w.brandId}/members/`, {
      as: w.other,
    });
    assert.equal(outsider.statusCode, 404);
    assert.equal(outsider.json().detail, 'Brand not found');
  });
});

describe("the brand's two-factor requirement", () => {
  async function turnOnTwoFactor(who: Actor) {
    const { secret } = (
      await t.call<TwoFactorSetupReply>('POST', 'user/2fa/setup/', { as: who })
    ).json();
    const res = await t.call<TwoFactorEnableReply>('POST', 'user/2fa/enable/', {
      as: who,
      // Actors sign in with the test users' default password.
      body: { password: 'Password1!', code: await totpAt(secret, t.clock()) },
    });
    assert.equal(res.statusCode, 200);
  }

  it('the owner needs two-factor to require it; members without it are asked to set it up', async () => {
    const analyst = await member('analyst');
    const require = () =>
      t.call<ErrorReply>('PUT', `brand/${w.brandId}/team-settings/`, {
        as: w.owner,
        body: { require_two_factor: true },
      });
    assert.equal((await require()).statusCode, 400);
    await turnOnTwoFactor(w.owner);
    assert.equal((await require()).statusCode, 200);

    const blocked = await t.call<ErrorReply>('GET', `brand/${w.brandId}/`, { as: analyst });
    assert.equal(blocked.statusCode, 403);
    assert.equal(blocked.json().detail, TWO_FACTOR_REQUIRED);
    const me = (await t.call<MeReply>('GET', 'user/me/', { as: analyst })).json().data;
    assert.deepEqual(me.brand_roles, [
      { brand_id: w.brandId, role: 'analyst', two_factor_required: true },
    ]);

    await turnOnTwoFactor(analyst);
    assert.equal((await t.call('GET', `brand/${w.brandId}/`, { as: analyst })).statusCode, 200);
    assert.equal((await members(analyst)).require_two_factor, true);
  });
});

describe('API keys belong to the brand', () => {
  const createKey = async (as: Actor) => {
    const res = await t.call<CreatedApiKeyReply>('POST', `brand/${w.brandId}/api-keys/`, {
      as,
      body: { kind: 'secret' },
    });
    assert.equal(res.statusCode, 201, res.body);
    return res.json().secret;
  };
  /** A conversion report with the key: 401 'Invalid API key' when the key is not live. */
  const keyWorks = async (secret: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sdk-log-conversion/',
      headers: { authorization: `Bearer ${secret}`, 'x-sdk-version': '1.0.1' },
      payload: {
        conversionRef: `r${Math.random()}`,
        affiliateId: w.advocate.id,
        campaignId: 999999,
      },
    });
    return res.statusCode !== 401;
  };
  const deactivate = (who: Actor) => t.call('POST', 'user/delete/', { as: who, body: {} });

  it('removing the member who made a key does not stop it', async () => {
    const admin = await member('admin');
    const secret = await createKey(admin);
    await t.call('DELETE', `brand/${w.brandId}/members/${admin.id}/`, { as: w.owner });
    assert.equal(await keyWorks(secret), true);
  });

  it('a deactivated owner stops the keys only while no other owner is active', async () => {
    const secret = await createKey(w.owner);
    const second = await member('owner');
    assert.equal((await deactivate(w.owner)).statusCode, 200);
    assert.equal(await keyWorks(secret), true, 'another owner is active');
    assert.equal((await deactivate(second)).statusCode, 200);
    assert.equal(await keyWorks(secret), false, 'no active owner left');
  });
});

describe('team changes in the audit log', () => {
  it('records invitation, joining, role change and removal once each, with before/after', async () => {
    const admin = await member('admin');
    await t.call('PATCH', `brand/${w.brandId}/members/${admin.id}/`, {
      as: w.owner,
      body: { role: 'finance' },
    });
    await t.call('DELETE', `brand/${w.brandId}/members/${admin.id}/`, { as: w.owner });
    const entries = (await auditOf()).reverse();
    assert.deepEqual(
      entries.map((e) => [e.action, e.actor.id, e.before, e.after]),
      [
        ['member.invited', w.owner.id, null, { email: admin.email, role: 'admin' }],
        ['member.joined', admin.id, null, { role: 'admin' }],
        ['member.role_changed', w.owner.id, { role: 'admin' }, { role: 'finance' }],
        ['member.removed', w.owner.id, { role: 'finance' }, null],
      ],
    );
  });

  it('a refused change leaves no entry', async () => {
    await t.call('PATCH', `brand/${w.brandId}/members/${w.owner.id}/`, {
      as: w.owner,
      body: { role: 'admin' },
    });
    assert.deepEqual(await auditOf(), []);
  });
});

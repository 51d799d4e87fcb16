import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type {
  ErrorReply,
  LoginReply,
  MeReply,
  MfaChallengeReply,
  StatusReply,
  TwoFactorEnableReply,
  TwoFactorSetupReply,
} from 'contract';
import {
  createTestUser,
  signIn,
  withTestApp,
  type TestApp,
  type TestDatabase,
  type TestUser,
} from '../../test/helpers.js';
import { TWO_FACTOR_LIMITS, WRONG_CODE } from './routes.js';
import { totpAt } from './totp.js';

let db: TestDatabase;
let t: TestApp;

withTestApp((world) => ({ db, t } = world));

const STEP_MS = 30_000;

/** The code an authenticator app shows `offsetSteps` steps from the test clock's now. */
const codeAt = (secret: string, offsetSteps = 0) =>
  totpAt(secret, new Date(t.clock().getTime() + offsetSteps * STEP_MS));

/** A user with two-factor turned on; returns the secret and recovery codes. */
async function withTwoFactor(user: TestUser) {
  const session = await signIn(t.app, user);
  const setup = await t.call<TwoFactorSetupReply>('POST', 'user/2fa/setup/', { as: session });
  assert.equal(setup.statusCode, 200);
  const { secret } = setup.json();
  const enable = await t.call<TwoFactorEnableReply>('POST', 'user/2fa/enable/', {
    as: session,
    body: { code: await codeAt(secret) },
  });
  assert.equal(enable.statusCode, 200, enable.body);
  // The next code the app shows: the enabling one was used.
  t.clock.advance(STEP_MS);
  return { secret, recoveryCodes: enable.json().recovery_codes, session };
}

const passwordStep = async (user: TestUser) => {
  const res = await t.call<MfaChallengeReply>('POST', 'token/', {
    body: { email: user.email, password: user.password },
  });
  assert.equal(res.statusCode, 200);
  return res.json();
};

const secondStep = (mfaToken: string, code: string) =>
  t.call<LoginReply & ErrorReply>('POST', 'token/2fa/', { body: { mfa_token: mfaToken, code } });

describe('two-factor set-up', () => {
  it('gives a base32 secret and an otpauth URL; nothing changes until a first code confirms it', async () => {
    const user = await createTestUser(db);
    const session = await signIn(t.app, user);
    const res = await t.call<TwoFactorSetupReply>('POST', 'user/2fa/setup/', { as: session });
    assert.equal(res.statusCode, 200);
    const { secret, otpauth_url } = res.json();
    assert.match(secret, /^[A-Z2-7]{32}$/);
    assert.match(otpauth_url, /^otpauth:\/\/totp\//);
    assert.ok(otpauth_url.includes(`secret=${secret}`));
    assert.ok(otpauth_url.includes(encodeURIComponent(user.email)));
    // Not on yet: the password alone still signs in.
    const login = await t.call<LoginReply>('POST', 'token/', {
      body: { email: user.email, password: user.password },
    });
    assert.equal(typeof login.json().access, 'string');
    const me = await t.call<MeReply>('GET', 'user/me/', { as: session });
    assert.equal(me.json().data.two_factor_enabled, false);
  });

  it('refuses a wrong first code, naming the code field', async () => {
    const user = await createTestUser(db);
    const session = await signIn(t.app, user);
    const { secret } = (
      await t.call<TwoFactorSetupReply>('POST', 'user/2fa/setup/', { as: session })
    ).json();
    const good = await codeAt(secret);
    const wrong = good === '000000' ? '111111' : '000000';
    const res = await t.call<ErrorReply>('POST', 'user/2fa/enable/', {
      as: session,
      body: { code: wrong },
    });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.json().errors, { code: [WRONG_CODE] });
  });

  it('enables with a first code: ten distinct recovery codes and two_factor_enabled on user/me/', async () => {
    const user = await createTestUser(db);
    const { recoveryCodes, session } = await withTwoFactor(user);
    assert.equal(recoveryCodes.length, 10);
    assert.equal(new Set(recoveryCodes).size, 10);
    for (const code of recoveryCodes) assert.match(code, /^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const me = await t.call<MeReply>('GET', 'user/me/', { as: session });
    assert.equal(me.json().data.two_factor_enabled, true);
    const again = await t.call<ErrorReply>('POST', 'user/2fa/setup/', { as: session });
    assert.equal(again.statusCode, 400, 'set-up cannot replace an enabled secret');
  });
});

describe('signing in with two-factor on', () => {
  it('the password step answers mfa_required and no access token or cookie', async () => {
    const user = await createTestUser(db);
    await withTwoFactor(user);
    const res = await t.call<MfaChallengeReply & Partial<LoginReply>>('POST', 'token/', {
      body: { email: user.email, password: user.password },
    });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().mfa_required, true);
    assert.equal(typeof res.json().mfa_token, 'string');
    assert.equal(res.json().access, undefined);
    assert.equal(
      res.cookies.find((c) => c.name === 'refresh_token'),
      undefined,
    );
  });

  it('the second step with the current code answers as token/ does, and the token works', async () => {
    const user = await createTestUser(db, { roles: ['advocate'] });
    const { secret } = await withTwoFactor(user);
    const { mfa_token } = await passwordStep(user);
    const res = await secondStep(mfa_token, await codeAt(secret));
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json();
    assert.equal(body.user_id, user.id);
    assert.deepEqual(body.roles, ['Advocate']);
    assert.ok(res.cookies.find((c) => c.name === 'refresh_token')?.value);
    const me = await t.call<MeReply>('GET', 'user/me/', {
      as: { auth: { authorization: `Bearer ${body.access}` } },
    });
    assert.equal(me.json().data.id, user.id);
  });

  it('accepts the previous and the next step, not two steps away', async () => {
    const user = await createTestUser(db);
    const { secret } = await withTwoFactor(user);
    t.clock.advance(10 * STEP_MS);
    const { mfa_token } = await passwordStep(user);
    assert.equal((await secondStep(mfa_token, await codeAt(secret, -2))).statusCode, 400);
    assert.equal((await secondStep(mfa_token, await codeAt(secret, 2))).statusCode, 400);
    assert.equal((await secondStep(mfa_token, await codeAt(secret, -1))).statusCode, 200);
    t.clock.advance(5 * STEP_MS);
    const again = await passwordStep(user);
    assert.equal((await secondStep(again.mfa_token, await codeAt(secret, 1))).statusCode, 200);
  });

  it('a code works once: reused, it is refused, and so is an older one', async () => {
    const user = await createTestUser(db);
    const { secret } = await withTwoFactor(user);
    const code = await codeAt(secret);
    const first = await passwordStep(user);
    assert.equal((await secondStep(first.mfa_token, code)).statusCode, 200);
    const second = await passwordStep(user);
    const reused = await secondStep(second.mfa_token, code);
    assert.equal(reused.statusCode, 400);
    assert.equal(reused.json().detail, WRONG_CODE);
    assert.equal((await secondStep(second.mfa_token, await codeAt(secret, -1))).statusCode, 400);
  });

  it('refuses a wrong code and a forged or expired mfa_token', async () => {
    const user = await createTestUser(db);
    const { secret } = await withTwoFactor(user);
    const { mfa_token } = await passwordStep(user);
    const good = await codeAt(secret);
    assert.equal(
      (await secondStep(mfa_token, good === '123456' ? '654321' : '123456')).statusCode,
      400,
    );
    assert.equal((await secondStep(`${mfa_token}x`, good)).statusCode, 401);
    t.clock.advance(6 * 60_000);
    const expired = await secondStep(mfa_token, await codeAt(secret));
    assert.equal(expired.statusCode, 401);
  });

  it('an access token is not an mfa_token', async () => {
    const user = await createTestUser(db);
    const { secret, session } = await withTwoFactor(user);
    assert.equal((await secondStep(session.access, await codeAt(secret))).statusCode, 401);
  });

  it('each recovery code signs in once', async () => {
    const user = await createTestUser(db);
    const { recoveryCodes } = await withTwoFactor(user);
    const first = await passwordStep(user);
    assert.equal(
      (await secondStep(first.mfa_token, recoveryCodes[3].toUpperCase())).statusCode,
      200,
    );
    const second = await passwordStep(user);
    assert.equal((await secondStep(second.mfa_token, recoveryCodes[3])).statusCode, 400);
    assert.equal((await secondStep(second.mfa_token, recoveryCodes[4])).statusCode, 200);
  });

  it('has its own rate limit per account', async () => {
    const user = await createTestUser(db);
    await withTwoFactor(user);
    const { mfa_token } = await passwordStep(user);
    for (let i = 0; i < TWO_FACTOR_LIMITS.perUser.max; i += 1)
      assert.equal((await secondStep(mfa_token, '000000')).statusCode, 400);
    assert.equal((await secondStep(mfa_token, '000000')).statusCode, 429);
  });
});

describe('turning two-factor off', () => {
  it('needs a current code; then the password alone signs in again', async () => {
    const user = await createTestUser(db);
    const { secret, session } = await withTwoFactor(user);
    const none = await t.call<ErrorReply>('POST', 'user/2fa/disable/', {
      as: session,
      body: { code: '000000' === (await codeAt(secret)) ? '111111' : '000000' },
    });
    assert.equal(none.statusCode, 400);
    const off = await t.call<StatusReply>('POST', 'user/2fa/disable/', {
      as: session,
      body: { code: await codeAt(secret) },
    });
    assert.equal(off.statusCode, 200);
    const login = await t.call<LoginReply>('POST', 'token/', {
      body: { email: user.email, password: user.password },
    });
    assert.equal(typeof login.json().access, 'string');
  });

  it('a password reset leaves it on', async () => {
    const user = await createTestUser(db);
    await withTwoFactor(user);
    await t.call('POST', 'auth/forgot-password', { body: { email: user.email } });
    const code = t.mail.at(-1)!.code;
    const reset = await t.call('POST', 'auth/reset-password', {
      body: { email: user.email, otp: code, password: 'BrandNew1!x' },
    });
    assert.equal(reset.statusCode, 200);
    const login = await t.call<MfaChallengeReply>('POST', 'token/', {
      body: { email: user.email, password: 'BrandNew1!x' },
    });
    assert.equal(login.json().mfa_required, true);
  });
});

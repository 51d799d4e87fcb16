import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type {
  ErrorReply,
  LoginReply,
  TwoFactorStatusReply,
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
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../lib/sql.js';
import { TWO_FACTOR_LIMITS, WRONG_CODE, WRONG_PASSWORD } from './routes.js';
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
    body: { password: user.password, code: await codeAt(secret) },
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
      body: { password: user.password, code: wrong },
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
    // Every code checked counts, the one that turned two-factor on included.
    for (let i = 1; i < TWO_FACTOR_LIMITS.perUser.max; i += 1)
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
      body: {
        password: user.password,
        code: '000000' === (await codeAt(secret)) ? '111111' : '000000',
      },
    });
    assert.equal(none.statusCode, 400);
    const off = await t.call<StatusReply>('POST', 'user/2fa/disable/', {
      as: session,
      body: { password: user.password, code: await codeAt(secret) },
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

describe('forged mfa tokens (issue 33, item 2)', () => {
  /** An unsigned token naming `userId`, as anyone can write one by hand. */
  const forged = (userId: number) => {
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: String(userId), pur: 'mfa' })}.AAAA`;
  };
  const secondStepFrom = (address: string, mfaToken: string, code: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/token/2fa/',
      payload: { mfa_token: mfaToken, code },
      remoteAddress: address,
    });

  it('are refused and count against nobody: the real user then signs in from elsewhere', async () => {
    const user = await createTestUser(db);
    const { secret } = await withTwoFactor(user);
    for (let i = 0; i < TWO_FACTOR_LIMITS.perUser.max + 2; i += 1) {
      const res = await secondStepFrom('203.0.113.9', forged(user.id), '000000');
      assert.equal(res.statusCode, 401, res.body);
    }
    const { mfa_token } = await passwordStep(user);
    const res = await secondStepFrom('198.51.100.4', mfa_token, await codeAt(secret));
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(typeof res.json().access, 'string');
  });
});

describe('the two-factor settings need the password, and a code to turn off (issue 33, item 5)', () => {
  const wrongOf = async (secret: string) =>
    (await codeAt(secret)) === '000000' ? '111111' : '000000';

  it('turning on refuses a missing or wrong password, naming the field', async () => {
    const user = await createTestUser(db);
    const session = await signIn(t.app, user);
    const { secret } = (
      await t.call<TwoFactorSetupReply>('POST', 'user/2fa/setup/', { as: session })
    ).json();
    const missing = await t.call<ErrorReply>('POST', 'user/2fa/enable/', {
      as: session,
      body: { code: await codeAt(secret) },
    });
    assert.equal(missing.statusCode, 400);
    assert.ok(missing.json().errors?.password, missing.body);
    const wrong = await t.call<ErrorReply>('POST', 'user/2fa/enable/', {
      as: session,
      body: { password: 'not-the-password', code: await codeAt(secret) },
    });
    assert.equal(wrong.statusCode, 400);
    assert.deepEqual(wrong.json().errors, { password: [WRONG_PASSWORD] });
    const me = await t.call<TwoFactorStatusReply>('GET', 'user/2fa/', { as: session });
    assert.deepEqual(me.json(), { enabled: false, recovery_codes_remaining: 0 });
  });

  it('turning off refuses a wrong password even with the right code, and stays on', async () => {
    const user = await createTestUser(db);
    const { secret, session } = await withTwoFactor(user);
    const res = await t.call<ErrorReply>('POST', 'user/2fa/disable/', {
      as: session,
      body: { password: 'not-the-password', code: await codeAt(secret) },
    });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.json().errors, { password: [WRONG_PASSWORD] });
    const state = await t.call<TwoFactorStatusReply>('GET', 'user/2fa/', { as: session });
    assert.equal(state.json().enabled, true);
  });

  it('disable/ has the per-account code limit: guesses end in 429', async () => {
    const user = await createTestUser(db);
    const { secret, session } = await withTwoFactor(user);
    const wrong = await wrongOf(secret);
    // Every code checked counts, the one that turned two-factor on included.
    for (let i = 1; i < TWO_FACTOR_LIMITS.perUser.max; i += 1) {
      const res = await t.call('POST', 'user/2fa/disable/', {
        as: session,
        body: { password: user.password, code: wrong },
      });
      assert.equal(res.statusCode, 400, res.body);
    }
    const limited = await t.call('POST', 'user/2fa/disable/', {
      as: session,
      body: { password: user.password, code: await codeAt(secret) },
    });
    assert.equal(limited.statusCode, 429);
    assert.ok(limited.headers['retry-after']);
    // The same account budget holds at sign-in.
    const { mfa_token } = await passwordStep(user);
    assert.equal((await secondStep(mfa_token, await codeAt(secret))).statusCode, 429);
  });
});

describe('recovery codes and security emails (issue 35, item 13)', () => {
  const emails = (userId: number) =>
    rowsOf<{ kind: string; unsubscribe_url: string | null; text: string }>(
      db.handle.db,
      sql`select kind, unsubscribe_url, text from email_jobs where user_id = ${userId} order by id`,
    );

  it('counts the codes left, emails when one is used, and regenerates with password and code', async () => {
    const user = await createTestUser(db);
    const { secret, session, recoveryCodes } = await withTwoFactor(user);
    const status = () => t.call<TwoFactorStatusReply>('GET', 'user/2fa/', { as: session });
    assert.deepEqual((await status()).json(), { enabled: true, recovery_codes_remaining: 10 });

    const { mfa_token } = await passwordStep(user);
    assert.equal((await secondStep(mfa_token, recoveryCodes[0])).statusCode, 200);
    assert.equal((await status()).json().recovery_codes_remaining, 9);
    assert.deepEqual(
      (await emails(user.id)).map((e) => e.kind),
      ['security.two_factor_on', 'security.recovery_code_used'],
    );

    const noCode = await t.call<ErrorReply>('POST', 'user/2fa/recovery-codes/', {
      as: session,
      body: {
        password: user.password,
        code: '000000' === (await codeAt(secret)) ? '111111' : '000000',
      },
    });
    assert.equal(noCode.statusCode, 400);
    const fresh = await t.call<TwoFactorEnableReply>('POST', 'user/2fa/recovery-codes/', {
      as: session,
      body: { password: user.password, code: await codeAt(secret) },
    });
    assert.equal(fresh.statusCode, 200, fresh.body);
    const codes = fresh.json().recovery_codes;
    assert.equal(codes.length, 10);
    assert.equal((await status()).json().recovery_codes_remaining, 10);
    // The earlier codes stop working; the new ones work.
    const again = await passwordStep(user);
    assert.equal((await secondStep(again.mfa_token, recoveryCodes[1])).statusCode, 400);
    assert.equal((await secondStep(again.mfa_token, codes[0])).statusCode, 200);
  });

  it('emails the holder when two-factor goes on and off, with no unsubscribe link', async () => {
    const user = await createTestUser(db);
    const { secret, session } = await withTwoFactor(user);
    const off = await t.call('POST', 'user/2fa/disable/', {
      as: session,
      body: { password: user.password, code: await codeAt(secret) },
    });
    assert.equal(off.statusCode, 200, off.body);
    const sent = await emails(user.id);
    assert.deepEqual(
      sent.map((e) => e.kind),
      ['security.two_factor_on', 'security.two_factor_off'],
    );
    for (const email of sent) {
      assert.equal(email.unsubscribe_url, null);
      assert.doesNotMatch(email.text, /Unsubscribe/);
      assert.match(email.text, /If this was not you/);
    }
  });
});

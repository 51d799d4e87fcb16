import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, it } from 'node:test';
import { buildApp } from '../../app.js';
import { OUTBOX_FILE } from '../../mail/mailer.js';
import type { ErrorReply, LoginReply, MeReply, RefreshReply, StatusReply } from 'contract';
import {
  buildTestApp,
  withTestApp,
  createTestUser,
  login,
  testConfig,
  type TestApp,
  type TestDatabase,
  type TestUser,
} from '../../test/helpers.js';

let db: TestDatabase;
let t: TestApp;
let user: TestUser;

withTestApp((world) => ({ db, t } = world));
beforeEach(async () => {
  user = await createTestUser(db);
});

const post = <Reply = StatusReply>(url: string, payload: object) =>
  t.call<Reply>('POST', `auth/${url}`, { body: payload });
const lastCode = () => {
  const mail = t.mail.at(-1);
  assert.ok(mail, 'a mail was sent');
  return mail.code;
};
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const me = async (auth: { authorization: string }) =>
  (await t.call<MeReply>('GET', 'user/me/', { headers: auth })).json().data;

describe('email verification', () => {
  it('sends a 6-digit code and verifies the account with it', async () => {
    const sent = await post('send-otp', { email: user.email });
    assert.equal(sent.statusCode, 200);
    assert.deepEqual(sent.json(), {
      status: 'success',
      message: 'Verification code sent to the email',
    });
    assert.equal(t.mail.length, 1);
    assert.equal(t.mail[0].to, user.email);
    assert.equal(t.mail[0].purpose, 'verify');
    assert.match(t.mail[0].code, /^\d{6}$/);
    assert.ok(t.mail[0].text.includes(t.mail[0].code));

    const verified = await post('verify-otp', { email: user.email, otp: lastCode() });
    assert.equal(verified.statusCode, 200);
    assert.deepEqual(verified.json(), {
      status: 'success',
      message: 'Account verified successfully',
    });
    const session = await login(t.app, user);
    assert.equal((await me(session.auth)).verified_at, t.clock().toISOString());
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const res = await post('send-otp', { email: 'ghost@example.test' });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), {
      status: 'success',
      message: 'Verification code sent to the email',
    });
    assert.equal(t.mail.length, 0);
    const verify = await post('verify-otp', { email: 'ghost@example.test', otp: '123456' });
    assert.equal(verify.statusCode, 400);
    assert.deepEqual(verify.json(), {
      detail: 'Invalid or expired code',
      errors: { otp: ['Invalid or expired code'] },
    });
  });

  it('rejects a wrong code, then accepts the right one', async () => {
    await post('send-otp', { email: user.email });
    const code = lastCode();
    const wrong = await post<ErrorReply>('verify-otp', { email: user.email, otp: wrongCode(code) });
    assert.equal(wrong.statusCode, 400);
    assert.equal(wrong.json().detail, 'Invalid or expired code');
    assert.equal((await post('verify-otp', { email: user.email, otp: code })).statusCode, 200);
  });

  it('codes are single use', async () => {
    await post('send-otp', { email: user.email });
    const code = lastCode();
    assert.equal((await post('verify-otp', { email: user.email, otp: code })).statusCode, 200);
    const reused = await post<ErrorReply>('verify-otp', { email: user.email, otp: code });
    assert.equal(reused.statusCode, 400);
    assert.equal(reused.json().detail, 'Invalid or expired code');
  });

  it('codes expire after 10 minutes', async () => {
    await post('send-otp', { email: user.email });
    const code = lastCode();
    t.clock.advance(10 * 60 * 1000 + 1);
    const res = await post<ErrorReply>('verify-otp', { email: user.email, otp: code });
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().detail, 'This code has expired. Request a new one.');
  });

  it('a code is valid just before 10 minutes', async () => {
    await post('send-otp', { email: user.email });
    t.clock.advance(10 * 60 * 1000 - 1000);
    assert.equal(
      (await post('verify-otp', { email: user.email, otp: lastCode() })).statusCode,
      200,
    );
  });

  it('allows at most 5 tries, after which even the right code fails', async () => {
    await post('send-otp', { email: user.email });
    const code = lastCode();
    for (let i = 1; i <= 4; i++) {
      assert.equal(
        (await post<ErrorReply>('verify-otp', { email: user.email, otp: wrongCode(code) })).json()
          .detail,
        'Invalid or expired code',
      );
    }
    const fifth = await post<ErrorReply>('verify-otp', { email: user.email, otp: wrongCode(code) });
    assert.equal(fifth.json().detail, 'Too many wrong attempts. Request a new code.');
    const right = await post<ErrorReply>('verify-otp', { email: user.email, otp: code });
    assert.equal(right.statusCode, 400);
    assert.equal(right.json().detail, 'Too many wrong attempts. Request a new code.');
    // A new code starts a fresh budget.
    await post('send-otp', { email: user.email });
    assert.equal(
      (await post('verify-otp', { email: user.email, otp: lastCode() })).statusCode,
      200,
    );
  });

  it('a new code replaces the previous one', async () => {
    await post('send-otp', { email: user.email });
    const first = lastCode();
    await post('send-otp', { email: user.email });
    const second = lastCode();
    if (first !== second)
      assert.equal((await post('verify-otp', { email: user.email, otp: first })).statusCode, 400);
    assert.equal((await post('verify-otp', { email: user.email, otp: second })).statusCode, 200);
  });

  it('validates the code format', async () => {
    const res = await post<ErrorReply>('verify-otp', { email: user.email, otp: '12ab' });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.json().errors, { otp: ['must be a 6-digit code'] });
  });
});

describe('password reset', () => {
  it('resets the password with the mailed code and revokes every session', async () => {
    const session = await login(t.app, user);
    const sent = await post('forgot-password', { email: user.email.toUpperCase() });
    assert.deepEqual(sent.json(), {
      status: 'success',
      message: 'Password reset code sent to the email',
    });
    assert.equal(t.mail.at(-1)?.purpose, 'reset');

    const reset = await post('reset-password', {
      email: user.email,
      otp: lastCode(),
      password: 'BrandNew123!',
    });
    assert.equal(reset.statusCode, 200);
    assert.deepEqual(reset.json(), {
      status: 'success',
      message: 'Password has been reset successfully',
    });

    assert.equal((await t.call<MeReply>('GET', 'user/me/', { as: session })).statusCode, 401);
    const refreshed = await t.call<RefreshReply>('POST', 'token/refresh/', {
      cookies: { refresh_token: session.refreshCookie },
    });
    assert.equal(refreshed.statusCode, 401);
    const old = await t.call<LoginReply>('POST', 'token/', {
      body: { email: user.email, password: user.password },
    });
    assert.equal(old.statusCode, 401);
    await login(t.app, { email: user.email, password: 'BrandNew123!' });
  });

  it('keeps purposes apart: a verification code cannot reset the password', async () => {
    await post('send-otp', { email: user.email });
    const res = await post<ErrorReply>('reset-password', {
      email: user.email,
      otp: lastCode(),
      password: 'BrandNew123!',
    });
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().detail, 'Invalid or expired code');
  });

  it('requires a new password of at least 8 characters, without spending the code', async () => {
    await post('forgot-password', { email: user.email });
    const code = lastCode();
    const res = await post<ErrorReply>('reset-password', {
      email: user.email,
      otp: code,
      password: 'short',
    });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.json().errors, { password: ['must be at least 8 characters'] });
    assert.equal(
      (await post('reset-password', { email: user.email, otp: code, password: 'LongEnough1' }))
        .statusCode,
      200,
    );
  });

  it('answers the same for an unknown email', async () => {
    const res = await post('forgot-password', { email: 'ghost@example.test' });
    assert.deepEqual(res.json(), {
      status: 'success',
      message: 'Password reset code sent to the email',
    });
    assert.equal(t.mail.length, 0);
  });

  it('is rate-limited per email', async () => {
    await t.app.close();
    t = await buildTestApp(db, {
      rateLimits: { ...t.app.deps.config.rateLimits, otpPerEmail: { max: 2, windowMs: 60_000 } },
    });
    assert.equal((await post('forgot-password', { email: user.email })).statusCode, 200);
    assert.equal((await post('send-otp', { email: user.email })).statusCode, 200);
    const limited = await post('forgot-password', { email: user.email });
    assert.equal(limited.statusCode, 429);
    assert.ok(Number(limited.headers['retry-after']) >= 1);
    assert.equal(
      (await post('forgot-password', { email: 'someone@example.test' })).statusCode,
      200,
    );
  });
});

describe('the same answer in the same time for every email', () => {
  it('answers before the email is looked up or the code mailed, then mails it', async () => {
    // A mail server that holds every mail until released: the reply must not wait for it.
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const sent: string[] = [];
    const app = await buildApp({
      config: testConfig(),
      database: db.handle,
      logger: false,
      mailer: {
        async sendOtp(mail) {
          await gate;
          sent.push(mail.to);
        },
        async send() {},
      },
    });
    try {
      for (const url of ['forgot-password', 'send-otp']) {
        for (const email of [user.email, 'ghost@example.test']) {
          const reply = await Promise.race([
            app.inject({ method: 'POST', url: `/api/v1/auth/${url}`, payload: { email } }),
            new Promise<'held'>((resolve) => setTimeout(() => resolve('held'), 2_000)),
          ]);
          assert.notEqual(reply, 'held', `${url} for ${email} waited for the mail`);
          assert.equal(reply !== 'held' && reply.statusCode, 200);
        }
      }
      assert.deepEqual(sent, []);
      release();
      await app.deps.otp.settled();
      assert.deepEqual(sent, [user.email, user.email], 'the known email got both codes');
    } finally {
      release();
      await app.close();
    }
  });
});

describe('outbox mailer', () => {
  it('appends {to, subject, text, code, purpose, at} lines to DATA_DIR/outbox.jsonl', async () => {
    const config = testConfig();
    const app = await buildApp({ config, database: db.handle, logger: false });
    try {
      await app.inject({
        method: 'POST',
        url: '/api/v1/auth/send-otp',
        payload: { email: user.email },
      });
      await app.deps.otp.settled();
      const lines = readFileSync(path.join(config.dataDir, OUTBOX_FILE), 'utf8').trim().split('\n');
      assert.equal(lines.length, 1);
      const entry = JSON.parse(lines[0]);
      assert.equal(entry.to, user.email);
      assert.equal(entry.purpose, 'verify');
      assert.match(entry.code, /^\d{6}$/);
      assert.equal(typeof entry.subject, 'string');
      assert.ok(entry.text.includes(entry.code));
      assert.ok(!Number.isNaN(Date.parse(entry.at)));
    } finally {
      await app.close();
    }
  });
});

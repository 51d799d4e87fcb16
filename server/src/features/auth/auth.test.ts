import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SignJWT } from 'jose';
import { REFRESH_REUSE_GRACE_MS } from './sessions.js';
import type {
  ErrorReply,
  LoginReply,
  MeReply,
  RefreshReply,
  RegisterReply,
  StatusReply,
} from 'contract';
import {
  buildTestApp,
  withTestApp,
  createTestUser,
  login,
  refreshCookieOf,
  testConfig,
  type TestApp,
  type TestDatabase,
} from '../../test/helpers.js';

let db: TestDatabase;
let t: TestApp;

withTestApp((world) => ({ db, t } = world));

const refresh = (cookie: string) =>
  t.call<RefreshReply>('POST', 'token/refresh/', {
    cookies: cookie ? { refresh_token: cookie } : {},
  });

describe('POST token/', () => {
  it('logs in: access token, roles, user_id, active role and an httpOnly refresh cookie', async () => {
    const user = await createTestUser(db, { roles: ['advocate'] });
    const res = await t.call<LoginReply>('POST', 'token/', {
      body: { email: user.email, password: user.password },
    });
    assert.equal(res.statusCode, 200);
    const body = res.json();
    assert.equal(typeof body.access, 'string');
    assert.equal(body.token, body.access);
    assert.equal(body.user_id, user.id);
    assert.deepEqual(body.roles, ['Advocate']);
    assert.equal(body.active_role, 'advocate', 'a single role is active automatically');
    const cookie = res.cookies.find((c) => c.name === 'refresh_token');
    assert.ok(cookie?.value);
    assert.equal(cookie.httpOnly, true);
    assert.equal(cookie.sameSite, 'Lax');
    assert.equal(cookie.path, '/api/v1/token/');
    assert.equal(cookie.maxAge, 30 * 24 * 3600);
  });

  it('accepts the email in any case and without a trailing slash', async () => {
    const user = await createTestUser(db);
    const res = await t.call<LoginReply>('POST', 'token', {
      body: { email: user.email.toUpperCase(), password: user.password },
    });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().active_role, null);
  });

  it('answers one generic 401 for a wrong password and an unknown email', async () => {
    const user = await createTestUser(db);
    for (const payload of [
      { email: user.email, password: 'wrong-password' },
      { email: 'nobody@example.test', password: user.password },
    ]) {
      const res = await t.call<LoginReply>('POST', 'token/', { body: payload });
      assert.equal(res.statusCode, 401);
      assert.deepEqual(res.json(), { detail: 'Invalid email or password' });
    }
  });

  it('refuses a deactivated account with 403 (only once the password is right)', async () => {
    const user = await createTestUser(db);
    const session = await login(t.app, user);
    await t.call('POST', 'user/delete/', { body: {}, as: session });
    const res = await t.call<LoginReply>('POST', 'token/', {
      body: { email: user.email, password: user.password },
    });
    assert.equal(res.statusCode, 403);
    assert.deepEqual(res.json(), { detail: 'This account is deactivated' });
    const wrong = await t.call<LoginReply>('POST', 'token/', {
      body: { email: user.email, password: 'nope-nope' },
    });
    assert.equal(wrong.statusCode, 401);
  });

  it('validates input with field messages', async () => {
    const res = await t.call<ErrorReply>('POST', 'token/', { body: { email: 'not-an-email' } });
    assert.equal(res.statusCode, 400);
    const body = res.json();
    assert.deepEqual(body.errors, { password: ['is required'], email: ['must be a valid email'] });
    assert.match(body.detail, /email: must be a valid email/);
    assert.match(body.detail, /password: is required/);
  });

  it('rate-limits per IP and email with 429 and Retry-After', async () => {
    await t.app.close();
    t = await buildTestApp(db, {
      rateLimits: {
        ...t.app.deps.config.rateLimits,
        loginPerIpEmail: { max: 3, windowMs: 60_000 },
      },
    });
    const user = await createTestUser(db);
    const attempt = (email: string) =>
      t.call<ErrorReply>('POST', 'token/', { body: { email, password: 'wrong-password' } });
    for (let i = 0; i < 3; i++) assert.equal((await attempt(user.email)).statusCode, 401);
    const limited = await attempt(user.email);
    assert.equal(limited.statusCode, 429);
    assert.ok(Number(limited.headers['retry-after']) > 0);
    assert.match(limited.json().detail, /Too many requests/);
    // Another email from the same IP has its own budget.
    assert.equal((await attempt('other@example.test')).statusCode, 401);
  });

  it('behind one proxy (TRUST_PROXY=1), a forged X-Forwarded-For does not reset the limit', async () => {
    await t.app.close();
    t = await buildTestApp(db, {
      trustProxy: 1,
      rateLimits: {
        ...t.app.deps.config.rateLimits,
        loginPerIpEmail: { max: 3, windowMs: 60_000 },
      },
    });
    const user = await createTestUser(db);
    // What HAProxy's option forwardfor sends: the client's header, then the address it saw.
    const attempt = (n: number) =>
      t.call<ErrorReply>('POST', 'token/', {
        body: { email: user.email, password: 'wrong-password' },
        headers: { 'x-forwarded-for': `198.51.100.${n}, 203.0.113.9` },
      });
    const statuses = [];
    for (let n = 1; n <= 5; n++) statuses.push((await attempt(n)).statusCode);
    assert.deepEqual(statuses, [401, 401, 401, 429, 429]);
  });

  it('rate-limits per IP across emails', async () => {
    await t.app.close();
    t = await buildTestApp(db, {
      rateLimits: { ...t.app.deps.config.rateLimits, loginPerIp: { max: 2, windowMs: 60_000 } },
    });
    const attempt = (email: string) =>
      t.call<LoginReply>('POST', 'token/', { body: { email, password: 'whatever1' } });
    assert.equal((await attempt('a@example.test')).statusCode, 401);
    assert.equal((await attempt('b@example.test')).statusCode, 401);
    assert.equal((await attempt('c@example.test')).statusCode, 429);
  });

  const sharedCounters = Boolean(process.env.TEST_REDIS_URL);
  it(
    sharedCounters
      ? 'with REDIS_URL, instances behind a load balancer share the counters'
      : 'without REDIS_URL, each instance counts on its own',
    async () => {
      const { rateLimits, redisPrefix } = t.app.deps.config;
      await t.app.close();
      // Two instances of one deployment (same Redis key prefix when Redis is on).
      const config = {
        rateLimits: { ...rateLimits, loginPerIp: { max: 2, windowMs: 60_000 } },
        redisPrefix,
      };
      const first = await buildTestApp(db, config);
      const second = await buildTestApp(db, config);
      const attempt = (instance: TestApp) =>
        instance.call<ErrorReply>('POST', 'token/', {
          body: { email: 'a@example.test', password: 'whatever1' },
        });
      try {
        assert.equal((await attempt(first)).statusCode, 401);
        assert.equal((await attempt(first)).statusCode, 401);
        assert.equal((await attempt(second)).statusCode, sharedCounters ? 429 : 401);
      } finally {
        await first.app.close();
        await second.app.close();
      }
    },
  );

  it('an unreachable Redis lets sign-in through rather than failing it', async () => {
    await t.app.close();
    t = await buildTestApp(db, {
      rateLimits: { ...t.app.deps.config.rateLimits, loginPerIp: { max: 1, windowMs: 60_000 } },
      redisUrl: 'redis://127.0.0.1:1',
    });
    const user = await createTestUser(db);
    for (let i = 0; i < 3; i++) {
      const res = await t.call<LoginReply>('POST', 'token/', {
        body: { email: user.email, password: user.password },
      });
      assert.equal(res.statusCode, 200, 'not 429 (no counter to read) and not 500');
    }
  });
});

describe('POST token/refresh/', () => {
  it('rotates the refresh token and returns a working access token', async () => {
    const user = await createTestUser(db);
    const session = await login(t.app, user);
    const res = await refresh(session.refreshCookie);
    assert.equal(res.statusCode, 200);
    const body = res.json();
    assert.equal(body.token, body.access);
    const rotated = refreshCookieOf(res);
    assert.ok(rotated && rotated !== session.refreshCookie);
    const me = await t.call<MeReply>('GET', 'user/me/', {
      headers: { authorization: `Bearer ${body.access}` },
    });
    assert.equal(me.statusCode, 200);
    assert.equal((await refresh(rotated)).statusCode, 200);
  });

  it('401 without a cookie or with an unknown one', async () => {
    const missing = await refresh('');
    assert.equal(missing.statusCode, 401);
    assert.deepEqual(missing.json(), { detail: 'Refresh token was not provided' });
    const unknown = await refresh('made-up');
    assert.equal(unknown.statusCode, 401);
    assert.deepEqual(unknown.json(), { detail: 'Refresh token is invalid or expired' });
  });

  it('ignores a bearer token: only the cookie counts', async () => {
    const session = await login(t.app, await createTestUser(db));
    const res = await t.call<RefreshReply>('POST', 'token/refresh/', { as: session });
    assert.equal(res.statusCode, 401);
  });

  it('replaying a rotated token revokes the whole family', async () => {
    const session = await login(t.app, await createTestUser(db));
    const first = await refresh(session.refreshCookie);
    const current = refreshCookieOf(first);
    const access = first.json().access as string;

    t.clock.advance(REFRESH_REUSE_GRACE_MS + 1);
    const replay = await refresh(session.refreshCookie);
    assert.equal(replay.statusCode, 401);
    // The legitimate holder's newer token and access token are revoked too.
    assert.equal((await refresh(current)).statusCode, 401);
    const me = await t.call<MeReply>('GET', 'user/me/', {
      headers: { authorization: `Bearer ${access}` },
    });
    assert.equal(me.statusCode, 401);
    assert.deepEqual(me.json(), { detail: 'Token is invalid or expired' });
  });

  it('lets two tabs refresh at the same moment without logging the user out', async () => {
    const session = await login(t.app, await createTestUser(db));
    const [a, b] = await Promise.all([
      refresh(session.refreshCookie),
      refresh(session.refreshCookie),
    ]);
    assert.deepEqual([a.statusCode, b.statusCode], [200, 200]);
    // Exactly one of them rotated the cookie; the other leaves the browser's (new) cookie alone.
    const cookies = [refreshCookieOf(a), refreshCookieOf(b)].filter(Boolean);
    assert.equal(cookies.length, 1);
    for (const res of [a, b]) {
      const me = await t.call<MeReply>('GET', 'user/me/', {
        headers: { authorization: `Bearer ${res.json().access}` },
      });
      assert.equal(me.statusCode, 200);
    }
    assert.equal((await refresh(cookies[0])).statusCode, 200, 'the session lives on');
  });

  it('treats a rotated token as a replay once its successor has been used', async () => {
    const session = await login(t.app, await createTestUser(db));
    const first = await refresh(session.refreshCookie);
    const second = await refresh(refreshCookieOf(first));
    assert.equal(second.statusCode, 200);
    // Within the grace period, but the family has moved on twice: a copied token.
    assert.equal((await refresh(session.refreshCookie)).statusCode, 401);
    assert.equal((await refresh(refreshCookieOf(second))).statusCode, 401, 'family revoked');
  });

  it('expires refresh tokens after 30 days', async () => {
    const session = await login(t.app, await createTestUser(db));
    t.clock.advance(30 * 24 * 3600 * 1000 + 1000);
    assert.equal((await refresh(session.refreshCookie)).statusCode, 401);
  });

  it('refuses a deactivated user', async () => {
    const user = await createTestUser(db);
    const session = await login(t.app, user);
    const other = await login(t.app, user);
    await t.call('POST', 'user/delete/', { body: {}, as: session });
    assert.equal((await refresh(other.refreshCookie)).statusCode, 401);
  });
});

describe('POST token/logout/', () => {
  it('revokes the session: refresh and the access token stop working', async () => {
    const session = await login(t.app, await createTestUser(db));
    const res = await t.call<StatusReply>('POST', 'token/logout/', {
      body: {},
      cookies: { refresh_token: session.refreshCookie },
    });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), { status: 'success', message: 'Logged out' });
    const cleared = res.cookies.find((c) => c.name === 'refresh_token');
    assert.equal(cleared?.value, '');
    assert.equal((await refresh(session.refreshCookie)).statusCode, 401);
    const me = await t.call<MeReply>('GET', 'user/me/', { as: session });
    assert.equal(me.statusCode, 401);
  });

  it('finds the session from the bearer token when the cookie is gone', async () => {
    const session = await login(t.app, await createTestUser(db));
    const res = await t.call<StatusReply>('POST', 'token/logout/', { body: {}, as: session });
    assert.equal(res.statusCode, 200);
    assert.equal((await refresh(session.refreshCookie)).statusCode, 401);
  });

  it('succeeds with nothing to revoke', async () => {
    const res = await t.call<StatusReply>('POST', 'token/logout/');
    assert.equal(res.statusCode, 200);
  });
});

describe('POST user/register/', () => {
  const valid = {
    username: 'newbie',
    email: 'New@Example.test',
    password: 'Password1!',
    password_confirmation: 'Password1!',
  };

  it('creates the account and logs it in', async () => {
    const res = await t.call<RegisterReply>('POST', 'user/register/', { body: valid });
    assert.equal(res.statusCode, 201);
    const body = res.json();
    assert.equal(body.message, 'Registration successful');
    assert.equal(body.token, body.access);
    assert.deepEqual(body.roles, []);
    assert.equal(body.active_role, null);
    assert.ok(refreshCookieOf(res));
    const me = await t.call<MeReply>('GET', 'user/me/', {
      headers: { authorization: `Bearer ${body.access}` },
    });
    assert.equal(me.json().data.email, 'new@example.test');
    assert.equal(me.json().data.id, body.user_id);
  });

  it('mails the verification code at once, and that code verifies the account', async () => {
    const res = await t.call<RegisterReply>('POST', 'user/register/', { body: valid });
    assert.equal(res.statusCode, 201);
    const mail = t.mail.at(-1);
    assert.ok(mail, 'a verification mail was sent');
    assert.equal(mail.to, 'new@example.test');
    assert.equal(mail.purpose, 'verify');
    const verified = await t.call<StatusReply>('POST', 'auth/verify-otp', {
      body: { email: valid.email, otp: mail.code },
    });
    assert.equal(verified.statusCode, 200);
    const me = await t.call<MeReply>('GET', 'user/me/', {
      headers: { authorization: `Bearer ${res.json().access}` },
    });
    assert.ok(me.json().data.verified_at, 'the account is verified');
  });

  it('rejects a duplicate email, case-insensitively', async () => {
    await t.call<RegisterReply>('POST', 'user/register/', { body: valid });
    const res = await t.call<RegisterReply>('POST', 'user/register/', {
      body: { ...valid, email: 'NEW@example.TEST' },
    });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.json(), {
      detail: 'A user with this email already exists',
      errors: { email: ['A user with this email already exists'] },
    });
  });

  it('requires matching passwords of at least 8 characters and a username', async () => {
    const mismatch = await t.call<ErrorReply>('POST', 'user/register/', {
      body: { ...valid, password_confirmation: 'Password2!' },
    });
    assert.equal(mismatch.statusCode, 400);
    assert.deepEqual(mismatch.json().errors, { password_confirmation: ['Passwords must match'] });

    const short = await t.call<ErrorReply>('POST', 'user/register/', {
      body: { ...valid, password: 'short', password_confirmation: 'short' },
    });
    assert.equal(short.statusCode, 400);
    assert.deepEqual(short.json().errors, { password: ['must be at least 8 characters'] });

    const blank = await t.call<ErrorReply>('POST', 'user/register/', {
      body: { ...valid, username: '   ' },
    });
    assert.equal(blank.statusCode, 400);
    assert.deepEqual(blank.json().errors, { username: ['must not be blank'] });

    const long = await t.call<ErrorReply>('POST', 'user/register/', {
      body: { ...valid, username: 'x'.repeat(151) },
    });
    assert.equal(long.statusCode, 400);
    assert.deepEqual(long.json().errors, { username: ['must be at most 150 characters'] });
  });

  it('is rate-limited per IP', async () => {
    await t.app.close();
    t = await buildTestApp(db, {
      rateLimits: { ...t.app.deps.config.rateLimits, registerPerIp: { max: 1, windowMs: 60_000 } },
    });
    assert.equal(
      (await t.call<RegisterReply>('POST', 'user/register/', { body: valid })).statusCode,
      201,
    );
    const limited = await t.call<RegisterReply>('POST', 'user/register/', {
      body: { ...valid, email: 'x@example.test' },
    });
    assert.equal(limited.statusCode, 429);
    assert.ok(limited.headers['retry-after']);
  });
});

describe('the signed_in hint cookie', () => {
  it('comes with the refresh cookie, readable by the page, and goes with it', async () => {
    const user = await createTestUser(db);
    const res = await t.call<LoginReply>('POST', 'token/', {
      body: { email: user.email, password: user.password },
    });
    const hint = res.cookies.find((c) => c.name === 'signed_in');
    assert.equal(hint?.value, '1');
    assert.equal(hint?.path, '/');
    assert.ok(!hint?.httpOnly, 'the page reads it');
    const logout = await t.call<StatusReply>('POST', 'token/logout/', {
      body: {},
      cookies: { refresh_token: refreshCookieOf(res) },
    });
    const cleared = logout.cookies.find((c) => c.name === 'signed_in');
    assert.equal(cleared?.value, '');
  });
});

describe('access tokens', () => {
  it('refuses a token signed with our key but without an expiry or issue time', async () => {
    const user = await createTestUser(db);
    const { access } = await login(t.app, user);
    const [, payloadPart] = access.split('.');
    const claims = JSON.parse(Buffer.from(payloadPart, 'base64url').toString()) as {
      sub: string;
      sid: string;
    };
    const key = new TextEncoder().encode(testConfig().jwtSecret);
    const forever = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .sign(key);
    const me = (token: string) =>
      t.call<MeReply>('GET', 'user/me/', { headers: { authorization: `Bearer ${token}` } });
    assert.equal((await me(access)).statusCode, 200, 'the issued token works');
    const res = await me(forever);
    assert.equal(res.statusCode, 401);
    assert.deepEqual(res.json(), { detail: 'Token is invalid or expired' });
  });
});

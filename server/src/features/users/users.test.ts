import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { DeleteUserReply, ErrorReply, MeReply, UpdateUserReply } from 'contract';
import {
  createTestUser,
  login,
  type TestApp,
  type TestDatabase,
  withTestApp,
} from '../../test/helpers.js';

let db: TestDatabase;
let t: TestApp;

withTestApp((world) => ({ db, t } = world));

describe('authentication', () => {
  it('401 with the DRF wording when no token is sent', async () => {
    const res = await t.call('GET', 'user/me/');
    assert.equal(res.statusCode, 401);
    assert.deepEqual(res.json(), { detail: 'Authentication credentials were not provided.' });
  });

  it('401 for a malformed, forged or expired token', async () => {
    const session = await login(t.app, await createTestUser(db));
    for (const authorization of ['Bearer nonsense', 'Basic abc', `Bearer ${session.access}x`]) {
      const res = await t.call('GET', 'user/me/', { headers: { authorization } });
      assert.equal(res.statusCode, 401, authorization);
      assert.deepEqual(res.json(), { detail: 'Token is invalid or expired' });
    }
    t.clock.advance(60 * 60 * 1000 + 1000);
    assert.equal((await t.call('GET', 'user/me/', { as: session })).statusCode, 401);
  });

  it('never authenticates from cookies', async () => {
    const session = await login(t.app, await createTestUser(db));
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user/me/',
      cookies: { access_token: session.access, refresh_token: session.refreshCookie },
    });
    assert.equal(res.statusCode, 401);
  });
});

describe('GET user/me/', () => {
  it('returns the user in the client shape', async () => {
    const user = await createTestUser(db, { roles: ['brand_owner', 'advocate'], verified: true });
    const session = await login(t.app, user);
    const res = await t.call<MeReply>('GET', 'user/me/', { as: session });
    assert.equal(res.statusCode, 200);
    const data = res.json().data;
    assert.deepEqual(Object.keys(data).sort(), [
      'brand_ids',
      'brand_roles',
      'date_joined',
      'email',
      'first_name',
      'id',
      'is_active',
      'is_staff',
      'last_name',
      'roles',
      'two_factor_enabled',
      'username',
      'verified_at',
    ]);
    assert.equal(data.id, user.id);
    assert.equal(data.email, user.email);
    assert.deepEqual(data.roles, ['Brand Owner', 'Advocate']);
    assert.equal(data.is_staff, false);
    assert.equal(data.is_active, true);
    assert.deepEqual(data.brand_ids, []);
    assert.deepEqual(data.brand_roles, []);
    assert.equal(data.two_factor_enabled, false);
    assert.ok(!Number.isNaN(Date.parse(data.verified_at ?? '')));
    assert.ok(!Number.isNaN(Date.parse(data.date_joined)));
    assert.equal('password_hash' in data, false);
  });
});

describe('POST user/update/', () => {
  it('updates the profile', async () => {
    const user = await createTestUser(db, { verified: true });
    const session = await login(t.app, user);
    const res = await t.call<UpdateUserReply>('POST', 'user/update/', {
      as: session,
      body: { username: 'renamed', email: user.email, first_name: ' Ada ', last_name: 'Lovelace' },
    });
    assert.equal(res.statusCode, 200);
    const body = res.json();
    assert.equal(body.message, 'Profile updated');
    assert.equal(body.data.username, 'renamed');
    assert.equal(body.data.first_name, 'Ada');
    assert.equal(body.data.last_name, 'Lovelace');
    assert.notEqual(body.data.verified_at, null, 'same email stays verified');
  });

  it('a new email must be free and clears verification', async () => {
    const taken = await createTestUser(db);
    const user = await createTestUser(db, { verified: true });
    const session = await login(t.app, user);
    const clash = await t.call('POST', 'user/update/', {
      as: session,
      body: { username: 'u', email: taken.email.toUpperCase() },
    });
    assert.equal(clash.statusCode, 400);
    assert.deepEqual(clash.json(), {
      detail: 'A user with this email already exists',
      errors: { email: ['A user with this email already exists'] },
    });
    const moved = await t.call<UpdateUserReply>('POST', 'user/update/', {
      as: session,
      body: { username: 'u', email: 'Fresh@Example.test' },
    });
    assert.equal(moved.statusCode, 200);
    assert.equal(moved.json().data.email, 'fresh@example.test');
    assert.equal(moved.json().data.verified_at, null);
  });

  it('only staff may send is_active', async () => {
    const user = await createTestUser(db);
    const session = await login(t.app, user);
    const res = await t.call('POST', 'user/update/', {
      as: session,
      body: { username: 'u', email: user.email, is_active: true },
    });
    assert.equal(res.statusCode, 403);
    assert.deepEqual(res.json(), { detail: 'Only an admin may change is_active' });

    const admin = await createTestUser(db, { isStaff: true });
    const adminSession = await login(t.app, admin);
    const ok = await t.call<UpdateUserReply>('POST', 'user/update/', {
      as: adminSession,
      body: { username: 'boss', email: admin.email, is_active: true },
    });
    assert.equal(ok.statusCode, 200);
    assert.equal(ok.json().data.is_staff, true);
  });

  it('validates fields', async () => {
    const session = await login(t.app, await createTestUser(db));
    const res = await t.call<ErrorReply>('POST', 'user/update/', {
      as: session,
      body: { username: '', email: 'bad', first_name: 5 },
    });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.json().errors, {
      username: ['must not be empty'],
      email: ['must be a valid email'],
      first_name: ['must be a string'],
    });
  });

  it('requires authentication', async () => {
    assert.equal(
      (await t.call('POST', 'user/update/', { body: { username: 'u', email: 'a@b.test' } }))
        .statusCode,
      401,
    );
  });
});

describe('POST user/delete/', () => {
  it('deactivates the caller: tokens stop working, login is refused', async () => {
    const user = await createTestUser(db);
    const session = await login(t.app, user);
    const res = await t.call('POST', 'user/delete/', { as: session });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), {
      status: 'success',
      user_id: user.id,
      message: 'User deactivated',
    });
    assert.equal((await t.call('GET', 'user/me/', { as: session })).statusCode, 401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/token/',
      payload: { email: user.email, password: user.password },
    });
    assert.equal(again.statusCode, 403);
  });

  it('works without any body', async () => {
    const user = await createTestUser(db);
    const session = await login(t.app, user);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/delete/',
      headers: session.auth,
    });
    assert.equal(res.statusCode, 200);
  });

  it("another user's id needs staff", async () => {
    const victim = await createTestUser(db);
    const victimSession = await login(t.app, victim);
    const session = await login(t.app, await createTestUser(db));
    const res = await t.call('POST', 'user/delete/', { as: session, body: { user_id: victim.id } });
    assert.equal(res.statusCode, 403);
    assert.deepEqual(res.json(), { detail: 'Only an admin may deactivate another user' });
    assert.equal((await t.call('GET', 'user/me/', { as: victimSession })).statusCode, 200);

    const admin = await login(t.app, await createTestUser(db, { isStaff: true }));
    const ok = await t.call<DeleteUserReply>('POST', 'user/delete/', {
      as: admin,
      body: { user_id: String(victim.id) },
    });
    assert.equal(ok.statusCode, 200);
    assert.equal(ok.json().user_id, victim.id);
    const after = await t.call('GET', 'user/me/', { as: victimSession });
    assert.equal(after.statusCode, 401);
    assert.deepEqual(after.json(), { detail: 'This account is deactivated' });
    assert.equal(
      (await t.call('GET', 'user/me/', { as: admin })).statusCode,
      200,
      'the admin stays signed in',
    );
  });

  it('404 for an unknown user id (staff)', async () => {
    const admin = await login(t.app, await createTestUser(db, { isStaff: true }));
    const res = await t.call('POST', 'user/delete/', { as: admin, body: { user_id: 999_999 } });
    assert.equal(res.statusCode, 404);
  });

  it('staff may set their own is_active; false ends their sessions', async () => {
    // user/update/ always edits the caller, so is_active here is about the admin's own account.
    const admin = await createTestUser(db, { isStaff: true });
    const session = await login(t.app, admin);
    const res = await t.call<UpdateUserReply>('POST', 'user/update/', {
      as: session,
      body: { username: 'a', email: admin.email, is_active: false },
    });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().data.is_active, false);
    assert.equal(
      (await t.call('GET', 'user/me/', { as: session })).statusCode,
      401,
      'deactivating yourself ends your sessions',
    );
  });
});

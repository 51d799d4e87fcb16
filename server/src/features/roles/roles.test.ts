import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import {
  buildTestApp,
  createTestUser,
  login,
  openTestDatabase,
  type TestApp,
  type TestDatabase,
} from '../../test/helpers.js';
import { effectiveActiveRole, parseRole, roleNames } from './roles.js';

let db: TestDatabase;
let t: TestApp;

before(async () => {
  db = await openTestDatabase();
});
after(async () => {
  await db.dispose();
});
beforeEach(async () => {
  await db.truncate();
  t = await buildTestApp(db);
});

const get = (url: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers });
const post = (url: string, payload: object | undefined, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1/${url}`, payload, headers });

describe('role vocabulary', () => {
  it('parses every accepted spelling', () => {
    assert.equal(parseRole('Brand Owner'), 'brand_owner');
    assert.equal(parseRole('Brand'), 'brand_owner');
    assert.equal(parseRole('brand_owner'), 'brand_owner');
    assert.equal(parseRole('Advocate'), 'advocate');
    assert.equal(parseRole('advocate'), 'advocate');
    assert.equal(parseRole('admin'), undefined);
    assert.deepEqual(roleNames(['advocate', 'brand_owner']), ['Brand Owner', 'Advocate']);
  });

  it('derives the active role', () => {
    assert.equal(effectiveActiveRole(null, ['advocate']), 'advocate');
    assert.equal(effectiveActiveRole(null, ['advocate', 'brand_owner']), null);
    assert.equal(effectiveActiveRole('brand_owner', ['advocate', 'brand_owner']), 'brand_owner');
    assert.equal(
      effectiveActiveRole('brand_owner', ['advocate']),
      'advocate',
      'a role no longer held is dropped',
    );
    assert.equal(effectiveActiveRole(null, []), null);
  });
});

describe('user/active-role/', () => {
  it('a user with both roles starts with none and picks one per session', async () => {
    const user = await createTestUser(db, { roles: ['brand_owner', 'advocate'] });
    const first = await login(t.app, user);
    const second = await login(t.app, user);
    assert.equal(first.body.active_role, null);

    const initial = await get('user/active-role/', first.auth);
    assert.equal(initial.statusCode, 200);
    assert.deepEqual(initial.json(), {
      active_role: null,
      roles: ['Brand Owner', 'Advocate'],
      status: 'success',
      message: 'Active role loaded',
    });

    const set = await post('user/active-role/', { role: 'brand_owner' }, first.auth);
    assert.equal(set.statusCode, 200);
    assert.deepEqual(set.json(), {
      active_role: 'brand_owner',
      roles: ['Brand Owner', 'Advocate'],
      status: 'success',
      message: 'Active role set',
    });
    assert.equal((await get('user/active-role/', first.auth)).json().active_role, 'brand_owner');

    await post('user/active-role/', { role: 'advocate' }, second.auth);
    assert.equal((await get('user/active-role/', second.auth)).json().active_role, 'advocate');
    assert.equal(
      (await get('user/active-role/', first.auth)).json().active_role,
      'brand_owner',
      'sessions are independent',
    );
  });

  it('the active role survives token refresh (it belongs to the session)', async () => {
    const user = await createTestUser(db, { roles: ['brand_owner', 'advocate'] });
    const session = await login(t.app, user);
    await post('user/active-role/', { role: 'advocate' }, session.auth);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/token/refresh/',
      cookies: { refresh_token: session.refreshCookie },
    });
    const auth = { authorization: `Bearer ${refreshed.json().access}` };
    assert.equal((await get('user/active-role/', auth)).json().active_role, 'advocate');
  });

  it("403 for a role the user doesn't hold; 400 for an unknown role", async () => {
    const session = await login(t.app, await createTestUser(db, { roles: ['advocate'] }));
    const res = await post('user/active-role/', { role: 'brand_owner' }, session.auth);
    assert.equal(res.statusCode, 403);
    assert.deepEqual(res.json(), { detail: "You don't hold the role Brand Owner" });
    const bad = await post('user/active-role/', { role: 'admin' }, session.auth);
    assert.equal(bad.statusCode, 400);
    assert.match(
      bad.json().errors.role[0],
      /must be one of: Brand Owner, Brand, Advocate, brand_owner, advocate/,
    );
  });

  it('a single role is active automatically', async () => {
    const session = await login(t.app, await createTestUser(db, { roles: ['brand_owner'] }));
    assert.equal((await get('user/active-role/', session.auth)).json().active_role, 'brand_owner');
  });

  it('requires authentication', async () => {
    assert.equal((await get('user/active-role/', {})).statusCode, 401);
  });
});

describe('POST roles/upgrade/advocate/', () => {
  it('grants Advocate and makes it active for this session', async () => {
    const user = await createTestUser(db, { roles: ['brand_owner'] });
    const session = await login(t.app, user);
    const res = await post('roles/upgrade/advocate/', undefined, session.auth);
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), {
      status: 'success',
      message: 'Upgraded to Advocate',
      roles: ['Brand Owner', 'Advocate'],
      active_role: 'advocate',
    });
    assert.equal((await get('user/active-role/', session.auth)).json().active_role, 'advocate');
    // Idempotent.
    assert.equal((await post('roles/upgrade/advocate/', {}, session.auth)).statusCode, 200);
    assert.deepEqual((await get('user/me/', session.auth)).json().data.roles, [
      'Brand Owner',
      'Advocate',
    ]);
  });
});

describe('POST role/remove/', () => {
  it('removes a role; removing the active role clears it', async () => {
    const user = await createTestUser(db, { roles: ['brand_owner', 'advocate'] });
    const session = await login(t.app, user);
    await post('user/active-role/', { role: 'advocate' }, session.auth);
    const res = await post('role/remove/', { user_id: user.id, role: 'Advocate' }, session.auth);
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), {
      status: 'success',
      message: 'Role removed',
      roles: ['Brand Owner'],
      active_role: 'brand_owner',
    });
    // With the active role gone, the one remaining role becomes active.
    assert.equal((await get('user/active-role/', session.auth)).json().active_role, 'brand_owner');
  });

  it('keeps a different active role, and accepts the Brand alias', async () => {
    const user = await createTestUser(db, { roles: ['brand_owner', 'advocate'] });
    const session = await login(t.app, user);
    await post('user/active-role/', { role: 'advocate' }, session.auth);
    const res = await post('role/remove/', { user_id: user.id, role: 'Brand' }, session.auth);
    assert.deepEqual(res.json().roles, ['Advocate']);
    assert.equal(res.json().active_role, 'advocate');
  });

  it('without role removes the only role; with several roles role is required', async () => {
    const single = await createTestUser(db, { roles: ['advocate'] });
    const singleSession = await login(t.app, single);
    const removed = await post('role/remove/', { user_id: single.id }, singleSession.auth);
    assert.deepEqual(removed.json(), {
      status: 'success',
      message: 'Role removed',
      roles: [],
      active_role: null,
    });
    assert.equal((await get('user/active-role/', singleSession.auth)).json().active_role, null);

    const both = await createTestUser(db, { roles: ['advocate', 'brand_owner'] });
    const res = await post('role/remove/', { user_id: both.id }, (await login(t.app, both)).auth);
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.json().errors, {
      role: ['is required when the user holds several roles'],
    });
  });

  it("400 for a role the user doesn't hold", async () => {
    const user = await createTestUser(db, { roles: ['advocate'] });
    const res = await post(
      'role/remove/',
      { user_id: user.id, role: 'brand_owner' },
      (await login(t.app, user)).auth,
    );
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.json().errors, { role: ["The user doesn't hold the role Brand Owner"] });
  });

  it("another user's roles need staff", async () => {
    const other = await createTestUser(db, { roles: ['advocate'] });
    const session = await login(t.app, await createTestUser(db, { roles: ['advocate'] }));
    const res = await post('role/remove/', { user_id: other.id, role: 'advocate' }, session.auth);
    assert.equal(res.statusCode, 403);
    assert.deepEqual(res.json(), { detail: "Only an admin may change another user's roles" });

    const admin = await login(t.app, await createTestUser(db, { isStaff: true }));
    const ok = await post('role/remove/', { user_id: other.id, role: 'advocate' }, admin.auth);
    assert.equal(ok.statusCode, 200);
    assert.deepEqual(ok.json().roles, []);
    assert.equal((await post('role/remove/', { user_id: 987_654 }, admin.auth)).statusCode, 404);
  });

  it('validates user_id', async () => {
    const session = await login(t.app, await createTestUser(db));
    const res = await post('role/remove/', { role: 'advocate' }, session.auth);
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.json().errors, { user_id: ['is required'] });
  });
});

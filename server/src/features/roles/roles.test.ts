import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ActiveRoleReply, ErrorReply, MeReply, RemoveRoleReply } from 'contract';
import {
  createTestUser,
  login,
  type TestApp,
  type TestDatabase,
  withTestApp,
} from '../../test/helpers.js';
import { effectiveActiveRole, parseRole, roleNames } from './roles.js';

let db: TestDatabase;
let t: TestApp;

withTestApp((world) => ({ db, t } = world));

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

    const initial = await t.call('GET', 'user/active-role/', { as: first });
    assert.equal(initial.statusCode, 200);
    assert.deepEqual(initial.json(), {
      active_role: null,
      roles: ['Brand Owner', 'Advocate'],
      status: 'success',
      message: 'Active role loaded',
    });

    const set = await t.call('POST', 'user/active-role/', {
      as: first,
      body: { role: 'brand_owner' },
    });
    assert.equal(set.statusCode, 200);
    assert.deepEqual(set.json(), {
      active_role: 'brand_owner',
      roles: ['Brand Owner', 'Advocate'],
      status: 'success',
      message: 'Active role set',
    });
    assert.equal(
      (await t.call<ActiveRoleReply>('GET', 'user/active-role/', { as: first })).json().active_role,
      'brand_owner',
    );

    await t.call('POST', 'user/active-role/', { as: second, body: { role: 'advocate' } });
    assert.equal(
      (await t.call<ActiveRoleReply>('GET', 'user/active-role/', { as: second })).json()
        .active_role,
      'advocate',
    );
    assert.equal(
      (await t.call<ActiveRoleReply>('GET', 'user/active-role/', { as: first })).json().active_role,
      'brand_owner',
      'sessions are independent',
    );
  });

  it('the active role survives token refresh (it belongs to the session)', async () => {
    const user = await createTestUser(db, { roles: ['brand_owner', 'advocate'] });
    const session = await login(t.app, user);
    await t.call('POST', 'user/active-role/', { as: session, body: { role: 'advocate' } });
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/token/refresh/',
      cookies: { refresh_token: session.refreshCookie },
    });
    const auth = { authorization: `Bearer ${refreshed.json().access}` };
    assert.equal(
      (await t.call<ActiveRoleReply>('GET', 'user/active-role/', { headers: auth })).json()
        .active_role,
      'advocate',
    );
  });

  it("403 for a role the user doesn't hold; 400 for an unknown role", async () => {
    const session = await login(t.app, await createTestUser(db, { roles: ['advocate'] }));
    const res = await t.call('POST', 'user/active-role/', {
      as: session,
      body: { role: 'brand_owner' },
    });
    assert.equal(res.statusCode, 403);
    assert.deepEqual(res.json(), { detail: "You don't hold the role Brand Owner" });
    const bad = await t.call<ErrorReply>('POST', 'user/active-role/', {
      as: session,
      body: { role: 'admin' },
    });
    assert.equal(bad.statusCode, 400);
    assert.match(
      bad.json().errors?.role[0] ?? '',
      /must be one of: Brand Owner, Brand, Advocate, brand_owner, advocate/,
    );
  });

  it('a single role is active automatically', async () => {
    const session = await login(t.app, await createTestUser(db, { roles: ['brand_owner'] }));
    assert.equal(
      (await t.call<ActiveRoleReply>('GET', 'user/active-role/', { as: session })).json()
        .active_role,
      'brand_owner',
    );
  });

  it('requires authentication', async () => {
    assert.equal((await t.call('GET', 'user/active-role/')).statusCode, 401);
  });
});

describe('POST roles/upgrade/advocate/', () => {
  it('grants Advocate and makes it active for this session', async () => {
    const user = await createTestUser(db, { roles: ['brand_owner'] });
    const session = await login(t.app, user);
    const res = await t.call('POST', 'roles/upgrade/advocate/', { as: session });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), {
      status: 'success',
      message: 'Upgraded to Advocate',
      roles: ['Brand Owner', 'Advocate'],
      active_role: 'advocate',
    });
    assert.equal(
      (await t.call<ActiveRoleReply>('GET', 'user/active-role/', { as: session })).json()
        .active_role,
      'advocate',
    );
    // Idempotent.
    assert.equal(
      (await t.call('POST', 'roles/upgrade/advocate/', { as: session })).statusCode,
      200,
    );
    assert.deepEqual(
      (await t.call<MeReply>('GET', 'user/me/', { as: session })).json().data.roles,
      ['Brand Owner', 'Advocate'],
    );
  });
});

describe('POST role/remove/', () => {
  it('removes a role; removing the active role clears it', async () => {
    const user = await createTestUser(db, { roles: ['brand_owner', 'advocate'] });
    const session = await login(t.app, user);
    await t.call('POST', 'user/active-role/', { as: session, body: { role: 'advocate' } });
    const res = await t.call('POST', 'role/remove/', {
      as: session,
      body: { user_id: user.id, role: 'Advocate' },
    });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), {
      status: 'success',
      message: 'Role removed',
      roles: ['Brand Owner'],
      active_role: 'brand_owner',
    });
    // With the active role gone, the one remaining role becomes active.
    assert.equal(
      (await t.call<ActiveRoleReply>('GET', 'user/active-role/', { as: session })).json()
        .active_role,
      'brand_owner',
    );
  });

  it('keeps a different active role, and accepts the Brand alias', async () => {
    const user = await createTestUser(db, { roles: ['brand_owner', 'advocate'] });
    const session = await login(t.app, user);
    await t.call('POST', 'user/active-role/', { as: session, body: { role: 'advocate' } });
    const res = await t.call<RemoveRoleReply>('POST', 'role/remove/', {
      as: session,
      body: { user_id: user.id, role: 'Brand' },
    });
    assert.deepEqual(res.json().roles, ['Advocate']);
    assert.equal(res.json().active_role, 'advocate');
  });

  it('without role removes the only role; with several roles role is required', async () => {
    const single = await createTestUser(db, { roles: ['advocate'] });
    const singleSession = await login(t.app, single);
    const removed = await t.call('POST', 'role/remove/', {
      as: singleSession,
      body: { user_id: single.id },
    });
    assert.deepEqual(removed.json(), {
      status: 'success',
      message: 'Role removed',
      roles: [],
      active_role: null,
    });
    assert.equal(
      (await t.call<ActiveRoleReply>('GET', 'user/active-role/', { as: singleSession })).json()
        .active_role,
      null,
    );

    const both = await createTestUser(db, { roles: ['advocate', 'brand_owner'] });
    const res = await t.call<ErrorReply>('POST', 'role/remove/', {
      headers: (await login(t.app, both)).auth,
      body: { user_id: both.id },
    });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.json().errors, {
      role: ['is required when the user holds several roles'],
    });
  });

  it("400 for a role the user doesn't hold", async () => {
    const user = await createTestUser(db, { roles: ['advocate'] });
    const res = await t.call<ErrorReply>('POST', 'role/remove/', {
      headers: (await login(t.app, user)).auth,
      body: { user_id: user.id, role: 'brand_owner' },
    });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.json().errors, { role: ["The user doesn't hold the role Brand Owner"] });
  });

  it("another user's roles need staff", async () => {
    const other = await createTestUser(db, { roles: ['advocate'] });
    const session = await login(t.app, await createTestUser(db, { roles: ['advocate'] }));
    const res = await t.call('POST', 'role/remove/', {
      as: session,
      body: { user_id: other.id, role: 'advocate' },
    });
    assert.equal(res.statusCode, 403);
    assert.deepEqual(res.json(), { detail: "Only an admin may change another user's roles" });

    const admin = await login(t.app, await createTestUser(db, { isStaff: true }));
    const ok = await t.call<RemoveRoleReply>('POST', 'role/remove/', {
      as: admin,
      body: { user_id: other.id, role: 'advocate' },
    });
    assert.equal(ok.statusCode, 200);
    assert.deepEqual(ok.json().roles, []);
    assert.equal(
      (await t.call('POST', 'role/remove/', { as: admin, body: { user_id: 987_654 } })).statusCode,
      404,
    );
  });

  it('validates user_id', async () => {
    const session = await login(t.app, await createTestUser(db));
    const res = await t.call<ErrorReply>('POST', 'role/remove/', {
      as: session,
      body: { role: 'advocate' },
    });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.json().errors, { user_id: ['is required'] });
  });
});

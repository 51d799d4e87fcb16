/** @jest-environment node */
import { api } from '../api/api';
import { createAppStore, type AppStore } from '../store';
import type { User } from '../types/user';
import { authApi } from './authApi';
import type { AuthState } from './authSlice';
import {
  bootstrapSession,
  deactivateSelf,
  loginUser,
  logoutUser,
  registerUser,
  switchActiveRole,
  upgradeToAdvocate,
} from './session';
import {
  fakeApiServer,
  installGlobalFetch,
  type FakeApiServer,
  type FakeRoute,
} from '../test/fakeApiServer';
import { aUser } from '../test/fixtures';

const ada: User = aUser({
  email: 'ada@example.com',
  username: 'ada',
  roles: ['Advocate'],
  verified_at: '2024-01-01T00:00:00Z',
});

const signedOut: AuthState = {
  user: null,
  token: null,
  roles: [],
  activeRole: null,
  pendingEmail: null,
};

let restoreFetch = () => {};
let current: AppStore | null = null;
afterEach(() => {
  restoreFetch();
  // Cached replies hold removal timers that would keep the test process alive.
  current?.dispatch(api.util.resetApiState());
});

function setup(routes: Record<string, FakeRoute>, auth: AuthState = signedOut) {
  const server: FakeApiServer = fakeApiServer(routes);
  restoreFetch = installGlobalFetch(server);
  const store: AppStore = createAppStore({ auth });
  current = store;
  const route = (call: { method: string; path: string }) => `${call.method} ${call.path}`;
  return { server, store, sent: () => server.calls.map(route) };
}

const me = (user: User): FakeRoute => ({ body: { data: user } });

describe('switchActiveRole', () => {
  const both: AuthState = {
    ...signedOut,
    user: { ...ada, roles: ['Brand Owner', 'Advocate'] },
    token: 't',
    roles: ['Brand Owner', 'Advocate'],
    activeRole: 'advocate',
  };

  it('sets the role locally first, then on the server as brand_owner', async () => {
    let roleWhileSaving: string | null = null;
    const { server, store } = setup(
      {
        'POST user/active-role/': () => {
          roleWhileSaving = store.getState().auth.activeRole;
          return {
            body: {
              active_role: 'brand_owner',
              roles: ['Brand Owner', 'Advocate'],
              status: 'success',
              message: 'ok',
            },
          };
        },
      },
      both,
    );

    await expect(store.dispatch(switchActiveRole('brand')).unwrap()).resolves.toBe('brand');

    expect(roleWhileSaving).toBe('brand');
    expect(server.calls[0].body).toEqual({ role: 'brand_owner' });
    expect(store.getState().auth.activeRole).toBe('brand');
  });

  it('restores the previous role and rejects with the toast message when the server refuses', async () => {
    let roleWhileSaving: string | null = null;
    const { store } = setup(
      {
        'POST user/active-role/': () => {
          roleWhileSaving = store.getState().auth.activeRole;
          return { status: 500, body: {} };
        },
      },
      both,
    );

    const outcome = await store.dispatch(switchActiveRole('brand'));

    expect(roleWhileSaving).toBe('brand');
    expect(outcome.payload).toEqual({ message: 'Failed to set active role', status: 500 });
    expect(store.getState().auth.activeRole).toBe('advocate');
  });
});

describe('loginUser', () => {
  const loginReply = (roles: string[], active_role: string | null) => ({
    body: { access: 'fresh', token: 'fresh', roles, user_id: 7, active_role },
  });

  it('opens the session and activates the only role (the only role)', async () => {
    const { server, store, sent } = setup({
      'POST token/': loginReply(['Advocate'], null),
      'GET user/me/': me(ada),
      'POST user/active-role/': {
        body: { active_role: 'advocate', roles: ['Advocate'], status: 'success', message: 'ok' },
      },
    });

    const result = await store
      .dispatch(loginUser({ email: 'ada@example.com', password: 'pw' }))
      .unwrap();

    expect(result).toEqual({ destination: '/advocate/dashboard' });
    expect(sent()).toEqual(['POST token/', 'GET user/me/', 'POST user/active-role/']);
    expect(server.callsTo('GET user/me/')[0].authorization).toBe('Bearer fresh');
    expect(server.callsTo('POST user/active-role/')[0].body).toEqual({ role: 'advocate' });
    expect(store.getState().auth).toMatchObject({
      token: 'fresh',
      user: ada,
      activeRole: 'advocate',
    });
  });

  it('follows the server’s active role and leaves it alone', async () => {
    const { store, sent } = setup({
      'POST token/': loginReply(['Brand Owner', 'Advocate'], 'brand_owner'),
      'GET user/me/': me({ ...ada, roles: ['Brand Owner', 'Advocate'] }),
    });

    const result = await store.dispatch(loginUser({ email: 'a@b.co', password: 'pw' })).unwrap();

    expect(result).toEqual({ destination: '/brand/dashboard' });
    expect(sent()).toEqual(['POST token/', 'GET user/me/']);
  });

  it('rejects with the server’s detail and does not try a refresh', async () => {
    const { store, sent } = setup({
      'POST token/': { status: 401, body: { detail: 'No active account found' } },
    });

    const outcome = await store.dispatch(loginUser({ email: 'a@b.co', password: 'bad' }));

    expect(outcome.payload).toEqual({ message: 'No active account found', status: 401 });
    expect(sent()).toEqual(['POST token/']);
    expect(store.getState().auth.token).toBeNull();
  });
});

describe('registerUser', () => {
  const values = {
    username: 'ada',
    email: 'ada@example.com',
    password: 'Secret#123',
    password_confirmation: 'Secret#123',
  };
  const noToken = { body: { user_id: 7, roles: [], active_role: null, message: 'Created' } };

  it('opens the session from the reply’s token and heads to get-started', async () => {
    const { store, sent } = setup({
      'POST user/register/': { status: 201, body: { ...noToken.body, access: 'reg' } },
      'GET user/me/': me({ ...ada, roles: [] }),
    });

    const result = await store.dispatch(registerUser(values)).unwrap();

    expect(result).toEqual({ destination: '/user/get-started' });
    expect(sent()).toEqual(['POST user/register/', 'GET user/me/']);
    expect(store.getState().auth.token).toBe('reg');
  });

  it('without a token, refreshes and then signs in with the same credentials', async () => {
    const { server, store, sent } = setup({
      'POST user/register/': noToken,
      'POST token/refresh/': { status: 401, body: { detail: 'No refresh token' } },
      'POST token/': { body: { access: 'via-login', roles: [], user_id: 7, active_role: null } },
      'GET user/me/': me({ ...ada, roles: [] }),
    });

    const result = await store.dispatch(registerUser(values)).unwrap();

    expect(result).toEqual({ destination: '/user/get-started' });
    expect(sent()).toEqual([
      'POST user/register/',
      'POST token/refresh/',
      'POST token/',
      'GET user/me/',
    ]);
    expect(server.callsTo('POST token/')[0].body).toEqual({
      email: 'ada@example.com',
      password: 'Secret#123',
    });
    expect(store.getState().auth.token).toBe('via-login');
  });

  it('tells the user to log in when neither fallback opens a session', async () => {
    const { store, sent } = setup({
      'POST user/register/': noToken,
      'POST token/refresh/': { status: 401, body: {} },
      'POST token/': { status: 401, body: { detail: 'Account not verified' } },
    });

    const outcome = await store.dispatch(registerUser(values));

    expect(outcome.payload).toEqual({
      message: 'Registration successful! Please login',
      status: 401,
      mustLogin: true,
    });
    expect(sent()).toEqual(['POST user/register/', 'POST token/refresh/', 'POST token/']);
    expect(store.getState().auth.token).toBeNull();
  });

  it('rejects with the joined field errors when registration itself fails', async () => {
    const { store } = setup({
      'POST user/register/': {
        status: 400,
        body: { errors: { email: ['Email taken.'], username: ['Username taken.'] } },
      },
    });

    const outcome = await store.dispatch(registerUser(values));

    expect(outcome.payload).toEqual({
      message: 'Email taken. Username taken.',
      status: 400,
      errors: { email: ['Email taken.'], username: ['Username taken.'] },
    });
  });
});

describe('bootstrapSession', () => {
  it('sends nothing for a visitor who never signed in (no refresh that can only fail)', async () => {
    const { store, sent } = setup({ 'POST token/refresh/': { status: 401, body: {} } });

    await expect(store.dispatch(bootstrapSession()).unwrap()).resolves.toBe(false);

    expect(sent()).toEqual([]);
    expect(store.getState().auth).toEqual(signedOut);
  });

  it('refreshes for a user remembered from an earlier visit, loads them, activates the only role', async () => {
    const { store, sent } = setup(
      {
        'POST token/refresh/': { body: { access: 'boot' } },
        'GET user/me/': me(ada),
        'GET user/active-role/': {
          body: { active_role: null, roles: ['Advocate'], status: 'success', message: '' },
        },
        'POST user/active-role/': {
          body: { active_role: 'advocate', roles: ['Advocate'], status: 'success', message: '' },
        },
      },
      { ...signedOut, user: ada, roles: ['Advocate'] },
    );

    await expect(store.dispatch(bootstrapSession()).unwrap()).resolves.toBe(true);

    expect(sent()).toEqual([
      'POST token/refresh/',
      'GET user/me/',
      'GET user/active-role/',
      'POST user/active-role/',
    ]);
    expect(store.getState().auth).toMatchObject({
      token: 'boot',
      user: ada,
      activeRole: 'advocate',
    });
  });

  it('adopts the server’s active role', async () => {
    const both = { ...ada, roles: ['Brand Owner' as const, 'Advocate' as const] };
    const { store } = setup(
      {
        'POST token/refresh/': { body: { access: 'boot' } },
        'GET user/me/': me(both),
        'GET user/active-role/': {
          body: { active_role: 'brand_owner', roles: both.roles, status: 'success', message: '' },
        },
      },
      { ...signedOut, user: both, roles: both.roles, activeRole: 'advocate' },
    );

    await store.dispatch(bootstrapSession());

    expect(store.getState().auth.activeRole).toBe('brand');
  });

  it('ends up signed out, forgetting a persisted user, when the refresh fails', async () => {
    const { store, sent } = setup(
      { 'POST token/refresh/': { status: 401, body: {} } },
      { ...signedOut, user: ada, roles: ['Advocate'], activeRole: 'advocate' },
    );

    await expect(store.dispatch(bootstrapSession()).unwrap()).resolves.toBe(false);

    expect(sent()).toEqual(['POST token/refresh/']);
    expect(store.getState().auth).toEqual(signedOut);
  });
});

describe('logoutUser and deactivateSelf', () => {
  const session: AuthState = {
    ...signedOut,
    user: ada,
    token: 't',
    roles: ['Advocate'],
    activeRole: 'advocate',
  };

  it('logout clears the session and the cache even when the server call fails', async () => {
    const { store, sent } = setup(
      { 'POST token/logout/': { status: 500, body: {} }, 'GET user/me/': me(ada) },
      session,
    );
    await store.dispatch(authApi.endpoints.getMe.initiate());
    expect(Object.keys(store.getState().api.queries)).toHaveLength(1);

    await store.dispatch(logoutUser()).unwrap();

    expect(sent()).toEqual(['GET user/me/', 'POST token/logout/']);
    expect(store.getState().auth).toEqual(signedOut);
    expect(store.getState().api.queries).toEqual({});
  });

  it('deactivation keeps the session when refused', async () => {
    const { store } = setup({ 'POST user/delete/': { status: 403, body: {} } }, session);

    const outcome = await store.dispatch(deactivateSelf());

    expect(outcome.payload).toEqual({ message: 'Delete failed', status: 403 });
    expect(store.getState().auth.token).toBe('t');
  });

  it('deactivation signs the user out', async () => {
    const { store, server } = setup(
      {
        'POST user/delete/': {
          body: { status: 'success', user_id: 7, message: 'User deactivated' },
        },
      },
      session,
    );

    await store.dispatch(deactivateSelf()).unwrap();

    expect(server.calls[0].body).toEqual({});
    expect(store.getState().auth).toEqual(signedOut);
  });
});

describe('upgradeToAdvocate', () => {
  it('adds the role, refreshes the user and makes advocate active', async () => {
    const upgraded = { ...ada, roles: ['Brand Owner' as const, 'Advocate' as const] };
    const { store, sent } = setup(
      {
        'POST roles/upgrade/advocate/': {
          body: {
            status: 'success',
            message: 'Upgraded',
            roles: upgraded.roles,
            active_role: null,
          },
        },
        'GET user/me/': me(upgraded),
        'POST user/active-role/': {
          body: { active_role: 'advocate', roles: upgraded.roles, status: 'success', message: '' },
        },
      },
      {
        ...signedOut,
        user: { ...ada, roles: ['Brand Owner'] },
        token: 't',
        roles: ['Brand Owner'],
        activeRole: 'brand',
      },
    );

    const result = await store.dispatch(upgradeToAdvocate()).unwrap();

    expect(result).toEqual({ destination: '/advocate/dashboard' });
    expect(sent()).toEqual([
      'POST roles/upgrade/advocate/',
      'GET user/me/',
      'POST user/active-role/',
    ]);
    expect(store.getState().auth).toMatchObject({
      roles: ['Brand Owner', 'Advocate'],
      activeRole: 'advocate',
    });
  });
});

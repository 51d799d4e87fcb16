import { createAppStore } from '../store';
import type { User } from '../types/user';
import {
  clearSession,
  selectAvailableRoles,
  selectFirstName,
  selectIsAuthenticated,
  setActiveRole,
  setPendingEmail,
  setRoles,
  setToken,
  setUser,
} from './authSlice';
import { readAccessToken, writeAccessToken } from './tokenCookie';
import { aUser } from '../test/fixtures';

const ada: User = aUser({
  email: 'ada@example.com',
  username: 'ada',
  first_name: '',
  roles: ['Brand Owner', 'Advocate'],
  verified_at: null,
});

const stored = () => JSON.parse(localStorage.getItem('auth') ?? 'null');

beforeEach(() => {
  localStorage.clear();
  document.cookie = 'access_token=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

describe('auth persistence', () => {
  it('writes user, roles, active role and pending email under a version 1 record', () => {
    const store = createAppStore();

    store.dispatch(setToken('secret-token'));
    store.dispatch(setUser(ada));
    store.dispatch(setActiveRole('brand'));
    store.dispatch(setPendingEmail('ada@example.com'));

    expect(stored()).toEqual({
      version: 1,
      state: {
        user: ada,
        roles: ['Brand Owner', 'Advocate'],
        activeRole: 'brand',
        pendingEmail: 'ada@example.com',
      },
    });
    expect(localStorage.getItem('auth')).not.toContain('secret-token');
  });

  it('starts a new store from the version 1 record, without a token', () => {
    createAppStore().dispatch(setUser(ada));
    writeAccessToken('left-in-cookie');

    const auth = createAppStore().getState().auth;

    expect(auth).toEqual({
      user: ada,
      token: null,
      roles: ['Brand Owner', 'Advocate'],
      activeRole: null,
      pendingEmail: null,
    });
  });

  it('ignores a record of another version', () => {
    localStorage.setItem(
      'auth',
      JSON.stringify({
        version: 2,
        state: { user: ada, roles: ['Advocate'], activeRole: 'advocate' },
      }),
    );

    expect(createAppStore().getState().auth).toMatchObject({
      user: null,
      roles: [],
      activeRole: null,
    });
  });

  it('ignores unreadable records and invalid values', () => {
    localStorage.setItem('auth', '{not json');
    expect(createAppStore().getState().auth.user).toBeNull();

    localStorage.setItem(
      'auth',
      JSON.stringify({
        version: 1,
        state: { user: { id: 'x' }, roles: ['Advocate', 'Admin'], activeRole: 'owner' },
      }),
    );
    expect(createAppStore().getState().auth).toMatchObject({
      user: null,
      roles: ['Advocate'],
      activeRole: null,
    });
  });

  it('mirrors the token to the access_token cookie and removes it with the session', () => {
    const store = createAppStore();

    store.dispatch(setToken('t1'));
    expect(readAccessToken()).toBe('t1');

    store.dispatch(clearSession());
    expect(readAccessToken()).toBeNull();
  });

  it('clears user, token and roles but keeps a pending email on clearSession', () => {
    const store = createAppStore();
    store.dispatch(setToken('t1'));
    store.dispatch(setUser(ada));
    store.dispatch(setActiveRole('advocate'));
    store.dispatch(setPendingEmail('ada@example.com'));

    store.dispatch(clearSession());

    expect(store.getState().auth).toEqual({
      user: null,
      token: null,
      roles: [],
      activeRole: null,
      pendingEmail: 'ada@example.com',
    });
    expect(stored().state.user).toBeNull();
  });
});

describe('auth selectors', () => {
  it('derives client roles from the user', () => {
    const store = createAppStore();
    store.dispatch(setUser({ ...ada, roles: ['Brand Owner'] }));
    expect(selectAvailableRoles(store.getState())).toEqual(['brand']);

    store.dispatch(setRoles(['Advocate', 'Brand Owner']));
    expect(selectAvailableRoles(store.getState())).toEqual(['brand', 'advocate']);
    expect(store.getState().auth.user?.roles).toEqual(['Advocate', 'Brand Owner']);
  });

  it('greets by first name, else username', () => {
    const store = createAppStore();
    expect(selectFirstName(store.getState())).toBeNull();

    store.dispatch(setUser(ada));
    expect(selectFirstName(store.getState())).toBe('ada');

    store.dispatch(setUser({ ...ada, first_name: 'Ada' }));
    expect(selectFirstName(store.getState())).toBe('Ada');
  });

  it('counts the session as signed in while it holds a token', () => {
    const store = createAppStore();
    store.dispatch(setUser(ada));
    expect(selectIsAuthenticated(store.getState())).toBe(false);

    store.dispatch(setToken('t1'));
    expect(selectIsAuthenticated(store.getState())).toBe(true);
  });
});

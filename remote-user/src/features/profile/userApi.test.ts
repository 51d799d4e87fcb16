import { api, createAppStore, type AppStore, type AuthState } from 'shared-api';
import { aUser, fakeApi, replies, rolesAfter } from 'shared-api/testing';
import { userApi } from './userApi';

const ada = aUser({ roles: ['Brand Owner', 'Advocate'] });
const both: AuthState = {
  user: ada,
  token: 't',
  roles: ['Brand Owner', 'Advocate'],
  activeRole: 'advocate',
  pendingEmail: null,
};

let store: AppStore | null = null;
afterEach(() => {
  // Cached replies hold removal timers that would keep the test process alive.
  store?.dispatch(api.util.resetApiState());
});

describe('removeRole', () => {
  it('clears the active role when the server says the removed role was active', async () => {
    fakeApi({
      'POST role/remove/': replies.roles(
        rolesAfter({ message: 'Role removed', roles: ['Brand Owner'], active_role: null }),
      ),
    });
    store = createAppStore({ auth: both });
    await store
      .dispatch(userApi.endpoints.removeRole.initiate({ user_id: ada.id, role: 'Advocate' }))
      .unwrap();
    expect(store.getState().auth.roles).toEqual(['Brand Owner']);
    expect(store.getState().auth.activeRole).toBeNull();
  });

  it("leaves the caller's session alone when an admin edits another user", async () => {
    fakeApi({
      'POST role/remove/': replies.roles(
        rolesAfter({ message: 'Role removed', roles: [], active_role: null }),
      ),
    });
    store = createAppStore({ auth: both });
    await store
      .dispatch(userApi.endpoints.removeRole.initiate({ user_id: ada.id + 1, role: 'Advocate' }))
      .unwrap();
    expect(store.getState().auth.roles).toEqual(['Brand Owner', 'Advocate']);
    expect(store.getState().auth.activeRole).toBe('advocate');
  });
});

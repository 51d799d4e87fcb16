import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ClientRole, ServerRole } from '../types/roles';
import type { AuthSession, User } from '../types/user';
import { availableRolesOf } from './roles';
import { loadPersistedAuth } from './storage';

export interface AuthState extends AuthSession {
  user: User | null;
}

/** The slice of the root state the auth selectors need; keeps them free of the store's type. */
export interface StateWithAuth {
  auth: AuthState;
}

const signedOut: AuthState = {
  user: null,
  token: null,
  roles: [],
  activeRole: null,
  pendingEmail: null,
};

export const authSlice = createSlice({
  name: 'auth',
  // Lazy, so storage is read when a store is created rather than when the module is imported.
  initialState: (): AuthState => ({ ...signedOut, ...loadPersistedAuth() }),
  reducers: {
    setToken(state, action: PayloadAction<string | null>) {
      state.token = action.payload;
    },
    setUser(state, action: PayloadAction<User | null>) {
      state.user = action.payload;
      if (action.payload) state.roles = action.payload.roles;
    },
    setRoles(state, action: PayloadAction<ServerRole[]>) {
      state.roles = action.payload;
      // Keep the user record in step: the profile lists roles from it.
      if (state.user) state.user.roles = action.payload;
    },
    setActiveRole(state, action: PayloadAction<ClientRole | null>) {
      state.activeRole = action.payload;
    },
    setPendingEmail(state, action: PayloadAction<string | null>) {
      state.pendingEmail = action.payload;
    },
    /** Ends the session (logout, deactivation, failed refresh). The pending email survives:
     * it belongs to the signed-out verification and reset flows. */
    clearSession(state) {
      return { ...signedOut, pendingEmail: state.pendingEmail };
    },
  },
});

export const { setToken, setUser, setRoles, setActiveRole, setPendingEmail, clearSession } =
  authSlice.actions;

export const authReducer = authSlice.reducer;

export const selectUser = (state: StateWithAuth): User | null => state.auth.user;
export const selectToken = (state: StateWithAuth): string | null => state.auth.token;
export const selectRoles = (state: StateWithAuth): ServerRole[] => state.auth.roles;
export const selectActiveRole = (state: StateWithAuth): ClientRole | null => state.auth.activeRole;
export const selectPendingEmail = (state: StateWithAuth): string | null => state.auth.pendingEmail;
export const selectIsAuthenticated = (state: StateWithAuth): boolean => state.auth.token !== null;

/** Memoised: components compare the array by reference. */
export const selectAvailableRoles = createSelector([selectRoles], availableRolesOf);

/** The name the header greets: first_name, else username; null when signed out. */
export const selectFirstName = (state: StateWithAuth): string | null => {
  const user = state.auth.user;
  if (!user) return null;
  return user.first_name?.trim() || user.username;
};

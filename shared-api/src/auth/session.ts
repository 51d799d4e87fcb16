import { createAsyncThunk } from '@reduxjs/toolkit';
import { api } from '../api/api';
import { toApiError, type ApiError } from '../errors/normaliseError';
import type { AppDispatch, RootState } from '../store';
import type { ClientRole } from '../types/roles';
import type { MfaLoginBody } from 'contract';
import { authApi, type Credentials, type LoginReply, type RegisterInput } from './authApi';
import {
  clearSession,
  selectActiveRole,
  selectAvailableRoles,
  selectIsAuthenticated,
  selectUser,
  setActiveRole,
  setPendingEmail,
  setRoles,
  setToken,
  setUser,
} from './authSlice';
import { GET_STARTED_PATH, homeForRole, loginDestination, toApiRole, toClientRole } from './roles';
import { clearAccessToken, hasSessionHint, readAccessToken } from './tokenCookie';
import { tokenFromReply } from '../api/envelope';

/**
 * The session flows (sign-in, sign-up, start-up, role changes) as thunks, shared by the shell (start-up, logout) and the
 * auth and user remotes (sign-in, registration, roles). Failures reject with an ApiError whose
 * message is ready for a toast: `await dispatch(loginUser(values)).unwrap()`.
 */

export interface SessionError extends ApiError {
  /** Registration went through but no session could be opened: send the user to /auth/login. */
  mustLogin?: true;
}

export interface SessionDestination {
  /** Where the UI should navigate next. */
  destination: string;
}

const createSessionThunk = createAsyncThunk.withTypes<{
  state: RootState;
  dispatch: AppDispatch;
  rejectValue: SessionError;
}>();

export const REGISTERED_PLEASE_LOGIN = 'Registration successful! Please login';

// Mutations started here are awaited and done with: tracking them in the cache would only keep
// their (token-bearing) replies in the store.
const untracked = { track: false } as const;

/** A step the flow cannot go on without: its reply, or the error the flow rejects with. */
type Step<T> = { ok: true; reply: T } | { ok: false; error: ApiError };

/** Awaits `call`; a failure becomes an ApiError whose message is `failure` when the server gives none. */
async function step<T>(call: Promise<T>, failure: string): Promise<Step<T>> {
  try {
    return { ok: true, reply: await call };
  } catch (error) {
    return { ok: false, error: toApiError(error, failure) };
  }
}

/** A new access token from the refresh cookie, or null; never throws. */
export async function refreshToken(dispatch: AppDispatch): Promise<string | null> {
  try {
    const request = authApi.endpoints.refresh.initiate(undefined, untracked);
    return tokenFromReply(await dispatch(request).unwrap());
  } catch {
    return null;
  }
}

/**
 * Loads the user into the session. A failure is tolerated: a 401 that survives the refresh has
 * already ended the session in the base query, and anything else keeps the user known so far
 * (the next start-up or role sync loads it again).
 */
export async function loadUser(dispatch: AppDispatch): Promise<void> {
  try {
    const request = authApi.endpoints.getMe.initiate(undefined, {
      subscribe: false,
      forceRefetch: true,
    });
    dispatch(setUser(await dispatch(request).unwrap()));
  } catch {
    // See above.
  }
}

/** Asks the server to make `role` active (optimistically, see the endpoint); throws on failure. */
async function activateRole(dispatch: AppDispatch, role: ClientRole): Promise<void> {
  await dispatch(
    authApi.endpoints.setActiveRole.initiate({ role: toApiRole(role) }, untracked),
  ).unwrap();
}

/** Activates a user's only role. If the server refuses, the role still holds locally: there is
 * nothing to choose, and the guards need an active role to route. */
async function activateOnlyRole(dispatch: AppDispatch, role: ClientRole): Promise<void> {
  await activateRole(dispatch, role).catch(() => dispatch(setActiveRole(role)));
}

/**
 * Makes the server's active role the session's, then the rule that a user holding exactly one
 * role has it active. When the server cannot be asked, the persisted role stands.
 */
export const syncActiveRole = createSessionThunk(
  'auth/syncActiveRole',
  async (_: void, { dispatch, getState }) => {
    try {
      const request = authApi.endpoints.getActiveRole.initiate(undefined, {
        subscribe: false,
        forceRefetch: true,
      });
      const reply = await dispatch(request).unwrap();
      dispatch(setRoles(reply.roles));
      dispatch(setActiveRole(toClientRole(reply.active_role)));
    } catch {
      // 'Failed to load active role' is not worth a toast at start-up; keep the persisted role.
    }
    const available = selectAvailableRoles(getState());
    const active = selectActiveRole(getState());
    if (available.length === 1 && (active === null || !available.includes(active))) {
      await activateOnlyRole(dispatch, available[0]);
    }
  },
);

/** Forgets everything about the current user: token, cookie, session and cached data. */
function endSession(dispatch: AppDispatch): void {
  // The cookie is cleared here too, not only by the persistence listener, because a cookie may
  // exist that the session never adopted (start-up had not run).
  clearAccessToken();
  dispatch(clearSession());
  dispatch(api.util.resetApiState());
}

/**
 * Opens a session for a user who just signed in. Another user's cached data must not leak into
 * it, so the cache is dropped unless it is the same user as before.
 */
function beginSession(
  dispatch: AppDispatch,
  getState: () => RootState,
  token: string,
  userId: number | undefined,
): void {
  const previous = selectUser(getState());
  if (previous !== null && previous.id !== userId) dispatch(api.util.resetApiState());
  dispatch(clearSession());
  // A verification or reset flow that held an email ends with this sign-in.
  dispatch(setPendingEmail(null));
  dispatch(setToken(token));
}

/**
 * Start-up: adopt the access_token cookie, else try a refresh (failing just means signed out)
 * when there may be a session to refresh: the server's signed_in hint cookie, or a user
 * remembered from an earlier visit. Then load the user and sync the active role. Resolves
 * whether signed in.
 */
export const bootstrapSession = createSessionThunk(
  'auth/bootstrapSession',
  async (_: void, { dispatch, getState }) => {
    const mayRefresh = hasSessionHint() || selectUser(getState()) !== null;
    const token = readAccessToken() ?? (mayRefresh ? await refreshToken(dispatch) : null);
    if (!token) {
      // A persisted user without any token is a stale sign-in.
      dispatch(clearSession());
      return false;
    }
    dispatch(setToken(token));
    await loadUser(dispatch);
    if (!selectIsAuthenticated(getState())) return false;
    await dispatch(syncActiveRole());
    return selectIsAuthenticated(getState());
  },
);

/** Two-factor sign-in is on: the second step needs this token and a code. */
export interface SecondFactorNeeded {
  mfaToken: string;
}

/** Opens the session a sign-in reply carries and resolves where to go next. */
async function finishLogin(
  reply: LoginReply,
  dispatch: AppDispatch,
  getState: () => RootState,
): Promise<SessionDestination | null> {
  const token = tokenFromReply(reply);
  if (!token) return null;
  beginSession(dispatch, getState, token, reply.user_id);
  dispatch(setRoles(reply.roles ?? []));
  // The sign-in reply already carries the server's active role; ask only if it does not.
  if (reply.active_role !== undefined) {
    dispatch(setActiveRole(toClientRole(reply.active_role)));
  } else {
    await dispatch(syncActiveRole());
  }
  await loadUser(dispatch);

  const { path, autoRole } = loginDestination({
    activeRole: selectActiveRole(getState()),
    availableRoles: selectAvailableRoles(getState()),
  });
  if (autoRole) await activateOnlyRole(dispatch, autoRole);
  return { destination: path };
}

/**
 * Sign-in: resolves the destination, activating the only role if there is one; or, when the
 * account has two-factor sign-in on, the token of the second step (loginSecondStep).
 */
export const loginUser = createSessionThunk(
  'auth/loginUser',
  async (credentials: Credentials, { dispatch, getState, rejectWithValue }) => {
    const login = await step(
      dispatch(authApi.endpoints.login.initiate(credentials, untracked)).unwrap(),
      'Login failed',
    );
    if (!login.ok) return rejectWithValue(login.error);
    const { reply } = login;
    if ('mfa_required' in reply) return { mfaToken: reply.mfa_token } satisfies SecondFactorNeeded;
    const done = await finishLogin(reply, dispatch, getState);
    return done ?? rejectWithValue({ message: 'Login failed', status: 500 });
  },
);

/** The second step of a two-factor sign-in: a code from the app, or a recovery code. */
export const loginSecondStep = createSessionThunk(
  'auth/loginSecondStep',
  async (input: MfaLoginBody, { dispatch, getState, rejectWithValue }) => {
    const login = await step(
      dispatch(authApi.endpoints.loginSecondFactor.initiate(input, untracked)).unwrap(),
      'Sign-in failed',
    );
    if (!login.ok) return rejectWithValue(login.error);
    const done = await finishLogin(login.reply, dispatch, getState);
    return done ?? rejectWithValue({ message: 'Sign-in failed', status: 500 });
  },
);

/**
 * The token for a registration whose reply carried none: a refresh, else a sign-in with
 * the same credentials. Resolves the reply that opened the session, or null.
 */
async function tokenAfterRegistration(
  dispatch: AppDispatch,
  { email, password }: RegisterInput,
): Promise<{ token: string; reply: Partial<LoginReply> } | null> {
  const refreshed = await refreshToken(dispatch);
  if (refreshed) return { token: refreshed, reply: {} };
  try {
    const reply = await dispatch(
      authApi.endpoints.login.initiate({ email, password }, untracked),
    ).unwrap();
    // A brand-new account has no second factor; a challenge here means no session either way.
    if ('mfa_required' in reply) return null;
    const token = tokenFromReply(reply);
    return token ? { token, reply } : null;
  } catch {
    return null;
  }
}

/**
 * Sign-up: resolves {destination: '/user/get-started'}. When the account exists but
 * no session could be opened, rejects with 'Registration successful! Please login' and
 * `mustLogin`, so the UI shows that and goes to /auth/login.
 */
export const registerUser = createSessionThunk(
  'auth/registerUser',
  async (values: RegisterInput, { dispatch, getState, rejectWithValue }) => {
    const registration = await step(
      dispatch(authApi.endpoints.register.initiate(values, untracked)).unwrap(),
      'Registration failed',
    );
    if (!registration.ok) return rejectWithValue(registration.error);
    const { reply } = registration;

    const direct = tokenFromReply(reply);
    const opened = direct
      ? { token: direct, reply }
      : await tokenAfterRegistration(dispatch, values);
    if (!opened) {
      return rejectWithValue({ message: REGISTERED_PLEASE_LOGIN, status: 401, mustLogin: true });
    }

    beginSession(dispatch, getState, opened.token, opened.reply.user_id);
    dispatch(setRoles(opened.reply.roles ?? []));
    dispatch(setActiveRole(toClientRole(opened.reply.active_role)));
    await loadUser(dispatch);
    return { destination: GET_STARTED_PATH } satisfies SessionDestination;
  },
);

/** Sign-out: tells the server (a failure changes nothing locally), then forgets the session. */
export const logoutUser = createSessionThunk('auth/logoutUser', async (_: void, { dispatch }) => {
  try {
    await dispatch(authApi.endpoints.logout.initiate(undefined, untracked)).unwrap();
  } catch {
    // The local session ends regardless. The httpOnly refresh cookie is out of the client's
    // reach: if the server could not revoke it, a reload may restore the session.
  }
  endSession(dispatch);
});

/**
 * Switches the active role: locally at once, then on the server; on failure the previous role
 * is restored (by the endpoint) and the thunk rejects with a toast message.
 */
export const switchActiveRole = createSessionThunk(
  'auth/switchActiveRole',
  async (role: ClientRole, { dispatch, rejectWithValue }) => {
    const activation = await step(activateRole(dispatch, role), 'Failed to set active role');
    return activation.ok ? role : rejectWithValue(activation.error);
  },
);

/** 'Promote Existing Brand Campaigns' (get-started): become an advocate and make it active. */
export const upgradeToAdvocate = createSessionThunk(
  'auth/upgradeToAdvocate',
  async (_: void, { dispatch, rejectWithValue }) => {
    const upgrade = await step(
      dispatch(authApi.endpoints.upgradeToAdvocate.initiate(undefined, untracked)).unwrap(),
      'Failed to upgrade',
    );
    if (!upgrade.ok) return rejectWithValue(upgrade.error);
    const { reply } = upgrade;
    dispatch(setRoles(reply.roles));
    await loadUser(dispatch);
    if (toClientRole(reply.active_role) === 'advocate') {
      dispatch(setActiveRole('advocate'));
    } else {
      const activation = await step(
        activateRole(dispatch, 'advocate'),
        'Failed to set active role',
      );
      if (!activation.ok) return rejectWithValue(activation.error);
    }
    return { destination: homeForRole('advocate') } satisfies SessionDestination;
  },
);

/** Self-deactivation (profile): deletes the account, then signs out like logout. */
export const deactivateSelf = createSessionThunk(
  'auth/deactivateSelf',
  async (_: void, { dispatch, rejectWithValue }) => {
    const deletion = await step(
      dispatch(authApi.endpoints.deleteUser.initiate({}, untracked)).unwrap(),
      'Delete failed',
    );
    if (!deletion.ok) return rejectWithValue(deletion.error);
    endSession(dispatch);
  },
);

import { createListenerMiddleware } from '@reduxjs/toolkit';
import type { StateWithAuth } from './authSlice';
import { savePersistedAuth } from './storage';
import { clearAccessToken, readAccessToken, writeAccessToken } from './tokenCookie';

/**
 * Mirrors the auth slice to the browser after every change, so reducers stay pure and no caller
 * has to remember the side effects:
 * - user, roles, activeRole and pendingEmail to localStorage (versioned record);
 * - the token to the access_token cookie (written when a new token arrives, removed when the
 *   session is cleared).
 * One instance per store: the listeners belong to the store that created them.
 */
export function createAuthPersistence() {
  const listener = createListenerMiddleware<StateWithAuth>();

  listener.startListening({
    predicate: (_action, current, previous) => {
      const now = current.auth;
      const before = previous.auth;
      return (
        now.user !== before.user ||
        now.roles !== before.roles ||
        now.activeRole !== before.activeRole ||
        now.pendingEmail !== before.pendingEmail
      );
    },
    effect: (_action, api) => {
      const { user, roles, activeRole, pendingEmail } = api.getState().auth;
      savePersistedAuth({ user, roles, activeRole, pendingEmail });
    },
  });

  listener.startListening({
    predicate: (_action, current, previous) => current.auth.token !== previous.auth.token,
    effect: (_action, api) => {
      const { token } = api.getState().auth;
      if (token === null) {
        clearAccessToken();
        // Rewriting the same token would stretch the cookie past the token's own expiry, e.g.
        // when start-up adopts the token it just read from the cookie.
      } else if (readAccessToken() !== token) {
        writeAccessToken(token);
      }
    },
  });

  return listener.middleware;
}

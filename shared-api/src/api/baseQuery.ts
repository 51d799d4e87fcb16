import {
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query';
import { Mutex } from 'async-mutex';
import { clearSession, setToken, type StateWithAuth } from '../auth/authSlice';
import { readAccessToken } from '../auth/tokenCookie';
import { tokenFromReply } from './envelope';

export const API_BASE_URL = '/api/v1/';
export const REFRESH_PATH = 'token/refresh/';

/** Per-endpoint options: `extraOptions: { skipAuthRefresh: true }` in an endpoint definition. */
export interface AuthExtraOptions {
  /** A 401 from this call is final: no refresh, no retry (sign-in, OTP and the like). */
  skipAuthRefresh?: boolean;
}

/** Request arguments; the skip flag may also ride on a single request. */
export interface ApiFetchArgs extends FetchArgs {
  skipAuthRefresh?: boolean;
}

export type ApiArgs = string | ApiFetchArgs;

export type ApiBaseQuery = BaseQueryFn<
  ApiArgs,
  unknown,
  FetchBaseQueryError,
  AuthExtraOptions,
  FetchBaseQueryMeta
>;

export interface BaseQueryOptions {
  baseUrl?: string;
  /** For tests and non-browser hosts; defaults to the global fetch at call time. */
  fetchFn?: typeof fetch;
}

// Looked up per call rather than captured: test environments install fetch after import, and
// jsdom-based tests of the apps import this package without ever making a call (fetchBaseQuery's
// own default would warn at import there).
const globalFetch: typeof fetch = (input, init) => globalThis.fetch(input, init);

const urlOf = (args: string | FetchArgs): string => (typeof args === 'string' ? args : args.url);

const isRefreshCall = (args: string | FetchArgs): boolean =>
  urlOf(args).replace(/^\/+/, '') === REFRESH_PATH;

/** The bearer token: the session's, else the cookie's (e.g. written by another tab). */
const currentToken = (state: StateWithAuth): string | null => state.auth.token ?? readAccessToken();

// A body that fails to parse still carries its HTTP status in `originalStatus`.
const isUnauthorized = (error: FetchBaseQueryError | undefined): boolean =>
  error !== undefined &&
  (error.status === 401 || (error.status === 'PARSING_ERROR' && error.originalStatus === 401));

function splitFlag(args: ApiArgs): { request: string | FetchArgs; skip: boolean } {
  if (typeof args === 'string') return { request: args, skip: false };
  const { skipAuthRefresh = false, ...request } = args;
  return { request, skip: skipAuthRefresh };
}

/**
 * fetchBaseQuery plus the session rules: a bearer token on every call, and on a 401 one
 * token refresh and one retry. Concurrent 401s share a single refresh through a mutex (the
 * pattern of the RTK Query docs, "Preventing multiple unauthorized errors"), and a 401 that
 * arrives after another call already refreshed simply retries with the new token.
 */
export function createBaseQuery({
  baseUrl = API_BASE_URL,
  fetchFn = globalFetch,
}: BaseQueryOptions = {}): ApiBaseQuery {
  const rawBaseQuery = fetchBaseQuery({
    baseUrl,
    credentials: 'include',
    fetchFn,
    prepareHeaders: (headers, { getState, arg }) => {
      // The refresh call is authenticated by the httpOnly refresh cookie alone; an expired
      // bearer on it could only get it rejected. A caller-set header (e.g. join-campaign) wins.
      if (isRefreshCall(arg) || headers.has('Authorization')) return headers;
      const token = currentToken(getState() as StateWithAuth);
      if (token) headers.set('Authorization', `Bearer ${token}`);
      return headers;
    },
  });

  const mutex = new Mutex();

  return async (args, api, extraOptions = {}) => {
    const { request, skip } = splitFlag(args);
    const state = () => api.getState() as StateWithAuth;

    // An explicit refresh (start-up, registration) queues behind a refresh already under way:
    // the server rotates the refresh cookie, so two refreshes in flight would race for it. Its
    // token goes straight into the session so that calls queued behind it retry with it.
    if (isRefreshCall(request)) {
      return mutex.runExclusive(async () => {
        const refreshed = await rawBaseQuery(request, api, extraOptions);
        const token = tokenFromReply(refreshed.data);
        if (token) api.dispatch(setToken(token));
        return refreshed;
      });
    }

    // Do not fire with a token that a refresh in progress is about to replace.
    await mutex.waitForUnlock();
    const sentWith = currentToken(state());
    const result = await rawBaseQuery(request, api, extraOptions);
    if (!isUnauthorized(result.error)) return result;
    if (skip || extraOptions.skipAuthRefresh) return result;

    if (mutex.isLocked()) {
      await mutex.waitForUnlock();
    } else {
      const release = await mutex.acquire();
      try {
        // Only refresh if nobody has since replaced the token this call was sent with.
        if (currentToken(state()) === sentWith) {
          const refreshed = await rawBaseQuery(
            { url: REFRESH_PATH, method: 'POST', body: {} },
            api,
            extraOptions,
          );
          const token = tokenFromReply(refreshed.data);
          if (!token) {
            // Silent by design: the guards take a signed-out user to the login page.
            api.dispatch(clearSession());
            return result;
          }
          api.dispatch(setToken(token));
        }
      } finally {
        release();
      }
    }

    // The refresh we waited on may have failed and ended the session: nothing to retry with.
    if (currentToken(state()) === null) return result;
    return rawBaseQuery(request, api, extraOptions);
  };
}

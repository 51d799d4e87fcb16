/**
 * shared-api: the product's one store, its RTK Query slice, the auth session and shared types.
 * A module-federation singleton: every app imports this same instance.
 */
export * from './types';

export { api, TAG_TYPES, type TagType } from './api/api';
export { itemAndListTags, listTag } from './api/tags';
export {
  API_BASE_URL,
  REFRESH_PATH,
  createBaseQuery,
  type ApiArgs,
  type ApiBaseQuery,
  type ApiFetchArgs,
  type AuthExtraOptions,
  type BaseQueryOptions,
} from './api/baseQuery';

export * from './auth/authApi';
export {
  authSlice,
  authReducer,
  setToken,
  setUser,
  setRoles,
  setActiveRole,
  setPendingEmail,
  clearSession,
  selectUser,
  selectToken,
  selectRoles,
  selectActiveRole,
  selectPendingEmail,
  selectAvailableRoles,
  selectFirstName,
  selectIsAuthenticated,
  type AuthState,
  type StateWithAuth,
} from './auth/authSlice';
export * from './auth/roles';
export * from './auth/session';
export { AUTH_STORAGE_KEY, AUTH_STORAGE_VERSION, type PersistedAuth } from './auth/storage';
export {
  ACCESS_TOKEN_COOKIE,
  ACCESS_TOKEN_LIFETIME_MINUTES,
  clearAccessToken,
  readAccessToken,
  writeAccessToken,
} from './auth/tokenCookie';
export {
  fieldIn,
  isRecord,
  listIn,
  messageIn,
  recordIn,
  tokenFromReply,
  type TokenReply,
} from './api/envelope';

export * from './errors/normaliseError';

export {
  REVIEW_TAG,
  reviewSummaryApi,
  reviewableBrandIds,
  useGetReviewSummaryQuery,
  useSalesWaitingForReviewQuery,
  waitingText,
} from './review/reviewSummaryApi';

export * from './store';

import {
  loadUser,
  refreshToken,
  selectToken,
  setActiveRole,
  setRoles,
  toClientRole,
  readAccessToken,
  toApiError,
  type ApiError,
  type AppDispatch,
  type RootState,
  type Brand,
} from 'shared-api';
import { createAsyncThunk } from '@reduxjs/toolkit';
import { brandsApi, type CreateBrandInput } from './brandsApi';

const createCatalogThunk = createAsyncThunk.withTypes<{
  state: RootState;
  dispatch: AppDispatch;
  rejectValue: ApiError;
}>();

const untracked = { track: false } as const;

/**
 * The bearer token for a call that needs one (brand create, the campaign forms): the
 * session's, else the access_token cookie's, else a fresh one from the refresh cookie (the
 * refresh call stores it in the session). Resolves null when none can be had; never rejects.
 */
export const obtainAccessToken = createCatalogThunk(
  'catalog/obtainAccessToken',
  async (_: void, { dispatch, getState }): Promise<string | null> => {
    return selectToken(getState()) ?? readAccessToken() ?? (await refreshToken(dispatch));
  },
);

export const NO_TOKEN_FOR_BRAND = 'No access token available. Please log in again.';
export const BRAND_CREATE_FAILED = 'Failed to create brand';

/**
 * Brand creation: the server grants Brand Owner and makes it the active role, so the
 * session follows before the caller navigates — roles from the reply, the refetched user, and
 * the active role brand — otherwise the /brand guard would still see a user without the role.
 * Resolves the new brand (null if the reply did not carry it).
 */
export const createBrandAsOwner = createCatalogThunk(
  'catalog/createBrandAsOwner',
  async (input: CreateBrandInput, { dispatch, rejectWithValue }) => {
    const token = await dispatch(obtainAccessToken()).unwrap();
    if (!token) return rejectWithValue({ message: NO_TOKEN_FOR_BRAND, status: 401 });

    let reply;
    try {
      reply = await dispatch(brandsApi.endpoints.createBrand.initiate(input, untracked)).unwrap();
    } catch (error) {
      return rejectWithValue(toApiError(error, BRAND_CREATE_FAILED));
    }

    if (reply.roles) dispatch(setRoles(reply.roles));
    // The brand exists whether or not the user record can be refetched now.
    await loadUser(dispatch);
    // The reply says brand_owner; a reply without it still means the grant happened.
    dispatch(setActiveRole(toClientRole(reply.active_role ?? null) ?? 'brand'));
    return reply.brand satisfies Brand | null;
  },
);

import { createApi } from '@reduxjs/toolkit/query/react';
import { createBaseQuery } from './baseQuery';

export const TAG_TYPES = [
  'User',
  'ActiveRole',
  'Brand',
  'Product',
  'Campaign',
  'Stats',
  'Advocate',
  'Payment',
  'Conversion',
  'ApiKey',
  'Team',
  'AuditLog',
  'Application',
] as const;

export type TagType = (typeof TAG_TYPES)[number];

/**
 * The one RTK Query slice of the product. The shell and every remote add their endpoints to it
 * with `api.injectEndpoints`: one slice means one cache, shared in-flight requests and tag
 * invalidation across areas (tags do not cross slices). Injection never changes the reducer, so
 * the store the shell created keeps working as remotes load.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: createBaseQuery(),
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
});

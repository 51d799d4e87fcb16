import { api } from 'shared-api';
import { listIn } from '../api/envelope';
import type { ApiKey, CreateApiKeyInput, CreatedApiKey, RevokeApiKeyInput } from './types';

const keysTag = (brandId: number) => ({ type: 'ApiKey', id: `brand-${brandId}` }) as const;

/** The brand's keys (contract "API keys"), owner or staff only. */
export const apiKeysApi = api.injectEndpoints({
  endpoints: (build) => ({
    listApiKeys: build.query<ApiKey[], number>({
      query: (brandId) => `brand/${brandId}/api-keys/`,
      transformResponse: (reply: unknown) => listIn<ApiKey>(reply, 'keys'),
      providesTags: (_keys, _error, brandId) => [keysTag(brandId)],
    }),
    /** The reply's `secret` is the full key, sent this once; it is never cached beyond the call. */
    createApiKey: build.mutation<CreatedApiKey, CreateApiKeyInput>({
      query: ({ brandId, kind }) => ({
        url: `brand/${brandId}/api-keys/`,
        method: 'POST',
        body: { kind },
      }),
      invalidatesTags: (_reply, _error, { brandId }) => [keysTag(brandId)],
    }),
    revokeApiKey: build.mutation<{ message?: string }, RevokeApiKeyInput>({
      query: ({ brandId, keyId }) => ({
        url: `brand/${brandId}/api-keys/${keyId}/`,
        method: 'DELETE',
      }),
      invalidatesTags: (_reply, _error, { brandId }) => [keysTag(brandId)],
    }),
  }),
});

export const { useListApiKeysQuery, useCreateApiKeyMutation, useRevokeApiKeyMutation } = apiKeysApi;

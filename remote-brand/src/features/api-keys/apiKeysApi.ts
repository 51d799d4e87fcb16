// A brand's API keys: only this workspace uses them, so the endpoints live here, injected into
// the one api slice.
import type { ApiKeyView, CreatedApiKeyReply } from 'contract';
import type { ApiKeyKind } from 'contract/rules';
import { api } from 'shared-api';

export { API_KEY_KINDS, type ApiKeyKind } from 'contract/rules';

/** A brand's key as listed: never the key itself, only its first characters. */
export type ApiKey = ApiKeyView;

/** POST brand/{id}/api-keys/: the only time the full key is ever sent. */
export type CreatedApiKey = CreatedApiKeyReply;

export interface CreateApiKeyInput {
  brandId: number;
  kind: ApiKeyKind;
}

export interface RevokeApiKeyInput {
  brandId: number;
  keyId: number;
}

const keysTag = (brandId: number) => ({ type: 'ApiKey', id: `brand-${brandId}` }) as const;

/** The brand's keys, owner or staff only. */
export const apiKeysApi = api.injectEndpoints({
  endpoints: (build) => ({
    listApiKeys: build.query<ApiKey[], number>({
      query: (brandId) => `brand/${brandId}/api-keys/`,
      transformResponse: (reply: { keys: ApiKey[] }) => reply.keys,
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

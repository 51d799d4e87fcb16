// A brand's API keys: list, create (the only reply that carries the full key), revoke.
import { Type, type Static } from 'typebox';
import { Nullable } from './common.js';
import { DateTime } from './replies.js';
import { API_KEY_KINDS } from './rules.js';

export const ApiKeyKindValue = Type.Enum(API_KEY_KINDS);

/** A key as listed: never the key itself, only its first characters. */
export const ApiKeyView = Type.Object({
  id: Type.Integer(),
  kind: ApiKeyKindValue,
  prefix: Type.String({ description: "The first 12 characters, e.g. 'sk_live_AbCd'" }),
  created_at: DateTime(),
  revoked_at: Nullable(DateTime()),
});
export type ApiKeyView = Static<typeof ApiKeyView>;

export const ApiKeyListReply = Type.Object({ keys: Type.Array(ApiKeyView) });
export type ApiKeyListReply = Static<typeof ApiKeyListReply>;

export const CreateApiKeyBody = Type.Object({ kind: ApiKeyKindValue });
export type CreateApiKeyBody = Static<typeof CreateApiKeyBody>;

export const CreatedApiKeyReply = Type.Object({
  key: Type.Omit(ApiKeyView, ['revoked_at']),
  secret: Type.String({ description: 'The full key, sent this once' }),
});
export type CreatedApiKeyReply = Static<typeof CreatedApiKeyReply>;

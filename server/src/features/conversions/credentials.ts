// Who reports a conversion: a brand API key (secret or publishable) or a user's access token
// (the brand owner or staff, through the SDK tester). Decided by the credential's prefix.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiKeyKind } from '../../db/schema.js';
import { sha256 } from '../../lib/crypto.js';
import { unauthorized } from '../../lib/http-error.js';
import {
  ACCOUNT_DEACTIVATED,
  bearerToken,
  NOT_AUTHENTICATED,
  TOKEN_INVALID,
} from '../../plugins/auth.js';
import { apiKeyKindOf, isWellFormedKey, findLiveKey } from '../api-keys/index.js';
import { loadPrincipal, type Principal } from '../auth/index.js';

export const INVALID_API_KEY = 'Invalid API key';

export type Reporter =
  { kind: ApiKeyKind; brandId: number; keyId: number } | { kind: 'user'; principal: Principal };

export async function identifyReporter(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<Reporter> {
  if (!request.headers.authorization) throw unauthorized(NOT_AUTHENTICATED);
  const credential = bearerToken(request);
  if (!credential) throw unauthorized(TOKEN_INVALID);

  const keyKind = apiKeyKindOf(credential);
  if (keyKind) {
    const key = isWellFormedKey(credential)
      ? await findLiveKey(app.deps.db, sha256(credential))
      : undefined;
    // The prefix must match the stored kind too: a secret key renamed pk_… is still invalid.
    if (!key || key.kind !== keyKind) throw unauthorized(INVALID_API_KEY);
    return { kind: key.kind, brandId: key.brandId, keyId: key.id };
  }

  const claims = await app.deps.accessTokens.verify(credential);
  if (!claims) throw unauthorized(TOKEN_INVALID);
  const lookup = await loadPrincipal(app.deps.db, claims);
  if (!lookup.ok)
    throw unauthorized(lookup.reason === 'inactive' ? ACCOUNT_DEACTIVATED : TOKEN_INVALID);
  return { kind: 'user', principal: lookup.principal };
}

// Brand API keys: `sk_live_…` (secret, merchant servers) and `pk_live_…` (publishable, pages).
// 32 url-safe random characters after the prefix (192 bits). Only the sha256 is stored: a key
// is high-entropy, so a fast hash is enough, and it makes lookup a single index probe.
import { randomBytes } from 'node:crypto';
import type { ApiKeyKind } from '../../db/schema.js';
import { sha256 } from '../../lib/crypto.js';

const KIND_PREFIX: Record<ApiKeyKind, string> = { secret: 'sk_live_', publishable: 'pk_live_' };
/** How many leading characters lists show: the kind prefix plus 4 random ones. */
export const SHOWN_PREFIX_LENGTH = 12;
const KEY_PATTERN = /^(sk|pk)_live_[A-Za-z0-9_-]{32,128}$/;

export interface NewApiKey {
  secret: string;
  prefix: string;
  hash: string;
}

export function generateApiKey(kind: ApiKeyKind): NewApiKey {
  const secret = KIND_PREFIX[kind] + randomBytes(24).toString('base64url');
  return { secret, prefix: secret.slice(0, SHOWN_PREFIX_LENGTH), hash: sha256(secret) };
}

/** The kind a credential claims by its prefix; undefined when it is not an API key at all. */
export function apiKeyKindOf(credential: string): ApiKeyKind | undefined {
  if (credential.startsWith('sk_live_')) return 'secret';
  if (credential.startsWith('pk_live_')) return 'publishable';
  return undefined;
}

/** Whether `credential` is shaped like a key we issue (cheap rejection before hashing). */
export const isWellFormedKey = (credential: string): boolean => KEY_PATTERN.test(credential);

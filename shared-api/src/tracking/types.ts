import type { CampaignStats } from '../types/campaign';

/** How a join was started; the server records it with the membership (contract: `source`). */
export const ADVOCATE_UI_SOURCE = 'advocate_ui';

/** POST join-campaign/ from the advocate screens (SPEC 7): the campaign's primary key. */
export interface JoinCampaignInput {
  id: number;
}

/** One product's share link, read from `url` or `share_link` (SPEC 3 Join response). */
export interface JoinedLink {
  /** Null for the reply's lone `share_link`, which names no product. */
  productId: number | null;
  url: string;
}

/**
 * A 200/201 join reply as the screens use it: joined with the server's status message
 * ('Joined campaign', 'Already joined') and links, or a reply without success data (SPEC 8).
 */
export type JoinResult =
  { joined: true; status: string; links: JoinedLink[] } | { joined: false; message: string };

/** GET campaign/{id}/stats/; figures may arrive as strings from numeric columns. */
export type { CampaignStats };

export type ApiKeyKind = 'secret' | 'publishable';
export const API_KEY_KINDS: readonly ApiKeyKind[] = ['secret', 'publishable'];

/** A brand's key as listed: never the key itself, only its first characters. */
export interface ApiKey {
  id: number;
  kind: ApiKeyKind;
  /** The first 12 characters, e.g. 'sk_live_AbCd'. */
  prefix: string;
  created_at: string;
  revoked_at: string | null;
}

export interface CreateApiKeyInput {
  brandId: number;
  kind: ApiKeyKind;
}

/** POST brand/{id}/api-keys/: the only time the full key is ever sent. */
export interface CreatedApiKey {
  key: Omit<ApiKey, 'revoked_at'>;
  secret: string;
}

export interface RevokeApiKeyInput {
  brandId: number;
  keyId: number;
}

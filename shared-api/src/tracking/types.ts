import type { CampaignStats } from '../types/campaign';

/** How a join was started; the server records it with the membership (contract: `source`). */
export const ADVOCATE_UI_SOURCE = 'advocate_ui';

/** POST join-campaign/ from the advocate screens: the campaign's primary key. */
export interface JoinCampaignInput {
  id: number;
}

/** One product's share link (a lone `share_link` names no product). */
export interface JoinedLink {
  /** Null for the reply's lone `share_link`, which names no product. */
  productId: number | null;
  url: string;
}

/**
 * A 200/201 join reply as the screens use it: joined with the server's status message
 * ('Joined campaign', 'Already joined') and links, or a reply without success data (shown as a refusal).
 */
export type JoinResult =
  { joined: true; status: string; links: JoinedLink[] } | { joined: false; message: string };

/** GET campaign/{id}/stats/; figures may arrive as strings from numeric columns. */
export type { CampaignStats };

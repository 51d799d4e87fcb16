export type CampaignStatus = 'active' | 'inactive' | 'completed' | 'cancelled';

export const CAMPAIGN_STATUSES: readonly CampaignStatus[] = [
  'active',
  'inactive',
  'completed',
  'cancelled',
];
export const DEFAULT_CAMPAIGN_STATUS: CampaignStatus = 'active';

/** A product attached to a campaign; its label is `name`, or `title` in some replies. */
export interface CampaignProductRef {
  id: number;
  name?: string;
  title?: string;
}

export interface Campaign {
  /** Primary key, used in routes. */
  id: number;
  /** Public campaign id, shown in lists. */
  campaign_id?: string | null;
  /** The label is `title`; some replies send `name` instead. */
  title?: string | null;
  name?: string | null;
  category?: string | null;
  description?: string | null;
  target_customers?: string | null;
  location?: string | null;
  gender?: string | null;
  age_range?: string | null;
  budget_limit?: number | null;
  product_url?: string | null;
  /** Length of the campaign in days. */
  duration?: number | null;
  status?: CampaignStatus;
  /** Location of the uploaded video. */
  video?: string | null;
  /** Id of the owning brand. */
  brand?: number;
  /** Attached products; `campaign_products` is the alternative spelling. */
  products?: CampaignProductRef[];
  campaign_products?: CampaignProductRef[];
  /** Sent on create and update. */
  product_ids?: number[];
}

/** Reply of GET campaign/{id}/stats/. */
export interface CampaignStats {
  joins: number;
  clicks: number;
  conversions: number;
  visitors: number;
  campaign: { id: number; title: string };
  products: Array<{ id: number; name: string; product_url?: string | null }>;
  advocates: Array<{ id: number; username: string; email: string; joined_at: string }>;
}

/** One product's share link; the link is `url` or `share_link`. */
export interface ShareLink {
  product_id: number;
  url?: string;
  share_link?: string;
}

/** Reply of POST join-campaign/: links per product, or a single link. */
export interface JoinResponse {
  /** A human-readable status message. */
  status: string;
  share_links?: ShareLink[];
  share_link?: string;
  detail?: string;
  message?: string;
}

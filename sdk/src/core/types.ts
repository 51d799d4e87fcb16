/** Wire types of the tracking contract (issue 6). Field names follow the server exactly. */

/** Earnings event types (SPEC 9). */
export type EventType =
  'purchase' | 'subscription' | 'signup' | 'subscription_created' | 'subscription_renewal';

/**
 * A conversion as a caller describes it (SPEC 3 payload, camelCase). Only conversionRef is
 * required: it is the brand's idempotency key, so a retried or repeated report is counted once.
 * Attribution is via/clickId (from the share link), else affiliateId + campaignId.
 */
export interface ConversionPayload {
  /** The merchant's order/subscription id; at most 200 characters, unique per brand. */
  conversionRef: string;
  campaignId?: number | string;
  /** The advocate's user id. */
  affiliateId?: number | string;
  sessionId?: string;
  /** Defaults to 'purchase'. */
  eventType?: EventType;
  /** Defaults to 0. */
  value?: number;
  /** ISO 4217 code; defaults to 'USD'. */
  currency?: string;
  /**
   * Honoured only from a secret key or the brand owner's token; ignored for publishable keys.
   * Left out, the server computes the reward from the campaign's rule.
   */
  rewardAmount?: number;
  productId?: number | string;
  /** Share-link code, from the `via` query parameter of the landing URL. */
  via?: string;
  /** Click id, from the `cid` query parameter of the landing URL. */
  clickId?: string;
}

/** What goes on the wire: the payload with the SPEC 9 defaults applied. */
export type ResolvedConversionPayload = ConversionPayload &
  Required<Pick<ConversionPayload, 'eventType' | 'value' | 'currency'>>;

export type ConversionStatus = 'pending' | 'approved';

export interface ConversionRecord {
  id: number;
  conversion_ref: string;
  campaign_id: number;
  advocate_id: number;
  product_id: number | null;
  event_type: EventType;
  value: number;
  currency: string;
  reward_amount: number;
  /** 'pending' when reported with a publishable key: the brand reviews it. */
  status: ConversionStatus;
  created_at: string;
}

/** Reply of POST sdk-log-conversion/ (201 new, 200 repeat of a known conversionRef). */
export interface ConversionReply {
  status: 'success';
  duplicate: boolean;
  conversion: ConversionRecord;
}

export interface JoinCampaignRequest {
  campaign_id: number;
  /** Joins on behalf of another advocate; needs staff. Defaults to the caller. */
  advocate_id?: number;
}

export interface ShareLink {
  product_id: number;
  url: string;
}

/** Reply of POST join-campaign/ (201 first time, 200 again with the same links). */
export interface JoinCampaignReply {
  status: 'Joined campaign' | 'Already joined';
  share_links: ShareLink[];
  /** Present when the campaign has exactly one product. */
  share_link?: string;
}

/** Reply of GET campaign/<id>/stats/. */
export interface CampaignStats {
  joins: number;
  clicks: number;
  conversions: number;
  visitors: number;
  campaign: { id: number; title: string };
  products: { id: number; name: string; product_url: string }[];
  advocates: { id: number; username: string; email: string; joined_at: string }[];
}

/**
 * Wire types of the tracking calls: the server's contract schemas, so the sdk cannot drift from
 * what the server accepts and sends. Types only: the contract never reaches the browser script.
 */
import type {
  CampaignStats,
  ConversionBody,
  ConversionReply,
  ConversionView,
  JoinReply,
  RefundBody,
  RefundReply,
  ShareLinkView,
} from 'contract';
import type { EventType } from 'contract/rules';

export type { CampaignStats, ConversionReply, EventType };

/**
 * A conversion as a caller describes it (camelCase). Only conversionRef is required: it is the
 * brand's idempotency key, so a retried or repeated report is counted once. Attribution is
 * via/clickId (from the share link), else affiliateId + campaignId. Defaults: eventType
 * 'purchase', value 0, currency 'USD'; rewardAmount is honoured only from a secret key or the
 * brand owner's token (left out, the server computes it from the campaign's rule).
 */
export type ConversionPayload = ConversionBody;

/** What goes on the wire: the payload with the defaults applied. */
export type ResolvedConversionPayload = ConversionPayload &
  Required<Pick<ConversionPayload, 'eventType' | 'value' | 'currency'>>;

export type ConversionRecord = ConversionView;
export type ConversionStatus = ConversionView['status'];

export interface JoinCampaignRequest {
  campaign_id: number;
  /** Joins on behalf of another advocate; needs staff. Defaults to the caller. */
  advocate_id?: number;
}

export type ShareLink = ShareLinkView;

/** Reply of POST join-campaign/ (201 first time, 200 again with the same links). */
export type JoinCampaignReply = JoinReply;

/**
 * A refund of the brand's conversion `conversionRef` (secret key only). Idempotent: a repeat
 * changes nothing and replies duplicate: true. An unpaid reward is rejected; a paid one becomes
 * a negative entry the advocate's next payout deducts.
 */
export type RefundPayload = RefundBody;
export type { RefundReply };

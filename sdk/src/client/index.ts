import {
  buildHeaders,
  postConversion,
  sendWithRetry,
  type CampaignStats,
  type ConversionPayload,
  type ConversionReply,
  type FetchLike,
  type JoinCampaignReply,
  type JoinCampaignRequest,
  type RefundPayload,
  type RefundReply,
} from '../core';

export interface TrackingClientOptions {
  /**
   * The product's API root ('https://app.example/api/v1/'), its bare origin
   * ('https://app.example', to which /api/v1/ is added) or, in the product's own pages,
   * the relative '/api/v1/'.
   */
  baseUrl: string;
  /**
   * A secret key (merchant server), a publishable key, or a user's access token (SDK tester).
   * A function is read on every call, so a refreshed access token is picked up.
   */
  credential: string | (() => string | null | undefined);
  /** Sent as X-Brand-Id on conversions. */
  brandId?: number | string;
  /** Defaults to the global fetch (browsers, Node 18+). */
  fetch?: FetchLike;
}

export interface TrackingClient {
  trackConversion(payload: ConversionPayload): Promise<ConversionReply>;
  joinCampaign(request: JoinCampaignRequest): Promise<JoinCampaignReply>;
  campaignStats(campaignId: number | string): Promise<CampaignStats>;
  /** Reports a refund by conversionRef (a secret key; idempotent, so safe to retry). */
  refundConversion(payload: RefundPayload): Promise<RefundReply>;
}

function apiRoot(baseUrl: string): string {
  const trimmed = baseUrl.replace(/\/+$/, '');
  return /\/api\/v1$/.test(trimmed) ? `${trimmed}/` : `${trimmed}/api/v1/`;
}

/**
 * The tracking API for merchant servers and the product's SDK tester. Uses only fetch, so it
 * runs in Node and in the browser alike; every call retries once on a network error or a 5xx
 * and rejects with an SdkError carrying the server's detail.
 */
export function createTrackingClient(options: TrackingClientOptions): TrackingClient {
  const root = apiRoot(options.baseUrl);
  // Resolved per call so a fetch installed later (polyfill, test double) is used.
  const send: FetchLike = options.fetch ?? ((url, init) => fetch(url, init));
  const credential = (): string | undefined => {
    const value =
      typeof options.credential === 'function' ? options.credential() : options.credential;
    return value || undefined;
  };
  const brandId = options.brandId;

  return {
    trackConversion: (payload) =>
      postConversion(send, `${root}sdk-log-conversion/`, payload, credential(), { brandId }),

    joinCampaign: async (request) =>
      sendWithRetry<JoinCampaignReply>(send, `${root}join-campaign/`, {
        method: 'POST',
        headers: buildHeaders(credential(), { campaignId: request.campaign_id, brandId }),
        body: JSON.stringify(request),
      }),

    campaignStats: async (campaignId) =>
      sendWithRetry<CampaignStats>(
        send,
        `${root}campaign/${encodeURIComponent(String(campaignId))}/stats/`,
        {
          method: 'GET',
          headers: buildHeaders(credential(), { campaignId, brandId }, false),
        },
      ),

    refundConversion: async (payload) =>
      sendWithRetry<RefundReply>(send, `${root}refunds/`, {
        method: 'POST',
        headers: buildHeaders(credential(), { brandId }),
        body: JSON.stringify(payload),
      }),
  };
}

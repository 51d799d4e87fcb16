/**
 * The package entry: browser-safe (fetch only, no Node built-ins), so the product's SDK tester
 * can import it as merchants' servers do. The page script is a separate build (browser/v1.ts).
 */
export {
  SDK_VERSION,
  SdkError,
  buildHeaders,
  postConversion,
  withDefaults,
  type FetchInit,
  type FetchLike,
  type FetchResponseLike,
  type RequestContext,
  type SendOptions,
} from './core/http';
export type {
  CampaignStats,
  ConversionPayload,
  ConversionRecord,
  ConversionReply,
  ConversionStatus,
  EventType,
  JoinCampaignReply,
  JoinCampaignRequest,
  RefundPayload,
  RefundReply,
  ResolvedConversionPayload,
  ShareLink,
} from './core/types';
export { createTrackingClient, type TrackingClient, type TrackingClientOptions } from './client';
export type { AdvocatelyApi } from './browser/advocately';

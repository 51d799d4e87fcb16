import type { Currency } from './product';

export type ConversionEventType =
  'purchase' | 'subscription' | 'signup' | 'subscription_created' | 'subscription_renewal';

export const CONVERSION_EVENT_TYPES: readonly ConversionEventType[] = [
  'purchase',
  'subscription',
  'signup',
  'subscription_created',
  'subscription_renewal',
];

/**
 * A transaction of GET advocates/conversions/. Each column has alternative spellings:
 * id|transaction_id, timestamp|created_at, event_type|campaign_name, participant_id|campaign_id,
 * value|amount|total.
 */
export interface ConversionRecord {
  id?: number | string;
  transaction_id?: string;
  timestamp?: string;
  created_at?: string;
  event_type?: ConversionEventType | string;
  campaign_name?: string;
  participant_id?: number | string;
  campaign_id?: number | string;
  value?: number;
  amount?: number;
  total?: number;
  currency?: string;
  status?: string;
}

/**
 * The payload of POST sdk-log-conversion/. Defaults when absent: eventType 'purchase',
 * currency 'USD', value 0, rewardAmount 0.
 */
export interface ConversionEvent {
  campaignId: number | string;
  /** The advocate credited with the conversion. */
  affiliateId: number | string;
  sessionId?: string;
  eventType?: ConversionEventType;
  value?: number;
  currency?: Currency;
  /** Idempotency key: the same (brand, conversionRef) is recorded once. */
  conversionRef?: string;
  rewardAmount?: number;
  productId?: number | string;
}

import type { PagedMeta } from './paging';

export interface AdvocateIdentity {
  id: number;
  /** Display name: `name`, else `username`. */
  name?: string | null;
  username?: string | null;
  email?: string | null;
}

export interface AdvocateCampaignRef {
  campaign_id: number | string;
  campaign_name: string;
}

/**
 * One row of GET brands/advocates/. The identity comes either nested under `advocate` or as
 * flat fields on the row itself, so both are optional here.
 */
export interface AdvocateListItem extends Partial<AdvocateIdentity> {
  advocate?: AdvocateIdentity;
  campaigns?: AdvocateCampaignRef[];
}

/** One advocate's totals as shown on /brand/advocates/{id}. */
export interface AdvocateProfileRecord {
  advocate: { id: number; name: string; email: string };
  totals: {
    gross_revenue: number;
    net_revenue: number;
    rewards_paid: number;
    conversions: number;
  };
  brands: Array<{
    brand_id: number;
    brand_name: string;
    gross_revenue: number;
    conversions: number;
  }>;
  campaigns: AdvocateCampaignRef[];
}

/** A point of a revenue or earnings series. */
export interface TimeseriesPoint {
  date: string;
  amount: number;
}

export interface AdvocateMetrics {
  clicks: number;
  subscribers: number;
  customers: number;
  conversions: number;
  revenue: number;
  earnings: number;
}

export interface AdvocateSeries {
  revenue: TimeseriesPoint[];
  earnings: TimeseriesPoint[];
}

export interface CampaignBreakdownRow {
  campaign_id: number | string;
  campaign_name: string;
  brand_name: string;
  clicks: number;
  /** Conversions are `conversions`, or `count` in some replies. */
  conversions?: number;
  count?: number;
  revenue: number;
  earnings: number;
}

export interface BrandBreakdownRow {
  brand_id: number;
  brand_name: string;
  clicks: number;
  conversions: number;
  revenue: number;
  earnings: number;
}

/** Reply of GET advocates/performance/ (after unwrapping `data.data` or `data`). */
export interface AdvocatePerformance {
  metrics: AdvocateMetrics;
  /** Either spelling may be present. */
  timeseries?: AdvocateSeries;
  timeseries_detailed?: AdvocateSeries;
  breakdown?: CampaignBreakdownRow[];
  breakdown_by_campaign?: CampaignBreakdownRow[];
  breakdown_by_brand?: BrandBreakdownRow[];
  summary?: { total_earnings: number; net_earnings: number; currency: string };
  meta?: Partial<PagedMeta> & { since?: string; until?: string };
}

/**
 * A chart point. The brand dashboard reads `date` or `label` and `amount` or `value`; the insights
 * series always use `{date, amount}`.
 */
export interface StatsPoint {
  date?: string;
  label?: string;
  amount?: number;
  value?: number;
}

export type TrafficSource = 'direct' | 'social' | 'email' | 'others';

export interface TopAdvocate {
  name: string;
  brands: number | string;
  amount: number;
  conversion: number;
}

export interface TopPlatform {
  source: string;
  views: number;
  clicks: number;
  conversions: number;
  revenue: number;
  percentage: number;
}

/**
 * Reply of GET brand/stats/ (after unwrapping `data.data` or `data`). The dashboard and the
 * insights page read different parts of the same reply, so every block is optional.
 */
export interface BrandStats {
  /** The dashboard reads a total; insights reads `top_advocates`. */
  advocates?: number | { total?: number; top_advocates?: TopAdvocate[] };
  engagement?: { clicks: number; impressions: number; reach: number; leads: number };
  referrals?: { count: number };
  conversions?: { count?: number; rate: number };
  revenue?: {
    total_revenue: number;
    net_revenue?: number;
    net_profit?: number;
    change_percentage?: number;
    /** Series; `trend` is the alternative spelling. */
    timeseries?: StatsPoint[];
    trend?: StatsPoint[];
    timeseries_net_revenue?: StatsPoint[];
    timeseries_net_profit?: StatsPoint[];
  };
  timeseries?: StatsPoint[];
  visitors?: {
    unique_visitors?: number;
    avg_session_duration?: number;
    avg_sessions_per_day?: number;
  };
  performance?: {
    progress?: number;
    by_source?: Partial<Record<TrafficSource, number>> & Record<string, number>;
  };
  platforms?: { top: TopPlatform[] };
}

/** Reply of GET me/stats/: the revenue series under one of three names. */
export interface PersonalStats {
  revenue_over_time?: StatsPoint[];
  revenue_series?: StatsPoint[];
  revenue?: StatsPoint[] | number;
}

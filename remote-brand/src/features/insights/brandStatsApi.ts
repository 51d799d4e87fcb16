import type { BrandStats, PlatformsMetric, StatsReply } from 'contract';
import { api } from 'shared-api';

export interface BrandStatsArgs {
  /** One brand, or null for all of the caller's brands. */
  brandId: number | null;
  days: 7 | 30 | 90 | 365;
  timeseries: boolean;
  platformsMetric?: PlatformsMetric;
  platformsLimit?: number;
  /** The viewer's IANA zone: "today" and each day of a series are theirs. */
  tz: string;
}

/**
 * GET brand/stats/ (every brand of the caller) or brand/stats/{brandId}/. The dashboard, the
 * insights page and the brand profile's panel read the same call.
 */
export const brandStatsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBrandStats: build.query<BrandStats, BrandStatsArgs>({
      query: ({ brandId, days, timeseries, platformsMetric, platformsLimit, tz }) => ({
        url: brandId === null ? 'brand/stats/' : `brand/stats/${brandId}/`,
        params: {
          days,
          timeseries: timeseries ? 1 : 0,
          ...(platformsMetric ? { platforms_metric: platformsMetric } : {}),
          ...(platformsLimit ? { platforms_limit: platformsLimit } : {}),
          tz,
        },
      }),
      transformResponse: (reply: StatsReply) => reply.data,
      providesTags: (_stats, _error, { brandId }) => [{ type: 'Stats', id: brandId ?? 'ALL' }],
    }),
  }),
});

export const { useGetBrandStatsQuery } = brandStatsApi;

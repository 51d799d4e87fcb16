import type { PersonalStats, PlatformsMetric, StatsReply } from 'contract';
import { api } from 'shared-api';

export interface MeStatsArgs {
  /** One brand the advocate promotes, or null for all of them. */
  brandId: number | null;
  days: 7 | 30 | 90 | 365;
  platformsMetric: PlatformsMetric;
  platformsLimit: number;
  tz: string;
}

/** GET me/stats/ or me/stats/{brandId}/: the advocate's own figures, in the brand stats' shape. */
export const meStatsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMyStats: build.query<PersonalStats, MeStatsArgs>({
      query: ({ brandId, days, platformsMetric, platformsLimit, tz }) => ({
        url: brandId === null ? 'me/stats/' : `me/stats/${brandId}/`,
        params: {
          days,
          timeseries: 1,
          platforms_metric: platformsMetric,
          platforms_limit: platformsLimit,
          tz,
        },
      }),
      transformResponse: (reply: StatsReply) => reply.data,
      providesTags: (_stats, _error, { brandId }) => [
        { type: 'Stats', id: `ME-${brandId ?? 'ALL'}` },
      ],
    }),
  }),
});

export const { useGetMyStatsQuery } = meStatsApi;

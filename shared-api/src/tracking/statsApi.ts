import type { CampaignStats } from 'contract';
import { api } from 'shared-api';

/** The cache tag of one campaign's figures; a join invalidates it. */
export const campaignStatsTag = (campaignId: number) =>
  ({ type: 'Stats', id: `campaign-${campaignId}` }) as const;

export const statsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCampaignStats: build.query<CampaignStats, number>({
      query: (campaignId) => `campaign/${campaignId}/stats/`,
      providesTags: (_stats, _error, campaignId) => [campaignStatsTag(campaignId)],
    }),
  }),
});

export const { useGetCampaignStatsQuery } = statsApi;

// GET campaign/{id}/stats/: only this workspace reads it, so the endpoint lives here.
import type { CampaignStats } from 'contract';
import { api } from 'shared-api';
import { campaignStatsTag } from 'shared-api/tracking';

export type { CampaignStats };

export const statsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCampaignStats: build.query<CampaignStats, number>({
      query: (campaignId) => `campaign/${campaignId}/stats/`,
      providesTags: (_stats, _error, campaignId) => [campaignStatsTag(campaignId)],
    }),
  }),
});

export const { useGetCampaignStatsQuery } = statsApi;

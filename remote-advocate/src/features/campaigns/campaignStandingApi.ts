import type { CampaignStanding, CampaignStandingReply } from 'contract';
import { api } from 'shared-api';

export type { CampaignStanding };

const campaignStandingApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET advocates/campaign-standing/: joined, applied, banned, and the best group rate. */
    getCampaignStanding: build.query<Map<number, CampaignStanding>, void>({
      query: () => 'advocates/campaign-standing/',
      transformResponse: (reply: CampaignStandingReply) =>
        new Map(reply.data.map((s) => [s.campaign_id, s])),
      // Joining elsewhere in the app changes it: read it afresh on each visit.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetCampaignStandingQuery } = campaignStandingApi;

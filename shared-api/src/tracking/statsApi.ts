import { api } from 'shared-api';
import { isRecord, listAt, pick, toNumberOrNull } from '../catalog/replies';
import type { CampaignStats } from './types';

type StatsProduct = CampaignStats['products'][number];
type StatsAdvocate = CampaignStats['advocates'][number];

const count = (reply: unknown, key: string): number => toNumberOrNull(pick(reply, [key])) ?? 0;

/**
 * Reads GET campaign/{id}/stats/ (SPEC 3 Campaign stats response). Counts may arrive as strings
 * (SQL count()), and a missing list is an empty one, so the screen never has to guess.
 */
export function readCampaignStats(reply: unknown, campaignId: number): CampaignStats {
  const campaign = pick(reply, ['campaign']);
  const title = isRecord(campaign) ? pick(campaign, ['title'], ['name']) : undefined;
  return {
    joins: count(reply, 'joins'),
    clicks: count(reply, 'clicks'),
    conversions: count(reply, 'conversions'),
    visitors: count(reply, 'visitors'),
    campaign: {
      id: (isRecord(campaign) && toNumberOrNull(campaign.id)) || campaignId,
      title: typeof title === 'string' ? title : '',
    },
    products: listAt<StatsProduct>(reply, ['products']),
    advocates: listAt<StatsAdvocate>(reply, ['advocates']),
  };
}

/** The cache tag of one campaign's figures; a join invalidates it. */
export const campaignStatsTag = (campaignId: number) =>
  ({ type: 'Stats', id: `campaign-${campaignId}` }) as const;

export const statsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCampaignStats: build.query<CampaignStats, number>({
      query: (campaignId) => `campaign/${campaignId}/stats/`,
      transformResponse: (reply: unknown, _meta, campaignId) =>
        readCampaignStats(reply, campaignId),
      providesTags: (_stats, _error, campaignId) => [campaignStatsTag(campaignId)],
    }),
  }),
});

export const { useGetCampaignStatsQuery } = statsApi;

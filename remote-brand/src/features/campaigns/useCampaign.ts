import { useGetCampaignQuery, type CampaignRecord } from 'shared-api/catalog';
import { useStateEntity } from '../../lib/navigationState';

/**
 * The campaign of the route: the one passed in navigation state by the list, else fetched with
 * GET campaign/{id}/ (SPEC 7).
 */
export function useCampaign(campaignId: number | null) {
  const passed = useStateEntity<CampaignRecord>('campaign', campaignId);
  const query = useGetCampaignQuery(campaignId ?? 0, {
    skip: campaignId === null || passed !== null,
  });
  return {
    campaign: passed ?? query.data ?? null,
    isLoading: passed === null && query.isLoading,
    isError: passed === null && (query.isError || (query.isSuccess && !query.data)),
  };
}

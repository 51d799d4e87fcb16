import { selectUser, useAppSelector } from 'shared-api';
import { useGetCampaignQuery, type CampaignRecord } from 'shared-api/catalog';
import { useStateEntity } from '../../lib/navigationState';

/**
 * The campaign of the route: the one passed in navigation state by the list, else fetched with
 * GET campaign/{id}/. An active campaign is public to advocates, so the server shows it
 * to any signed-in user; in the brand workspace only the route brand's own campaign counts, and
 * another brand's reads as not found.
 */
export function useCampaign(campaignId: number | null, brandId: number | null) {
  const user = useAppSelector(selectUser);
  const passed = useStateEntity<CampaignRecord>('campaign', campaignId);
  const query = useGetCampaignQuery(campaignId ?? 0, {
    skip: campaignId === null || passed !== null,
  });
  const found = passed ?? query.data ?? null;
  const ownBrands = user?.brand_ids ?? [];
  const belongs =
    found !== null &&
    found.brand === brandId &&
    (Boolean(user?.is_staff) || ownBrands.includes(found.brand));
  return {
    campaign: belongs ? found : null,
    isLoading: passed === null && query.isLoading,
    isError: passed === null && (query.isError || (query.isSuccess && !query.data)),
  };
}

import { selectUser, useAppDispatch, useAppSelector } from 'shared-api';
import { campaignsApi } from 'shared-api/catalog';

/**
 * Finds one of the owner's campaigns by the public id screens show (CMP-…), returning its
 * number, which the advocates call filters by; null when none of the owner's brands has it.
 * The campaign lists come from the cache when a campaigns screen already loaded them.
 */
export function useFindCampaign(): (publicId: string) => Promise<number | null> {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const brandIds = user?.brand_ids ?? [];
  return async (publicId) => {
    const wanted = publicId.trim().toUpperCase();
    const lists = await Promise.all(
      brandIds.map((brandId) =>
        dispatch(campaignsApi.endpoints.listBrandCampaigns.initiate(brandId, { subscribe: false }))
          .unwrap()
          .catch(() => []),
      ),
    );
    return (
      lists.flat().find((campaign) => campaign.campaign_id?.toUpperCase() === wanted)?.id ?? null
    );
  };
}

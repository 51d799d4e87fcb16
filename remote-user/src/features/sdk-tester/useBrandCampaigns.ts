import { useListBrandCampaignsQuery, type CampaignRecord } from 'shared-api/catalog';
import { useDebouncedValue } from 'shared-ui';

// Long enough that typing '123' asks once, not for brands 1, 12 and 123.
const TYPING_PAUSE_MS = 350;

/** The campaigns of the brand id being typed (GET brand/{id}/campaigns/), once typing pauses. */
export function useBrandCampaigns(brandIdText: string): {
  campaigns: CampaignRecord[];
  isFetching: boolean;
  isError: boolean;
} {
  const settled = useDebouncedValue(brandIdText.trim(), TYPING_PAUSE_MS);
  const brandId = /^\d+$/.test(settled) && Number(settled) > 0 ? Number(settled) : null;
  const query = useListBrandCampaignsQuery(brandId ?? 0, { skip: brandId === null });
  return {
    campaigns: brandId === null ? [] : (query.data ?? []),
    isFetching: query.isFetching,
    isError: brandId !== null && query.isError,
  };
}

import { useLocation } from 'shared-ui/router';
import { errorStatus } from 'shared-api';
import { useGetCampaignQuery, type CampaignRecord } from 'shared-api/catalog';

/** The campaign the list passed along, trusted only when its id is the route's. */
function usePassedCampaign(campaignId: number | null): CampaignRecord | null {
  const { state } = useLocation();
  if (campaignId === null || typeof state !== 'object' || state === null) return null;
  const passed = (state as { campaign?: unknown }).campaign;
  if (typeof passed !== 'object' || passed === null) return null;
  return (passed as { id?: unknown }).id === campaignId ? (passed as CampaignRecord) : null;
}

export type CampaignLoad =
  | { phase: 'loading' }
  | { phase: 'missing' }
  | { phase: 'failed'; retry: () => void }
  | { phase: 'ready'; campaign: CampaignRecord };

/**
 * The route's campaign: drawn at once from navigation state, always refreshed with
 * GET campaign/{id}/ so the products and reward are current. A 404, an empty reply or a
 * non-numeric id is 'No campaign found.'; any other failure is 'Failed to load campaign'.
 */
export function useAdvocateCampaign(campaignId: number | null): CampaignLoad {
  const passed = usePassedCampaign(campaignId);
  const query = useGetCampaignQuery(campaignId ?? 0, { skip: campaignId === null });
  if (campaignId === null) return { phase: 'missing' };
  const campaign = query.data ?? passed;
  if (query.isError) {
    if (errorStatus(query.error) === 404) return { phase: 'missing' };
    return campaign
      ? { phase: 'ready', campaign }
      : { phase: 'failed', retry: () => void query.refetch() };
  }
  if (campaign) return { phase: 'ready', campaign };
  return query.isSuccess ? { phase: 'missing' } : { phase: 'loading' };
}

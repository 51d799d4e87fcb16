import { campaignTitle, type CampaignRecord } from 'shared-api/catalog';

/** Client-side, by title or public campaign id, ignoring case. */
export function searchCampaigns(
  campaigns: readonly CampaignRecord[],
  query: string,
): CampaignRecord[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...campaigns];
  return campaigns.filter((campaign) =>
    [campaignTitle(campaign), campaign.campaign_id ?? ''].some((field) =>
      field.toLowerCase().includes(needle),
    ),
  );
}

import { campaignTitle, type CampaignRecord } from 'shared-api/catalog';
import { formatMoney } from 'shared-ui';

/** The campaign's name for headings and button labels; never empty. */
export function campaignLabel(campaign: CampaignRecord): string {
  return campaignTitle(campaign) || campaign.campaign_id || `Campaign ${campaign.id}`;
}

/** The owning brand: its name when the reply joins it, else its id. */
export function brandLabel(campaign: CampaignRecord): string {
  if (campaign.brand_name) return campaign.brand_name;
  return campaign.brand ? `Brand #${campaign.brand}` : '-';
}

/**
 * What the advocate earns per conversion, in words: '10% of each sale', '$5.00 per sale'.
 * (The brand screens show the same rule tersely; remotes cannot share code but through the
 * shared packages.)
 */
export function rewardRuleText(
  campaign: Pick<CampaignRecord, 'commission_type' | 'commission_value'>,
): string {
  const value = campaign.commission_value;
  if (value === null || value === undefined || !Number.isFinite(value)) return 'No reward set';
  if (campaign.commission_type === 'flat') return `${formatMoney(value)} per sale`;
  // Percentage is the server's default type when none is stored.
  return `${Number(value.toFixed(2))}% of each sale`;
}

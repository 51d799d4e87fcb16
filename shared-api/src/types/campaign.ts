import type { CampaignView } from 'contract';
import type { CampaignStatus } from 'contract/rules';

export { CAMPAIGN_STATUSES, type CampaignStatus } from 'contract/rules';
export type { CampaignProductRef, CampaignStats } from 'contract';

export const DEFAULT_CAMPAIGN_STATUS: CampaignStatus = 'active';

/** A campaign as the server sends it. */
export type Campaign = CampaignView;

// A campaign's duration (days from creation) ends it: no new joins, no more rewards.
import type { CampaignRow } from '../../db/schema.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export function campaignEnded(
  campaign: Pick<CampaignRow, 'createdAt' | 'duration'>,
  now: Date,
): boolean {
  return (
    campaign.duration !== null &&
    now.getTime() >= campaign.createdAt.getTime() + campaign.duration * DAY_MS
  );
}

// Available Campaigns' search and filters: the list is not paged (every active campaign comes in
// one reply), so they apply on the screen.
import type { CampaignRecord } from 'shared-api/catalog';
import type { CampaignStanding } from './campaignStandingApi';
import { brandLabel, campaignLabel, rewardRuleText } from './campaignLabels';

export interface CampaignFilters {
  search: string;
  /** A brand id, or '' for every brand. */
  brand: string;
  /** 'percentage' | 'flat', or '' for both. */
  reward: string;
}

export const NO_FILTERS: CampaignFilters = { search: '', brand: '', reward: '' };

export const JOIN_MODE_WORDS = {
  open: 'Open',
  application: 'Apply',
  invite_only: 'Invite only',
} as const;

/** What the campaign pays: its rule, or "up to N%" when one of the brand's groups pays more. */
export function paysText(campaign: CampaignRecord, standing: CampaignStanding | undefined) {
  const rule = rewardRuleText(campaign);
  return standing?.top_rate != null ? `${rule}, up to ${Number(standing.top_rate.toFixed(2))}%` : rule;
}

/** Where the advocate stands on it: Joined, Applied, Declined, Not available (banned), or ''. */
export function standingText(standing: CampaignStanding | undefined): string {
  if (!standing) return '';
  if (standing.banned) return 'Not available';
  if (standing.joined) return 'Joined';
  if (standing.application === 'pending') return 'Applied';
  if (standing.application === 'rejected') return 'Declined';
  if (standing.application === 'approved') return 'Approved';
  return '';
}

export function filterCampaigns(
  campaigns: readonly CampaignRecord[],
  filters: CampaignFilters,
): CampaignRecord[] {
  const words = filters.search.trim().toLowerCase();
  return campaigns.filter(
    (c) =>
      (!filters.brand || String(c.brand) === filters.brand) &&
      (!filters.reward || (c.commission_type ?? 'percentage') === filters.reward) &&
      (!words ||
        [campaignLabel(c), brandLabel(c), c.description ?? '']
          .join(' ')
          .toLowerCase()
          .includes(words)),
  );
}

/** The brands of the campaigns, by name, once each. */
export function brandOptions(campaigns: readonly CampaignRecord[]) {
  const seen = new Map<string, string>();
  for (const c of campaigns) if (c.brand) seen.set(String(c.brand), brandLabel(c));
  return [...seen].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
}

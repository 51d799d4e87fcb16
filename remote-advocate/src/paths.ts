/** Absolute paths of the advocate workspace; screens link with these, never with string math. */
export const advocatePaths = {
  dashboard: '/advocate/dashboard',
  guidelines: '/advocate/campaigns',
  campaigns: '/advocate/campaigns/list',
  campaign: (campaignId: number | string) => `/advocate/campaigns/${campaignId}`,
} as const;

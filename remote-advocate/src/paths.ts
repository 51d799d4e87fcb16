/** Absolute paths of the advocate workspace; screens link with these, never with string math. */
export const advocatePaths = {
  dashboard: '/advocate/dashboard',
  guidelines: '/advocate/campaigns',
  campaigns: '/advocate/campaigns/list',
  campaign: (campaignId: number | string) => `/advocate/campaigns/${campaignId}`,
  settings: '/advocate/settings',
  earnings: '/advocate/earnings',
  support: '/advocate/support',
  chat: '/advocate/chat',
  intelligence: '/advocate/intelligence',
  academy: '/advocate/inacademy',
} as const;

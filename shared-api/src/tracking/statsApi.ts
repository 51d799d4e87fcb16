/**
 * The cache tag of one campaign's figures. The brand workspace's statistics endpoint provides
 * it and the advocate workspace's join invalidates it, so the tag lives in shared code.
 */
export const campaignStatsTag = (campaignId: number) =>
  ({ type: 'Stats', id: `campaign-${campaignId}` }) as const;

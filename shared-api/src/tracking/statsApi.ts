/**
 * The cache tag of one campaign's figures. The brand workspace's statistics endpoint provides
 * it and a join (here) invalidates it, so the tag lives with the shared tracking calls.
 */
export const campaignStatsTag = (campaignId: number) =>
  ({ type: 'Stats', id: `campaign-${campaignId}` }) as const;

/**
 * Tracking: what both workspaces share about a campaign's figures: the cache tag that the brand's
 * campaign statistics provide and the advocate's join invalidates. A shared entry of its own
 * ('shared-api/tracking') so only the screens that use it load it.
 */
export { campaignStatsTag } from './statsApi';

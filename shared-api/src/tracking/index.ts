/**
 * Tracking: joining campaigns (the advocate area and the SDK tester). A shared entry of its own
 * ('shared-api/tracking') so only the screens that track load it; it injects into the
 * one api slice imported by package name, never a copy of it.
 */
export * from './types';
export {
  joinApi,
  useJoinCampaignMutation,
  joinErrorMessage,
  readJoinReply,
  JOIN_MESSAGES,
} from './joinApi';
export { campaignStatsTag } from './statsApi';

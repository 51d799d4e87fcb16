// The signed-in advocate's standing on every active campaign (issue 36's Available Campaigns):
// joined, applied (and how it went), banned by the brand, and the best rate a group of the brand
// pays when it beats the campaign's own.
import { Type, type Static } from 'typebox';
import { Nullable } from './common.js';
import { SuccessReply } from './replies.js';
import { APPLICATION_STATUSES } from './rules.js';

export const CampaignStanding = Type.Object({
  campaign_id: Type.Integer(),
  joined: Type.Boolean(),
  application: Nullable(Type.Enum(APPLICATION_STATUSES)),
  /** The brand banned the advocate: they cannot join or apply. */
  banned: Type.Boolean(),
  /**
   * On a percentage campaign, the highest percentage one of the brand's groups pays, when it is
   * above the campaign's own ("up to 30%"); null otherwise.
   */
  top_rate: Nullable(Type.Number()),
});
export type CampaignStanding = Static<typeof CampaignStanding>;

/** GET advocates/campaign-standing/. */
export const CampaignStandingReply = SuccessReply({ data: Type.Array(CampaignStanding) });
export type CampaignStandingReply = Static<typeof CampaignStandingReply>;

// GET campaign/{id}/stats/: a campaign's counters, products and advocates (owner and staff).
import { Type, type Static } from 'typebox';
import { CampaignProductRef } from './campaigns.js';
import { Nullable } from './common.js';
import { DateTime, NullableString } from './replies.js';

export const CampaignStats = Type.Object({
  joins: Type.Integer(),
  clicks: Type.Integer(),
  conversions: Type.Integer(),
  visitors: Type.Integer({ description: 'Distinct visitors (keyed hash of IP + user agent)' }),
  campaign: Type.Object({
    id: Type.Integer(),
    campaign_id: Type.String({ description: 'Public id (CMP-…), the one every screen shows' }),
    title: NullableString,
  }),
  products: Type.Array(CampaignProductRef),
  advocates: Type.Array(
    Type.Object({
      id: Type.Integer(),
      username: Type.String(),
      full_name: Type.String({
        description: "The name on the advocate's profile, else their username",
      }),
      picture_url: Nullable(
        Type.String({ description: "Signed URL of the advocate's profile picture, or null" }),
      ),
      email: Type.String(),
      joined_at: DateTime(),
    }),
  ),
});
export type CampaignStats = Static<typeof CampaignStats>;
export type CampaignStatsProduct = CampaignStats['products'][number];
export type CampaignStatsAdvocate = CampaignStats['advocates'][number];

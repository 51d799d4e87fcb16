// Campaign statistics: each count is an index range scan on (campaign_id, …), and means what the
// same figure means in brand and advocate statistics (docs/metrics.md). Clicks are summed from the
// daily click rollups and visitors merged from the campaign's month sketches; both are kept
// forever, so the figures stay when raw clicks pass their retention (CLICK_RETENTION_MONTHS).
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { campaignVisitors } from '../rollups/index.js';
import {
  advocateProfiles,
  campaignJoins,
  campaigns,
  clickRollups,
  conversions,
  users,
} from '../../db/schema.js';

export interface CampaignCounts {
  joins: number;
  clicks: number;
  visitors: number;
  conversions: number;
}

export async function campaignCounts(db: Database, campaignId: number): Promise<CampaignCounts> {
  const [row] = await db
    .select({
      joins: sql<number>`(select count(*)::int from ${campaignJoins} where ${campaignJoins.campaignId} = ${campaignId})`,
      clicks: sql<number>`(select coalesce(sum(${clickRollups.clicks}), 0)::int from ${clickRollups}
        where ${clickRollups.campaignId} = ${campaignId} and ${clickRollups.campaignId} > 0 and ${clickRollups.grain} = 'd')`,
      // Counted conversions only, as every statistic (rejected and refunded ones count nowhere).
      conversions: sql<number>`(select count(*)::int from ${conversions} where ${conversions.campaignId} = ${campaignId} and ${conversions.status} not in ('rejected', 'refunded'))`,
    })
    .from(campaigns)
    .where(eq(campaigns.id, campaignId));
  return {
    ...(row ?? { joins: 0, clicks: 0, conversions: 0 }),
    visitors: await campaignVisitors(db, campaignId),
  };
}

export async function campaignAdvocates(db: Database, campaignId: number) {
  return db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      joinedAt: campaignJoins.joinedAt,
      fullName: advocateProfiles.fullName,
      picture: advocateProfiles.picture,
    })
    .from(campaignJoins)
    .innerJoin(users, eq(users.id, campaignJoins.advocateId))
    .leftJoin(advocateProfiles, eq(advocateProfiles.userId, campaignJoins.advocateId))
    .where(eq(campaignJoins.campaignId, campaignId))
    .orderBy(asc(campaignJoins.joinedAt), asc(users.id));
}

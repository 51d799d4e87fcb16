// GET advocates/campaign-standing/: the signed-in advocate's standing on every active campaign
// (joined, applied, banned by the brand) and the best rate a group of its brand pays, for the
// Available Campaigns screen. One query; the caller's own rows only.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'drizzle-orm';
import { CampaignStandingReply, type CampaignStanding } from 'contract';
import { signedInRoutes } from '../../lib/route.js';
import { rowsOf } from '../../lib/sql.js';
import { principalOf } from '../../plugins/auth.js';

const advocateCampaignRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { readDb: db } = app.deps;
  const { signedIn } = signedInRoutes(app, 'tracking');

  app.get(
    '/advocates/campaign-standing/',
    signedIn(
      "The caller's standing on every active campaign: joined, applied, banned; the best group rate",
      { 200: CampaignStandingReply },
      {
        description:
          'For each active campaign: whether the caller joined it, their application (pending, approved, ' +
          'rejected) if the campaign takes applications, whether its brand banned them, and on a percentage ' +
          "campaign the highest percentage one of the brand's groups pays when above the campaign's own.",
      },
    ),
    async (request) => {
      const me = principalOf(request).userId;
      const rows = await rowsOf<{
        campaign_id: number;
        commission_type: string;
        commission_value: number;
        joined: boolean;
        application: CampaignStanding['application'];
        banned: boolean;
        group_top: number | null;
      }>(
        db,
        sql`select c.id as campaign_id, c.commission_type, c.commission_value::float8 as commission_value,
            exists (select 1 from campaign_joins j where j.campaign_id = c.id and j.advocate_id = ${me}::integer) as joined,
            (select a.status from campaign_applications a
              where a.campaign_id = c.id and a.advocate_id = ${me}::integer) as application,
            exists (select 1 from advocate_removals r
              where r.brand_id = c.brand_id and r.advocate_id = ${me}::integer and r.banned) as banned,
            (select max(g.commission_value)::float8 from advocate_groups g
              where g.brand_id = c.brand_id and g.commission_type = 'percentage') as group_top
          from campaigns c
          where c.status = 'active' and c.deleted_at is null
          order by c.id`,
      );
      return {
        status: 'success' as const,
        data: rows.map((r) => ({
          campaign_id: r.campaign_id,
          joined: r.joined,
          application: r.application ?? null,
          banned: r.banned,
          top_rate:
            r.commission_type === 'percentage' &&
            r.group_top !== null &&
            r.group_top > r.commission_value
              ? r.group_top
              : null,
        })),
      };
    },
  );
};

export default advocateCampaignRoutes;

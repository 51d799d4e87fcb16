// GET me/stats/ and me/stats/{brandId}/: the signed-in advocate's own figures (the advocate
// insights page), the same widgets as the brand's, over their own share links; optionally on
// one brand whose campaign they joined (else 404).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'drizzle-orm';
import { StatsParams, StatsQuery, StatsReply } from 'contract';
import type { Database } from '../../db/client.js';
import { notFound } from '../../lib/http-error.js';
import { signedInRoutes } from '../../lib/route.js';
import { principalOf } from '../../plugins/auth.js';
import { statsReply } from '../brand-stats/index.js';

/** The brands whose campaigns the advocate joined. */
export async function joinedBrandIds(db: Database, advocateId: number): Promise<number[]> {
  const result = (await db.execute(sql`
    select distinct c.brand_id from campaign_joins j join campaigns c on c.id = j.campaign_id
    where j.advocate_id = ${advocateId} order by c.brand_id`)) as unknown as {
    rows: { brand_id: number }[];
  };
  return result.rows.map((r) => r.brand_id);
}

const myStatsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Pure reads: from the read replica when DATABASE_READ_URL is set (it may lag the primary).
  const db = app.deps.readDb;
  const reply = (advocateId: number, brandIds: number[], query: StatsQuery) =>
    statsReply(app.deps, brandIds, advocateId, query);

  const { signedIn } = signedInRoutes(app, 'statistics');
  const parts = {
    description:
      'The same figures as brand/stats/, over the caller’s own share links and conversions. See docs/metrics.md.',
    querystring: StatsQuery,
  };

  app.get(
    '/me/stats/',
    signedIn('The caller’s own statistics as an advocate', { 200: StatsReply }, parts),
    async (request) => {
      const me = principalOf(request).userId;
      return reply(me, await joinedBrandIds(db, me), request.query);
    },
  );

  app.get(
    '/me/stats/:brandId/',
    signedIn(
      'The caller’s own statistics on one brand',
      { 200: StatsReply },
      { ...parts, params: StatsParams, errors: [404] },
    ),
    async (request) => {
      const me = principalOf(request).userId;
      const brandIds = await joinedBrandIds(db, me);
      if (!brandIds.includes(request.params.brandId)) throw notFound('Brand not found');
      return reply(me, [request.params.brandId], request.query);
    },
  );
};

export default myStatsRoutes;

// GET me/stats/ and me/stats/{brandId}/: the signed-in advocate's own figures (the advocate
// insights page), the same widgets as the brand's, over their own share links; optionally on
// one brand whose campaign they joined (else 404).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'drizzle-orm';
import { StatsParams, StatsQuery, StatsReply } from 'contract';
import type { Database } from '../../db/client.js';
import { notFound } from '../../lib/http-error.js';
import { withErrors } from '../../lib/schema.js';
import { principalOf } from '../../plugins/auth.js';
import { computeStats } from '../brand-stats/index.js';
import { currencyOf, mainCurrency, checkTimeZone } from '../rollups/index.js';

/** The brands whose campaigns the advocate joined. */
export async function joinedBrandIds(db: Database, advocateId: number): Promise<number[]> {
  const result = (await db.execute(sql`
    select distinct c.brand_id from campaign_joins j join campaigns c on c.id = j.campaign_id
    where j.advocate_id = ${advocateId} order by c.brand_id`)) as unknown as { rows: { brand_id: number }[] };
  return result.rows.map((r) => r.brand_id);
}

const myStatsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Pure reads: from the read replica when DATABASE_READ_URL is set (it may lag the primary).
  const { readDb: db, clicks, clock } = app.deps;

  const reply = async (advocateId: number, brandIds: number[], query: StatsQuery) => {
    const tz = checkTimeZone(query.tz);
    await clicks.flush();
    const currency = currencyOf(query.currency, await mainCurrency(db, brandIds));
    const data = await computeStats(db, brandIds, advocateId, {
      days: query.days ?? 30,
      tz,
      timeseries: (query.timeseries ?? 1) === 1,
      platformsMetric: query.platforms_metric ?? 'revenue',
      platformsLimit: query.platforms_limit ?? 5,
      currency,
      now: clock(),
    });
    return { data };
  };

  const schema = {
    tags: ['statistics'],
    description:
      'The same figures as brand/stats/, over the caller’s own share links and conversions. See docs/metrics.md.',
    security: [{ bearerAuth: [] }],
    querystring: StatsQuery,
  };

  app.get(
    '/me/stats/',
    {
      schema: { ...schema, summary: 'The caller’s own statistics as an advocate', response: withErrors({ 200: StatsReply }, 401) },
      onRequest: app.authenticate,
    },
    async (request) => {
      const me = principalOf(request).userId;
      return reply(me, await joinedBrandIds(db, me), request.query);
    },
  );

  app.get(
    '/me/stats/:brandId/',
    {
      schema: {
        ...schema,
        summary: 'The caller’s own statistics on one brand',
        params: StatsParams,
        response: withErrors({ 200: StatsReply }, 401, 404),
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const me = principalOf(request).userId;
      const brandIds = await joinedBrandIds(db, me);
      if (!brandIds.includes(request.params.brandId)) throw notFound('Brand not found');
      return reply(me, [request.params.brandId], request.query);
    },
  );
};

export default myStatsRoutes;

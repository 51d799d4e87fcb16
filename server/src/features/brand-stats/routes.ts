// GET brand/stats/ (every brand of the caller) and brand/stats/{brandId}/ (one brand): the brand
// dashboard's, insights' and brand profile's figures. Owner and staff only; others get 404.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { StatsParams, StatsQuery, StatsReply } from 'contract';
import { withErrors } from '../../lib/schema.js';
import { principalOf } from '../../plugins/auth.js';
import { manageableBrand, brandIdsOwnedBy } from '../brands/index.js';
import { currencyOf, mainCurrency, checkTimeZone } from '../rollups/index.js';
import { computeStats } from './stats.js';

const DESCRIPTION =
  'Counted clicks, impressions, unique visitors, conversions and revenue over the last `days` days of ' +
  'the caller (`tz`), with the previous period of the same length for change_percentage and progress. ' +
  'Money figures are in `data.meta.currency` (the `currency` parameter, else the brand’s main currency); ' +
  'revenue.by_currency lists every currency. See docs/metrics.md.';

const brandStatsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Pure reads: from the read replica when DATABASE_READ_URL is set (it may lag the primary).
  const { readDb: db, clicks, clock } = app.deps;

  const reply = async (brandIds: number[], query: StatsQuery) => {
    const tz = checkTimeZone(query.tz);
    // Clicks still in the buffer count too: the owner sees their own test click at once.
    await clicks.flush();
    const currency = currencyOf(query.currency, await mainCurrency(db, brandIds));
    const data = await computeStats(db, brandIds, undefined, {
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

  app.get(
    '/brand/stats/',
    {
      schema: {
        tags: ['statistics'],
        summary: 'Statistics of all the caller’s brands',
        description: DESCRIPTION,
        security: [{ bearerAuth: [] }],
        querystring: StatsQuery,
        response: withErrors({ 200: StatsReply }, 401),
      },
      onRequest: app.authenticate,
    },
    async (request) => reply(await brandIdsOwnedBy(db, principalOf(request).userId), request.query),
  );

  app.get(
    '/brand/stats/:brandId/',
    {
      schema: {
        tags: ['statistics'],
        summary: 'Statistics of one brand (owner and staff)',
        description: DESCRIPTION,
        security: [{ bearerAuth: [] }],
        params: StatsParams,
        querystring: StatsQuery,
        response: withErrors({ 200: StatsReply }, 401, 404),
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const brand = await manageableBrand(db, principalOf(request), request.params.brandId);
      return reply([brand.id], request.query);
    },
  );
};

export default brandStatsRoutes;

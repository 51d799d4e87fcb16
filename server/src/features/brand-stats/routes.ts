// GET brand/stats/ (every brand of the caller) and brand/stats/{brandId}/ (one brand): the brand
// dashboard's, insights' and brand profile's figures. Members (by the access rule) and staff.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { StatsParams, StatsQuery, StatsReply } from 'contract';
import { signedInRoutes } from '../../lib/route.js';
import { principalOf } from '../../plugins/auth.js';
import { brandRoute, manageableBrand, permittedBrandIds } from '../access/index.js';
import { statsReply } from './reply.js';

const DESCRIPTION =
  'Counted clicks, impressions, unique visitors, conversions and revenue over the last `days` days of ' +
  'the caller (`tz`), with the previous period of the same length for change_percentage and progress. ' +
  'Money figures are in `data.meta.currency` (the `currency` parameter, else the brand’s main currency); ' +
  'revenue.by_currency lists every currency. See docs/metrics.md.';

const brandStatsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Pure reads: from the read replica when DATABASE_READ_URL is set (it may lag the primary).
  const db = app.deps.readDb;
  const reply = (brandIds: number[], query: StatsQuery) =>
    statsReply(app.deps, brandIds, undefined, query);
  const { signedIn } = signedInRoutes(app, 'statistics');
  const parts = { description: DESCRIPTION, querystring: StatsQuery };

  app.get(
    '/brand/stats/',
    signedIn('Statistics of all the caller’s brands', { 200: StatsReply }, parts),
    // The brands the caller may view under the access rule, never the raw membership list.
    async (request) => reply(permittedBrandIds(principalOf(request), 'view'), request.query),
  );

  app.get(
    '/brand/stats/:brandId/',
    signedIn(
      'Statistics of one brand (owner and staff)',
      { 200: StatsReply },
      { ...parts, params: StatsParams, access: brandRoute('view') },
    ),
    async (request) => {
      const brand = await manageableBrand(db, principalOf(request), request.params.brandId, 'view');
      return reply([brand.id], request.query);
    },
  );
};

export default brandStatsRoutes;

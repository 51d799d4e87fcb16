// POST sdk-log-conversion/ (tracking contract "Conversion"): the one API route open to any
// origin, because the browser SDK runs on merchants' sites. The rest of the API keeps the strict
// CORS list.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyCorsOptions } from '@fastify/cors';
import type { ConversionRow } from '../../db/schema.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { toId, withErrors } from '../../lib/schema.js';
import { canManageBrand } from '../brands/index.js';
import { findCampaign } from '../campaigns/index.js';
import { campaignEnded } from '../joins/index.js';
import { attribute, CAMPAIGN_NOT_FOUND } from './attribution.js';
import { identifyReporter } from './credentials.js';
import { findConversionByRef, insertConversion } from './repository.js';
import { ruleReward, toCents } from './rewards.js';
import { ConversionBody, ConversionReply } from './schemas.js';

/** Any origin, no cookies (the credential is the bearer key), the SDK's headers allowed. */
export const OPEN_CORS: FastifyCorsOptions = {
  origin: '*',
  credentials: false,
  methods: ['POST', 'OPTIONS'],
  allowedHeaders: ['Authorization', 'Content-Type', 'X-SDK-Version', 'X-Campaign-Id', 'X-Brand-Id'],
  maxAge: 86_400,
};

export const CAMPAIGN_CANCELLED = 'This campaign was cancelled and takes no more conversions';
const view = (row: ConversionRow) => ({
  id: row.id,
  conversion_ref: row.conversionRef,
  campaign_id: row.campaignId,
  advocate_id: row.advocateId,
  product_id: row.productId,
  event_type: row.eventType,
  value: row.value,
  currency: row.currency,
  reward_amount: row.rewardAmount,
  status: row.status,
  created_at: row.createdAt.toISOString(),
});

const conversionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, clock, shareLinks, clicks } = app.deps;
  const url = '/sdk-log-conversion/';

  // The preflight is answered by @fastify/cors's hook with this route's options; the handler
  // only exists so the route (and so its CORS config) exists.
  app.options(
    url,
    { config: { cors: OPEN_CORS }, schema: { hide: true } },
    async (_request, reply) => reply.code(204).send(),
  );

  app.post(
    url,
    {
      config: { cors: OPEN_CORS },
      schema: {
        tags: ['tracking'],
        summary: 'Report a conversion (SDK, merchant server, SDK tester)',
        description:
          'Authorization: Bearer sk_live_… (secret key: may set rewardAmount), pk_live_… (publishable: marked for ' +
          "the brand's review, rewardAmount ignored) or the brand owner's access token. Every reward starts pending until " +
          'the brand approves it or its hold period ends (a hold of 0 days approves at once). Attribution by clickId or via, ' +
          'else affiliateId + campaignId. Idempotent on (brand, conversionRef): a repeat returns the original with ' +
          'duplicate: true and 200. The reward follows the campaign rule, capped by budget_limit; ended or inactive ' +
          'campaigns pay 0.',
        body: ConversionBody,
        response: withErrors({ 200: ConversionReply, 201: ConversionReply }, 401, 403, 404, 409),
      },
    },
    async (request, reply) => {
      const reporter = await identifyReporter(app, request);
      const mayReport = (campaign: { brandId: number; ownerId: number }) =>
        reporter.kind === 'user'
          ? canManageBrand(reporter.principal, campaign.ownerId)
          : reporter.brandId === campaign.brandId;
      const body = request.body;
      const header = request.headers['x-campaign-id'];
      const headerCampaign =
        typeof header === 'string' && header.length <= 32 && header.trim() !== ''
          ? header
          : undefined;

      const attribution = await attribute(
        { db, shareLinks, clicks },
        {
          via: body.via || undefined,
          clickId: body.clickId || undefined,
          affiliateId: body.affiliateId === undefined ? undefined : toId(body.affiliateId),
          campaignId: body.campaignId ?? headerCampaign,
          productId: body.productId,
          mayReport,
        },
      );
      const campaign = await findCampaign(db, attribution.campaignId);
      // Another brand's campaign is answered as a missing one: see AttributionInput.mayReport.
      if (!campaign || !mayReport(campaign)) throw notFound(CAMPAIGN_NOT_FOUND);
      // A cancelled campaign was withdrawn: its sales are no longer its own. (Completed, paused
      // or run-out campaigns still record the sale; it just earns nothing.)
      if (campaign.status === 'cancelled') throw new HttpError(409, CAMPAIGN_CANCELLED);

      const now = clock();
      const value = body.value ?? 0;
      const trusted = reporter.kind !== 'publishable';
      const pays = campaign.status === 'active' && !campaignEnded(campaign, now);
      const wanted = !pays
        ? 0n
        : trusted && body.rewardAmount !== undefined
          ? toCents(body.rewardAmount)
          : ruleReward(campaign, value);

      const created = await insertConversion(
        db,
        {
          brandId: campaign.brandId,
          campaignId: campaign.id,
          advocateId: attribution.advocateId,
          productId: attribution.productId,
          linkId: attribution.linkId,
          clickId: attribution.clickId,
          source: attribution.source,
          conversionRef: body.conversionRef,
          eventType: body.eventType ?? 'purchase',
          value,
          currency: (body.currency ?? 'USD').toUpperCase(),
          reportedWith: reporter.kind,
          sessionId: body.sessionId ?? null,
          createdAt: now,
        },
        wanted,
        campaign.budgetLimit !== null,
      );
      const row = created ?? (await findConversionByRef(db, campaign.brandId, body.conversionRef));
      // Unreachable unless the winner was deleted in between; say so rather than answering 500.
      if (!row) throw notFound('Conversion not found');
      return reply
        .code(created ? 201 : 200)
        .send({ status: 'success' as const, duplicate: !created, conversion: view(row) });
    },
  );
};

export default conversionRoutes;

// POST sdk-log-conversion/ (tracking contract "Conversion"): the one API route open to any
// origin, because the browser SDK runs on merchants' sites. The rest of the API keeps the strict
// CORS list.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyCorsOptions } from '@fastify/cors';
import type { ConversionRow } from '../../db/schema.js';
import { fieldError, HttpError, notFound } from '../../lib/http-error.js';
import { toId, withErrors } from '../../lib/schema.js';
import { mayActOnBrand } from '../access/index.js';
import { findCampaign } from '../campaigns/index.js';
import { campaignEnded } from '../joins/index.js';
import { attribute, CAMPAIGN_NOT_FOUND } from './attribution.js';
import { identifyReporter } from './credentials.js';
import { fraudHashes, fraudSettings, holdReasons } from '../fraud/index.js';
import { publishableLimits, publishableValueRefusal, PUBLISHABLE_KEYS_OFF } from './publishable.js';
import { recordRefusedReport } from './refused.js';
import { findConversionByRef, insertConversion } from './repository.js';
import { minorUnitProblem } from 'contract';
import { eventReward, toMills } from './rewards.js';
import { customerAttribution, customerTerms, sdkCustomerKey } from '../customers/index.js';
import { ConversionBody, ConversionReply } from './schemas.js';
import { rewardTerms } from '../groups/index.js';

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
  const hashes = fraudHashes(app.deps.config.jwtSecret);
  // Publishable keys only: per client address and per key, 429 with Retry-After.
  const rateLimited = app.rateLimitGuard(publishableLimits(app.deps.config));

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
          'Authorization: Bearer sk_live_… (secret key: may set rewardAmount), pk_live_… (publishable: attributed only by ' +
          "a real clickId of the brand's links within its attribution window, value capped at price × quantity or the " +
          "brand's maximum order value, rate limited, rewardAmount ignored, reward held for the brand's review) or the " +
          "brand owner's access token. Fraud rules may hold a reward for review too (docs/fraud.md). Every reward starts pending until " +
          'the brand approves it or its hold period ends (a hold of 0 days approves at once). Attribution by clickId or via, ' +
          'else affiliateId + campaignId. Idempotent on (brand, conversionRef): a repeat returns the original with ' +
          'duplicate: true and 200. The reward follows the campaign rule, capped by budget_limit; ended or inactive ' +
          'campaigns pay 0.',
        body: ConversionBody,
        response: withErrors(
          { 200: ConversionReply, 201: ConversionReply },
          401,
          403,
          404,
          409,
          429,
        ),
      },
    },
    async (request, reply) => {
      await rateLimited(request, reply);
      const reporter = await identifyReporter(app, request);
      const publishable = reporter.kind === 'publishable';
      // A publishable key's brand is known before attribution: its terms decide how to attribute.
      const keySettings = publishable ? await fraudSettings(db, reporter.brandId) : undefined;
      if (keySettings && !keySettings.publishableKeys)
        throw new HttpError(403, PUBLISHABLE_KEYS_OFF);
      const mayReport = (campaign: { brandId: number; ownerId: number }) =>
        reporter.kind === 'user'
          ? mayActOnBrand(reporter.principal, campaign.brandId, 'review')
          : reporter.brandId === campaign.brandId;
      const body = request.body;
      const header = request.headers['x-campaign-id'];
      const headerCampaign =
        typeof header === 'string' && header.length <= 32 && header.trim() !== ''
          ? header
          : undefined;

      // A customer already remembered (a renewal, a purchase after a sign-up) stays with its
      // advocate when the payload names no link nor advocate (features/customers).
      const customerKey = sdkCustomerKey(body.customer);
      const remembered =
        customerKey &&
        // Not a publishable key's: it attributes only by a real click (anyone can name a customer).
        reporter.kind === 'secret' &&
        !body.via &&
        !body.clickId &&
        body.affiliateId === undefined
          ? await customerAttribution(db, reporter.brandId, customerKey)
          : undefined;
      const attribution = remembered
        ? { ...remembered, productId: null }
        : await attribute(
            { db, shareLinks, clicks },
            {
              via: body.via || undefined,
              clickId: body.clickId || undefined,
              affiliateId: body.affiliateId === undefined ? undefined : toId(body.affiliateId),
              campaignId: body.campaignId ?? headerCampaign,
              productId: body.productId,
              mayReport,
              clickOnly: keySettings && {
                brandId: reporter.kind === 'publishable' ? reporter.brandId : 0,
                windowDays: keySettings.attributionWindowDays,
                now: clock(),
              },
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
      const currency = (body.currency ?? 'USD').toUpperCase();
      // Amounts are whole minor units of their currency (no 99.5 yen, no third decimal in USD).
      for (const [field, amount] of [['value', value], ['rewardAmount', body.rewardAmount]] as const) {
        const problem = amount === undefined ? null : minorUnitProblem(amount, currency);
        if (problem) throw fieldError(field, problem);
      }
      if (keySettings) {
        const quantity = body.quantity ?? 1;
        const sale = { productId: attribution.productId, value, currency, quantity };
        const refusal = await publishableValueRefusal(db, sale, keySettings.maxOrderValue);
        if (refusal) {
          // Kept for the brand's review screen; the script still hears why (400).
          await recordRefusedReport(
            db,
            {
              ...sale,
              brandId: campaign.brandId,
              campaignId: campaign.id,
              advocateId: attribution.advocateId,
              conversionRef: body.conversionRef,
              at: now,
            },
            refusal,
          );
          throw new HttpError(400, refusal.message);
        }
      }
      const visitorHash = 'visitorHash' in attribution ? attribution.visitorHash : null;
      const clientHash = publishable ? hashes.address(request.ip) : null;
      const customerEmail = body.customer?.email?.trim() || null;
      // Without a publishable key's terms, the brand's settings come with the rules' facts.
      const held = await holdReasons(db, keySettings, {
        brandId: campaign.brandId,
        campaignId: campaign.id,
        advocateId: attribution.advocateId,
        reportedWith: reporter.kind,
        clickId: attribution.clickId,
        visitorHash,
        clientHash,
        customerEmail,
        now,
      });
      const trusted = reporter.kind !== 'publishable';
      const eventType = body.eventType ?? 'purchase';
      // A renewal outside the campaign's recurring_months window is recorded, with reward 0.
      const terms = customerKey
        ? await customerTerms(db, {
            brandId: campaign.brandId,
            customerKey,
            attribution,
            eventType,
            value,
            paidAt: now,
            label: null,
            recurringMonths: campaign.recurringMonths,
            at: now,
          })
        : { pays: true, renewalNumber: null };
      // The advocate's group and the order's facts choose the rule (features/groups).
      const customerCountry = body.customer?.country?.toUpperCase() ?? null;
      const reward = await rewardTerms(db, {
        brandId: campaign.brandId,
        advocateId: attribution.advocateId,
        campaign,
        eventType,
        productId: attribution.productId,
        country: customerCountry,
        customerKey,
        value,
        currency,
      });
      const pays = campaign.status === 'active' && !campaignEnded(campaign, now) && terms.pays;
      const wanted = !pays
        ? 0n
        : trusted && body.rewardAmount !== undefined
          ? toMills(body.rewardAmount)
          : eventReward(reward.rule, eventType, value, currency);

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
          eventType,
          customerKey,
          renewalNumber: terms.renewalNumber,
          value,
          currency,
          reportedWith: reporter.kind,
          visitorHash,
          clientHash,
          customerEmailHash: customerEmail && hashes.email(customerEmail),
          customerRef: body.customer?.id?.trim() || null,
          sessionId: body.sessionId ?? null,
          createdAt: now,
          customerCountry,
          rewardHoldDays: reward.holdDays,
        },
        wanted,
        campaign.budgetLimit !== null,
        held,
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

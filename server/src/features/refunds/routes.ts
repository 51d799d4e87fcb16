// POST refunds/: a merchant server reports a refund with its secret API key, by conversionRef.
// Idempotent: refunding the same conversion again changes nothing and answers duplicate: true.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { RefundBody, RefundReply } from 'contract';
import { forbidden, notFound } from '../../lib/http-error.js';
import { withErrors } from '../../lib/schema.js';
import { identifyReporter } from '../conversions/index.js';
import { refundConversion } from '../ledger/index.js';
import { apiKeyActor } from '../audit/index.js';
import { bearerToken } from '../../plugins/auth.js';

export const SECRET_KEY_REQUIRED = 'Refunds are reported with a secret API key';
export const CONVERSION_NOT_FOUND = 'Conversion not found';

const refundRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, clock } = app.deps;

  app.post(
    '/refunds/',
    {
      schema: {
        tags: ['tracking'],
        summary: "Report a refund of the brand's conversion (secret API key)",
        description:
          'Authorization: Bearer sk_live_…. An unpaid reward is rejected; a paid one becomes a negative entry the ' +
          "advocate's next payout deducts. The conversion then counts nowhere. Idempotent per conversionRef.",
        security: [{ bearerAuth: [] }],
        body: RefundBody,
        response: withErrors({ 200: RefundReply }, 401, 403, 404),
      },
    },
    async (request) => {
      const reporter = await identifyReporter(app, request);
      // A publishable key is public (it ships in web pages); a user token names no single brand.
      if (reporter.kind !== 'secret') throw forbidden(SECRET_KEY_REQUIRED);
      const outcome = await refundConversion(db, {
        brandId: reporter.brandId,
        conversionRef: request.body.conversionRef,
        actorId: null,
        reason: request.body.reason?.trim() || null,
        now: clock(),
        // The key's first characters name it, as the API keys list shows it.
        audit: apiKeyActor(request, {
          id: reporter.keyId,
          prefix: (bearerToken(request) ?? '').slice(0, 12),
        }),
      });
      if (!outcome.found) throw notFound(CONVERSION_NOT_FOUND);
      return {
        status: 'success' as const,
        duplicate: outcome.duplicate,
        conversion_id: outcome.conversionId,
        conversion_ref: request.body.conversionRef,
        reward_status: outcome.rewardStatus,
        clawback_amount: outcome.clawback,
      };
    },
  );
};

export default refundRoutes;

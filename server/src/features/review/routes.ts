// The brand's review of pending conversions (bulk approve and reject with a reason) and its money
// settings (hold period, payout minimum). Owner and staff; anyone else gets 404.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PayoutSettings, ReviewBody, ReviewListReply, ReviewQuery, ReviewReply } from 'contract';
import { fieldError } from '../../lib/http-error.js';
import { principalOf } from '../../plugins/auth.js';
import { manageableBrand } from '../brands/index.js';
import {
  reviewConversions,
  APPROVED_BY_BRAND,
  payoutSettings,
  savePayoutSettings,
} from '../ledger/index.js';
import { pageMeta, paging } from '../../lib/paging.js';
import { listPendingReview } from './repository.js';
import { signedInRoutes } from '../../lib/route.js';

export const REJECT_REASON_REQUIRED = 'A reason is required to reject';

const reviewRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, clock } = app.deps;
  const { byId } = signedInRoutes(app, 'money');

  app.get(
    '/brand/:id/review/',
    byId(
      "The brand's conversions whose reward is pending, newest first",
      { 200: ReviewListReply },
      { querystring: ReviewQuery },
    ),
    async (request) => {
      const brand = await manageableBrand(db, principalOf(request), request.params.id);
      const q = request.query;
      const page = paging(q.page, q.per_page, 20);
      const { total, items } = await listPendingReview(
        db,
        brand.id,
        {
          campaignId: q.campaign_id,
          advocateId: q.advocate_id,
          eventType: q.event_type,
          since: q.since,
          until: q.until,
        },
        page,
      );
      return { results: items, meta: pageMeta(total, page) };
    },
  );

  app.post(
    '/brand/:id/review/',
    byId(
      'Approve or reject conversions (their rewards), with a reason',
      { 200: ReviewReply },
      {
        description:
          'approve: pending → approved. reject: pending or approved → rejected (reason required); a rejected ' +
          'conversion counts nowhere. Each move is recorded with who, when and why.',
        body: ReviewBody,
      },
    ),
    async (request) => {
      const me = principalOf(request);
      const brand = await manageableBrand(db, me, request.params.id);
      const { action, conversion_ids: ids } = request.body;
      const reason = request.body.reason?.trim() ?? '';
      if (action === 'reject' && reason === '') throw fieldError('reason', REJECT_REASON_REQUIRED);
      const moved = await reviewConversions(db, {
        brandId: brand.id,
        conversionIds: ids,
        action,
        actorId: me.userId,
        reason: reason || APPROVED_BY_BRAND,
        now: clock(),
      });
      const movedSet = new Set(moved);
      return {
        status: 'success' as const,
        moved: [...movedSet].sort((a, b) => a - b),
        skipped: [...new Set(ids)].filter((id) => !movedSet.has(id)),
      };
    },
  );

  app.get(
    '/brand/:id/payout-settings/',
    byId("The brand's hold period and payout minimum", { 200: PayoutSettings }),
    async (request) => {
      const brand = await manageableBrand(db, principalOf(request), request.params.id);
      const s = await payoutSettings(db, brand.id);
      return { hold_days: s.holdDays, payout_minimum: s.payoutMinimum };
    },
  );

  app.put(
    '/brand/:id/payout-settings/',
    byId(
      'Set the hold period (days, 0 approves at once) and the payout minimum',
      { 200: PayoutSettings },
      { body: PayoutSettings },
    ),
    async (request) => {
      const brand = await manageableBrand(db, principalOf(request), request.params.id);
      const body = request.body;
      await savePayoutSettings(
        db,
        brand.id,
        { holdDays: body.hold_days, payoutMinimum: body.payout_minimum },
        clock(),
      );
      return body;
    },
  );
};

export default reviewRoutes;

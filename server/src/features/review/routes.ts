// The brand's review of pending conversions (bulk approve and reject with a reason) and its money
// settings (hold period, payout minimum). Any member reads them; owners, admins and finance
// decide and change them (brands/access.ts); non-members get 404. Every change is audited.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  PayoutSettings,
  PayoutSettingsReply,
  RefusedReportListReply,
  RefusedReportQuery,
  ReopenBody,
  ReopenReply,
  ReviewBody,
  ReviewConversionParams,
  ReviewDetail,
  ReviewListReply,
  ReviewQuery,
  ReviewReply,
  ReviewSummary,
} from 'contract';
import { fieldError, HttpError, notFound } from '../../lib/http-error.js';
import type { Database } from '../../db/client.js';
import { principalOf } from '../../plugins/auth.js';
import { userActor } from '../audit/index.js';
import { brandRoute, manageableBrand } from '../access/index.js';
import {
  reviewConversions,
  APPROVED_BY_BRAND,
  RELEASED_BY_BRAND,
  payoutSettings,
  savePayoutSettings,
} from '../ledger/index.js';
import { pageMeta, paging } from '../../lib/paging.js';
import {
  listPendingReview,
  listRefusedReports,
  reviewSummary,
} from './repository.js';
import { commissionTimeline } from './timeline.js';
import { signedInRoutes } from '../../lib/route.js';

export const REJECT_REASON_REQUIRED = 'A reason is required to reject';
export const CONVERSION_NOT_FOUND = 'Conversion not found';
export const NOT_REOPENABLE =
  'Only a rejected commission whose sale was not refunded can be reopened';
export const REOPENED_BY_BRAND = 'Reopened by the brand';

/** One conversion of the brand with its timeline; undefined when it is not the brand's. */
async function reviewDetail(db: Database, brandId: number, conversionId: number) {
  const { items } = await listPendingReview(
    db,
    brandId,
    { conversionId },
    { page: 1, perPage: 1 },
  );
  const timeline = await commissionTimeline(db, brandId, conversionId);
  const item = items[0];
  if (!item || !timeline) return undefined;
  return { ...item, reopenable: item.status === 'rejected' && item.conversion_status !== 'refunded', timeline };
}

const reviewRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, clock } = app.deps;
  const { byId, signedIn } = signedInRoutes(app, 'money');

  app.get(
    '/brand/:id/review/',
    byId(
      "The brand's conversions whose reward is pending, newest first",
      { 200: ReviewListReply },
      { querystring: ReviewQuery, access: brandRoute('view') },
    ),
    async (request) => {
      const brand = await manageableBrand(db, principalOf(request), request.params.id, 'view');
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
          reportedWith: q.reported_with,
          status: q.status,
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
          'approve: pending or held → approved. reject: pending, held or approved → rejected (reason required); a ' +
          'rejected conversion counts nowhere. release: held → pending, approved when the hold period ends. Each ' +
          'move is recorded with who, when and why.',
        body: ReviewBody,
        access: brandRoute('review'),
      },
    ),
    async (request) => {
      const me = principalOf(request);
      const brand = await manageableBrand(db, me, request.params.id, 'review');
      const { action, conversion_ids: ids } = request.body;
      const reason = request.body.reason?.trim() ?? '';
      if (action === 'reject' && reason === '') throw fieldError('reason', REJECT_REASON_REQUIRED);
      const moved = await reviewConversions(db, {
        brandId: brand.id,
        conversionIds: ids,
        action,
        actorId: me.userId,
        reason: reason || (action === 'release' ? RELEASED_BY_BRAND : APPROVED_BY_BRAND),
        now: clock(),
        audit: userActor(request),
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
    '/brand/:id/review/summary/',
    byId(
      'What waits for review (held, on the hold clock) and the browser reports refused this week',
      { 200: ReviewSummary },
      { access: brandRoute('view') },
    ),
    async (request) => {
      const brand = await manageableBrand(db, principalOf(request), request.params.id, 'view');
      return reviewSummary(db, brand.id, clock());
    },
  );

  app.get(
    '/brand/:id/review/refused/',
    byId(
      "Browser reports (publishable key) refused at the door: above the price cap, the brand's maximum order value, another currency",
      { 200: RefusedReportListReply },
      { querystring: RefusedReportQuery, access: brandRoute('view') },
    ),
    async (request) => {
      const brand = await manageableBrand(db, principalOf(request), request.params.id, 'view');
      const page = paging(request.query.page, request.query.per_page, 20);
      const { total, items } = await listRefusedReports(db, brand.id, page);
      return { results: items, meta: pageMeta(total, page) };
    },
  );

  app.get(
    '/brand/:id/review/:conversionId/',
    signedIn(
      "One conversion's commission with its timeline: click, conversion, provider events, fraud rules and their evidence, holds and decisions with who made them",
      { 200: ReviewDetail },
      { params: ReviewConversionParams, errors: [404], access: brandRoute('view') },
    ),
    async (request) => {
      const brand = await manageableBrand(db, principalOf(request), request.params.id, 'view');
      const detail = await reviewDetail(db, brand.id, request.params.conversionId);
      if (!detail) throw notFound(CONVERSION_NOT_FOUND);
      return detail;
    },
  );

  app.post(
    '/brand/:id/review/:conversionId/reopen/',
    signedIn(
      'Reopen a rejected commission (unpaid, sale not refunded): held for review again',
      { 200: ReopenReply },
      {
        params: ReviewConversionParams,
        body: ReopenBody,
        errors: [404, 409],
        access: brandRoute('review'),
      },
    ),
    async (request) => {
      const me = principalOf(request);
      const brand = await manageableBrand(db, me, request.params.id, 'review');
      const conversionId = request.params.conversionId;
      const reason = request.body.reason?.trim() || REOPENED_BY_BRAND;
      const moved = await reviewConversions(db, {
        brandId: brand.id,
        conversionIds: [conversionId],
        action: 'reopen',
        actorId: me.userId,
        reason,
        now: clock(),
        audit: userActor(request),
      });
      const detail = await reviewDetail(db, brand.id, conversionId);
      if (!detail) throw notFound(CONVERSION_NOT_FOUND);
      if (moved.length === 0) throw new HttpError(409, NOT_REOPENABLE);
      return { status: 'success' as const, conversion: detail };
    },
  );

  app.get(
    '/brand/:id/payout-settings/',
    byId(
      "The brand's hold period and payout minimum",
      { 200: PayoutSettingsReply },
      { access: brandRoute('view') },
    ),
    async (request) => {
      const brand = await manageableBrand(db, principalOf(request), request.params.id, 'view');
      const s = await payoutSettings(db, brand.id);
      return {
        hold_days: s.holdDays,
        payout_minimum: s.payoutMinimum,
        saved_at: s.savedAt?.toISOString() ?? null,
      };
    },
  );

  app.put(
    '/brand/:id/payout-settings/',
    byId(
      'Set the hold period (days, 0 approves at once) and the payout minimum',
      { 200: PayoutSettings },
      { body: PayoutSettings, access: brandRoute('payouts') },
    ),
    async (request) => {
      const brand = await manageableBrand(db, principalOf(request), request.params.id, 'payouts');
      const body = request.body;
      await savePayoutSettings(
        db,
        brand.id,
        { holdDays: body.hold_days, payoutMinimum: body.payout_minimum },
        clock(),
        userActor(request),
      );
      return body;
    },
  );
};

export default reviewRoutes;

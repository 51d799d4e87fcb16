// The brand's payouts: what it owes (per advocate and currency), creating payouts, marking them
// sent, successful or failed, and the batch files for PayPal Payouts and Wise. Owner and staff.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CreatePayoutsBody,
  CreatePayoutsReply,
  PayoutPreviewReply,
  PayoutExportQuery,
  PayoutFailedBody,
  PayoutListQuery,
  PayoutListReply,
  PayoutReply,
  PayoutSummary,
  type AdvocateBalance,
} from 'contract';
import { Type } from 'typebox';
import { fieldError, HttpError, notFound } from '../../lib/http-error.js';
import { IdParams, NonJsonReply } from '../../lib/schema.js';
import { principalOf } from '../../plugins/auth.js';
import { assertBrandAccess, brandRoute, manageableBrand } from '../access/index.js';
import { userActor } from '../audit/index.js';
import { pageMeta, paging } from '../../lib/paging.js';
import { payoutSettings } from '../ledger/index.js';
import { rowsOf } from '../../lib/sql.js';
import { sql } from 'drizzle-orm';
import {
  advocateBalances,
  millsToNumber,
  createPayouts,
  findPayout,
  isDue,
  listPayouts,
  markPayout,
  payoutsByIds,
  PreviewNotFound,
  previewPayouts,
  previousBatch,
  type AdvocateBalanceRow,
  type PayoutMark,
  type PayoutRowView,
} from './repository.js';
import { methodLabel, paymentTypeLabel, paypalCsv, toPayoutView, wiseCsv } from './view.js';
import { millsText, moneyText, toMills } from 'contract';
import { signedInRoutes } from '../../lib/route.js';

export const PAYOUT_NOT_FOUND = 'Payout not found';
export const PREVIEW_NOT_FOUND = 'No such preview of this brand: preview again';
export const NO_METHOD = 'No payout method';
const MARK_CONFLICT: Record<PayoutMark, string> = {
  sent: 'Only a pending payout can be marked sent',
  successful: 'Only a sent (ongoing) payout can be marked successful',
  failed: 'Only a pending or ongoing payout can be marked failed',
};

const toBalance = (row: AdvocateBalanceRow, minimumMills: bigint): AdvocateBalance => ({
  advocate_id: row.advocate_id,
  advocate: row.advocate,
  email: row.email,
  currency: row.currency,
  amount: millsToNumber(row.mills),
  due: isDue(row.mills, minimumMills),
  has_method: row.has_method,
});

/** Per-currency totals of thousandths, sorted by currency. */
function sumByCurrency(rows: readonly { currency: string; mills: bigint }[]) {
  const totals = new Map<string, bigint>();
  for (const r of rows) totals.set(r.currency, (totals.get(r.currency) ?? 0n) + r.mills);
  return [...totals.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, mills]) => ({ currency, amount: millsToNumber(mills) }));
}

const payoutRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, clock } = app.deps;
  const { byId, signedIn } = signedInRoutes(app, 'money');

  app.get(
    '/brand/:id/payouts/summary/',
    byId(
      'Balance owed, next payout, previous payout and per-advocate balances',
      {
        200: PayoutSummary,
      },
      { access: brandRoute('view') },
    ),
    async (request) => {
      const brand = await manageableBrand(db, principalOf(request), request.params.id, 'view');
      const [settings, balances, previous] = await Promise.all([
        payoutSettings(db, brand.id),
        advocateBalances(db, brand.id),
        previousBatch(db, brand.id),
      ]);
      const minimum = toMills(settings.payoutMinimum);
      const payable = balances.filter((b) => isDue(b.mills, minimum) && b.has_method);
      return {
        balance: sumByCurrency(balances),
        next_payout: {
          totals: sumByCurrency(payable),
          advocates: new Set(payable.map((b) => b.advocate_id)).size,
        },
        previous_payout:
          previous.length === 0
            ? null
            : {
                date: new Date(previous[0].created_at).toISOString(),
                totals: previous.map((p) => ({ currency: p.currency, amount: Number(p.amount) })),
                payouts: previous.reduce((n, p) => n + Number(p.n), 0),
              },
        advocates: balances.map((b) => toBalance(b, minimum)),
        settings: { hold_days: settings.holdDays, payout_minimum: settings.payoutMinimum },
      };
    },
  );

  app.get(
    '/brand/:id/payouts/',
    byId(
      "The brand's payouts, newest first",
      { 200: PayoutListReply },
      { access: brandRoute('view'), querystring: PayoutListQuery },
    ),
    async (request) => {
      const brand = await manageableBrand(db, principalOf(request), request.params.id, 'view');
      const page = paging(request.query.page, request.query.per_page, 20);
      const { total, rows } = await listPayouts(db, brand.id, request.query.status, page);
      return { results: rows.map(toPayoutView), meta: pageMeta(total, page) };
    },
  );

  app.post(
    '/brand/:id/payouts/preview/',
    byId(
      'Preview "create payouts": per advocate and currency the amount and method, and who cannot be paid and why',
      { 200: PayoutPreviewReply },
      {
        access: brandRoute('payouts'),
        description:
          'Nothing is paid: confirm with POST brand/{id}/payouts/ and { preview_id }, which creates exactly these payouts ' +
          '(of their entries still approved then), once.',
      },
    ),
    async (request) => {
      const me = principalOf(request);
      const brand = await manageableBrand(db, me, request.params.id, 'payouts');
      const preview = await previewPayouts(db, brand.id, me.userId, clock());
      return {
        preview_id: preview.id,
        created_at: preview.createdAt.toISOString(),
        totals: sumByCurrency(preview.payouts),
        payouts: preview.payouts.map((p) => ({
          advocate_id: p.advocate_id,
          advocate: p.advocate,
          email: p.email,
          currency: p.currency,
          amount: millsToNumber(p.mills),
          payment_type: paymentTypeLabel(p.method),
          method: methodLabel(p.method),
          rewards: p.rewards,
        })),
        blocked: preview.blocked.map((b) => ({
          advocate_id: b.advocate_id,
          advocate: b.advocate,
          email: b.email,
          currency: b.currency,
          amount: millsToNumber(b.mills),
          reason: b.reason,
          message:
            b.reason === 'no_method'
              ? NO_METHOD
              : `Below the payout minimum (${moneyText(millsText(preview.minimumMills), b.currency)} ${b.currency})`,
        })),
      };
    },
  );

  app.post(
    '/brand/:id/payouts/',
    byId(
      'Create payouts: confirm a preview ({ preview_id }), or pay every due balance now (no body)',
      { 200: CreatePayoutsReply, 201: CreatePayoutsReply },
      {
        access: brandRoute('payouts'),
        body: Type.Optional(CreatePayoutsBody),
        description:
          "Each payout holds exactly the approved entries it pays (refunds after payment deducted) and goes to the advocate's " +
          'default payout method; advocates without one are returned in needs_method. Concurrent calls never pay an entry twice. ' +
          "With preview_id: only the preview's entries still approved, and once: confirming it again returns its payouts " +
          'with duplicate: true and creates nothing.',
      },
    ),
    async (request, reply) => {
      const me = principalOf(request);
      const brand = await manageableBrand(db, me, request.params.id, 'payouts');
      const settings = await payoutSettings(db, brand.id);
      const previewId = request.body?.preview_id;
      let created;
      try {
        created = await createPayouts(
          db,
          brand.id,
          me.userId,
          clock(),
          userActor(request),
          previewId,
        );
      } catch (error) {
        if (error instanceof PreviewNotFound) throw fieldError('preview_id', PREVIEW_NOT_FOUND);
        throw error;
      }
      const rows = await payoutsByIds(db, created.payoutIds);
      const minimum = toMills(settings.payoutMinimum);
      return reply.code(created.duplicate ? 200 : 201).send({
        status: 'success' as const,
        payouts: rows.map(toPayoutView),
        needs_method: created.needsMethod.map((b) => toBalance(b, minimum)),
        duplicate: created.duplicate,
      });
    },
  );

  for (const mark of ['sent', 'successful', 'failed'] as const) {
    app.post(
      `/payout/:id/${mark}/`,
      signedIn(
        mark === 'sent'
          ? 'Mark a pending payout sent (Ongoing)'
          : mark === 'successful'
            ? 'Mark an ongoing payout Successful'
            : 'Mark a payout Failed: its entries go back to approved for the next payout',
        { 200: PayoutReply },
        {
          params: IdParams,
          ...(mark === 'failed' ? { body: Type.Optional(PayoutFailedBody) } : {}),
          errors: [409],
          access: brandRoute('payouts', 'payout'),
        },
      ),
      async (request) => {
        const me = principalOf(request);
        const payout = await findPayout(db, request.params.id);
        if (!payout) throw notFound(PAYOUT_NOT_FOUND);
        assertBrandAccess(me, payout.brand_id, 'payouts', PAYOUT_NOT_FOUND);
        const body = (request.body ?? {}) as { reason?: string };
        const reason = body.reason?.trim() || null;
        if (
          !(await markPayout(db, payout.id, mark, me.userId, reason, clock(), userActor(request)))
        )
          throw new HttpError(409, MARK_CONFLICT[mark]);
        const updated = await findPayout(db, payout.id);
        if (!updated) throw notFound(PAYOUT_NOT_FOUND);
        return { status: 'success' as const, payout: toPayoutView(updated) };
      },
    );
  }

  app.get(
    '/brand/:id/payouts/export/',
    byId(
      'The payouts of one currency as a PayPal Payouts or Wise batch CSV (default: pending ones)',
      { 200: NonJsonReply('The CSV file', ['text/csv']) },
      { access: brandRoute('view'), querystring: PayoutExportQuery },
    ),
    async (request, reply) => {
      const brand = await manageableBrand(db, principalOf(request), request.params.id, 'view');
      const { format, currency } = request.query;
      const status = request.query.status ?? 'pending';
      const rows = await rowsOf<PayoutRowView>(
        db,
        sql`select p.id, p.advocate_id, u.username as advocate, u.email, p.currency, p.amount::text as amount,
            p.status, p.method, p.created_at, p.failure_reason, 0 as rewards
          from payouts p join users u on u.id = p.advocate_id
          where p.brand_id = ${brand.id}::integer and p.currency = ${currency}::varchar and p.status = ${status}::text
          order by p.id`,
      );
      const body = format === 'paypal' ? paypalCsv(rows, brand.brandName) : wiseCsv(rows);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="payouts-${brand.id}-${currency}-${format}.csv"`,
        )
        .send(body);
    },
  );
};

export default payoutRoutes;

// GET payments/: a brand's attributed sales (counted conversions with a value), newest first,
// with their total count and, with summary=1, their sum per currency (from the rollups).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'drizzle-orm';
import { PaymentsQuery, PaymentsReply } from 'contract';
import type { CredentialKind, EventType } from '../../db/schema.js';
import { fieldError } from '../../lib/http-error.js';
import { listMeta, pageWindow, paging } from '../../lib/paging.js';
import { signedInRoutes } from '../../lib/route.js';
import { principalOf } from '../../plugins/auth.js';
import { displayName } from '../brand-stats/index.js';
import { netAmount } from '../conversions/index.js';
import { COUNTED_STATUS, boundsOf, currencyOf, byCurrency, conversionCells, fromThousandths, mainCurrency, brandScope, checkTimeZone, localDay } from '../rollups/index.js';
import { intArray, rowsOf } from '../../lib/sql.js';

interface PaymentRow {
  id: number;
  conversion_ref: string;
  advocate_id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  value: string;
  refunded_value: string;
  currency: string;
  reward_amount: string;
  refunded_reward: string;
  event_type: EventType;
  reported_with: CredentialKind;
  renewal_number: number | null;
  status: string;
  created_at: string | Date;
  campaign_id: number;
  title: string | null;
  brand_id: number;
  brand_name: string;
}

const paymentsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Pure reads: from the read replica when DATABASE_READ_URL is set (it may lag the primary).
  const { readDb: db, clock } = app.deps;
  const { signedIn } = signedInRoutes(app, 'statistics');

  app.get(
    '/payments/',
    signedIn(
      'A brand’s attributed sales, newest first (owner and staff)',
      { 200: PaymentsReply },
      {
        description:
          'Counted conversions with a value above 0 of the brand (brand_id) or of all the caller’s brands, ' +
          'optionally of one advocate (user_id), between since and until (days of tz, both included). ' +
          'summary=1 adds their total in `currency` (default: the main currency) and per currency.',
        querystring: PaymentsQuery,
        errors: [404],
      },
    ),
    async (request) => {
      const q = request.query;
      const tz = checkTimeZone(q.tz);
      const { start, end } = boundsOf(tz, q.since, q.until);
      const page = paging(q.page, q.per_page, 10);
      const brandIds = await brandScope(db, principalOf(request), q.brand_id);
      if (page.page > 1_000_000) throw fieldError('page', 'is too large');
      const [rows, cells, main] = await Promise.all([
        brandIds.length === 0
          ? []
          : rowsOf<PaymentRow>(
              db,
              sql`select c.id, c.conversion_ref, c.advocate_id, u.username, u.first_name, u.last_name, u.email,
                  c.value, c.refunded_value, c.currency, c.reward_amount, c.refunded_reward, c.event_type, c.reported_with, c.renewal_number, c.status, c.created_at, c.campaign_id,
                  cp.title, c.brand_id, b.brand_name
                from conversions c
                join users u on u.id = c.advocate_id
                join campaigns cp on cp.id = c.campaign_id
                join brands b on b.id = c.brand_id
                where ${
                  // One brand: an equality, so the newest-first page is read straight off the
                  // (brand_id, created_at, id) index instead of sorting all the brand's sales.
                  brandIds.length === 1 ? sql`c.brand_id = ${brandIds[0]}` : sql`c.brand_id = any(${intArray(brandIds)})`
                } and c.status ${COUNTED_STATUS} and c.value > 0
                  and c.created_at >= ${new Date(start).toISOString()}::timestamptz
                  and c.created_at < ${new Date(end).toISOString()}::timestamptz
                  ${q.user_id === undefined ? sql`` : sql`and c.advocate_id = ${q.user_id}`}
                order by c.created_at desc, c.id desc
                ${pageWindow(page)}`,
            ),
        brandIds.length === 0
          ? []
          : conversionCells(db, { brandIds, advocateId: q.user_id }, start, end),
        mainCurrency(db, brandIds),
      ]);
      const totals = byCurrency(cells).filter((c) => c.sales > 0);
      const total = totals.reduce((n, c) => n + c.sales, 0);
      const currency = currencyOf(q.currency, main);
      const results = rows.map((r) => {
        const advocate = { id: r.advocate_id, name: displayName(r), email: r.email };
        const createdAt = new Date(r.created_at);
        return {
          id: r.id,
          transaction_id: r.conversion_ref,
          advocate,
          advocate_name: advocate.name,
          advocate_email: advocate.email,
          // Net of refunds, the refunded part beside it (docs/metrics.md).
          amount: netAmount(r.value, r.refunded_value),
          refunded_amount: Number(r.refunded_value),
          currency: r.currency,
          reward_amount: netAmount(r.reward_amount, r.refunded_reward),
          refunded_reward: Number(r.refunded_reward),
          event_type: r.event_type,
          reported_with: r.reported_with,
          renewal_number: r.renewal_number,
          status: r.status,
          date: localDay(tz, createdAt.getTime()),
          created_at: createdAt.toISOString(),
          campaign_id: r.campaign_id,
          campaign_name: r.title,
          brand_id: r.brand_id,
          brand_name: r.brand_name,
        };
      });
      return {
        results,
        count: total,
        meta: listMeta(total, page, results.length),
        ...(q.summary === 1 && {
          summary: {
            total_amount: fromThousandths(totals.find((c) => c.currency === currency)?.revenue ?? 0),
            currency,
            by_currency: totals.map((c) => ({ currency: c.currency, total_amount: fromThousandths(c.revenue), count: c.sales })),
          },
        }),
        generated_at: clock().toISOString(),
      };
    },
  );
};

export default paymentsRoutes;

// The advocate's earnings: totals per currency and the ledger's entries (10 a page), each with its
// status and the payout that paid it. Only the signed-in user's own entries.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'drizzle-orm';
import {
  AdvocatePayoutListReply,
  AdvocatePayoutsQuery,
  EarningsListReply,
  EarningsQuery,
  EarningsSummary,
  fromMills,
  toMills,
  type EarningEntry,
} from 'contract';
import { principalOf } from '../../plugins/auth.js';
import { netAmount } from '../conversions/index.js';
import { pagedEntries } from '../ledger/index.js';
import { pagedRows, pageMeta, paging } from '../../lib/paging.js';
import { methodLabel, paymentTypeLabel } from '../payouts/index.js';
import type { PayoutMethodSnapshot, PayoutStatus } from '../../db/schema.js';
import { rowsOf } from '../../lib/sql.js';
import { signedInRoutes } from '../../lib/route.js';

interface EntryRow {
  id: number;
  kind: EarningEntry['kind'];
  conversion_id: number;
  conversion_ref: string;
  created_at: string | Date;
  event_type: EarningEntry['event_type'];
  campaign_id: number;
  campaign_name: string | null;
  brand_name: string;
  value: string;
  refunded_value: string;
  amount: string;
  currency: string;
  status: EarningEntry['status'];
  payout_id: number | null;
  payout_status: NonNullable<EarningEntry['payout']>['status'] | null;
  payout_date: string | Date | null;
  renewal_number: number | null;
  customer: string | null;
  rejection_reason: string | null;
  total: string;
}

/** Exact sums (thousandths) per currency, sorted by currency: never added across currencies. */
export function totalsByCurrency(rows: readonly { currency: string; amount: string | number }[]) {
  const sums = new Map<string, bigint>();
  for (const row of rows)
    sums.set(row.currency, (sums.get(row.currency) ?? 0n) + toMills(row.amount));
  return [...sums.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, value]) => ({ currency, amount: fromMills(value) }));
}

const earningsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps;
  const { signedIn } = signedInRoutes(app, 'money');

  app.get(
    '/advocates/earnings/',
    signedIn(
      'My total earnings (pending, approved, paid) and current balance (approved, unpaid), per currency',
      { 200: EarningsSummary },
    ),
    async (request) => {
      const me = principalOf(request);
      const rows = await rowsOf<{ status: string; currency: string; amount: string }>(
        db,
        sql`select status, currency, sum(amount)::text as amount from rewards
          -- Held rewards wait for the brand's review (features/fraud): not earned until released.
          where advocate_id = ${me.userId}::integer and status not in ('rejected', 'held')
          group by status, currency`,
      );
      return {
        total_earnings: totalsByCurrency(rows),
        current_balance: totalsByCurrency(rows.filter((r) => r.status === 'approved')),
      };
    },
  );

  app.get(
    '/advocates/earnings/transactions/',
    signedIn(
      'My ledger entries, newest first (refunds after payment as negative entries)',
      { 200: EarningsListReply },
      { querystring: EarningsQuery },
    ),
    async (request) => {
      const me = principalOf(request);
      const q = request.query;
      const page = paging(q.page, q.per_page, 10);
      const where = [sql`r.advocate_id = ${me.userId}::integer`];
      if (q.min_value !== undefined)
        where.push(sql`abs(r.amount) >= ${String(q.min_value)}::numeric`);
      const { rows, total } = await pagedEntries<EntryRow>(
        db,
        {
          columns: sql`r.id, r.kind, r.conversion_id, c.conversion_ref, r.created_at, c.event_type,
            r.campaign_id, cp.title as campaign_name, b.brand_name, c.value::text as value, c.refunded_value::text as refunded_value,
            r.amount::text as amount, r.currency, r.status, r.payout_id, p.status as payout_status,
            p.created_at as payout_date, c.renewal_number, bc.label as customer,
            case when r.status = 'rejected' then (select m.reason from reward_moves m
              where m.reward_id = r.id order by m.id desc limit 1) end as rejection_reason`,
          joins: sql`join brands b on b.id = r.brand_id
            left join campaigns cp on cp.id = r.campaign_id
            left join payouts p on p.id = r.payout_id
            left join brand_customers bc on bc.brand_id = c.brand_id and bc.customer_key = c.customer_key`,
          where,
          filters: { eventType: q.event_type, since: q.since, until: q.until },
        },
        page,
      );
      return {
        results: rows.map((r) => ({
          id: r.id,
          kind: r.kind,
          conversion_id: r.conversion_id,
          conversion_ref: r.conversion_ref,
          created_at: new Date(r.created_at).toISOString(),
          event_type: r.event_type,
          campaign_id: r.campaign_id,
          campaign_name: r.campaign_name,
          brand_name: r.brand_name,
          // The sale net of refunds, the refunded part beside it (docs/metrics.md).
          value: netAmount(r.value, r.refunded_value),
          refunded_value: Number(r.refunded_value),
          amount: Number(r.amount),
          currency: r.currency,
          status: r.status,
          payout:
            r.payout_id !== null && r.payout_status !== null && r.payout_date !== null
              ? {
                  id: r.payout_id,
                  status: r.payout_status,
                  date: new Date(r.payout_date).toISOString(),
                }
              : null,
          renewal_number: r.renewal_number,
          customer: r.customer,
          rejection_reason: r.rejection_reason,
        })),
        meta: pageMeta(total, page),
      };
    },
  );

  app.get(
    '/advocates/payouts/',
    signedIn(
      'My payouts from every brand, newest first, with their method and status (and why one failed)',
      { 200: AdvocatePayoutListReply },
      { querystring: AdvocatePayoutsQuery },
    ),
    async (request) => {
      const me = principalOf(request);
      const page = paging(request.query.page, request.query.per_page, 10);
      const { rows, total } = await pagedRows<{
        id: number;
        brand_id: number;
        brand_name: string;
        amount: string;
        currency: string;
        status: PayoutStatus;
        method: PayoutMethodSnapshot;
        created_at: string | Date;
        sent_at: string | Date | null;
        completed_at: string | Date | null;
        failure_reason: string | null;
        total: string;
      }>(
        db,
        sql`select p.id, p.brand_id, b.brand_name, p.amount::text as amount, p.currency, p.status, p.method,
            p.created_at, p.sent_at, p.completed_at, p.failure_reason, count(*) over () as total
          from payouts p join brands b on b.id = p.brand_id
          where p.advocate_id = ${me.userId}::integer
          order by p.created_at desc, p.id desc`,
        sql`select count(*) as n from payouts where advocate_id = ${me.userId}::integer`,
        page,
      );
      const iso = (value: string | Date | null) =>
        value === null ? null : new Date(value).toISOString();
      return {
        results: rows.map((r) => ({
          id: r.id,
          brand_id: r.brand_id,
          brand_name: r.brand_name,
          amount: Number(r.amount),
          currency: r.currency,
          status: r.status,
          payment_type: paymentTypeLabel(r.method),
          method: methodLabel(r.method),
          created_at: new Date(r.created_at).toISOString(),
          sent_at: iso(r.sent_at),
          completed_at: iso(r.completed_at),
          failure_reason: r.failure_reason,
        })),
        meta: pageMeta(total, page),
      };
    },
  );
};

export default earningsRoutes;

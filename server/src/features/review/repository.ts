// The brand's list of conversions whose reward is still pending or held for a person (with the
// rules' reasons), or was rejected (with the reason, until reopened).
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type {
  ConversionStatus,
  CredentialKind,
  EventType,
  RefusedReportReason,
  RewardStatus,
} from '../../db/schema.js';
import { netAmount } from '../conversions/index.js';
import { DEFAULT_HOLD_DAYS, pagedEntries, type EntryFilters } from '../ledger/index.js';
import { pagedRows, type Paging } from '../../lib/paging.js';
import { rowsOf, type Tx } from '../../lib/sql.js';

export interface ReviewFilters extends EntryFilters {
  campaignId?: number | undefined;
  advocateId?: number | undefined;
  reportedWith?: CredentialKind | undefined;
  status?: 'pending' | 'held' | 'rejected' | undefined;
  /** One conversion, whatever its status (the detail view). */
  conversionId?: number | undefined;
}

interface ReviewRow {
  conversion_id: number;
  conversion_ref: string;
  campaign_id: number;
  campaign_title: string | null;
  advocate_id: number;
  advocate: string;
  email: string;
  event_type: EventType;
  value: string;
  refunded_value: string;
  currency: string;
  reward_amount: string;
  refunded_reward: string;
  reported_with: CredentialKind;
  renewal_number: number | null;
  status: RewardStatus;
  conversion_status: ConversionStatus;
  rejection_reason: string | null;
  hold_reasons: string[] | string | null;
  created_at: string | Date;
  hold_ends_at: string | Date;
  total: string | number;
}

const iso = (value: string | Date) => new Date(value).toISOString();
/** A text[] as the driver gives it: an array (node-postgres, PGlite) or its literal '{a,b}'. */
export const reasonsOf = (value: string[] | string | null): string[] =>
  value === null
    ? []
    : Array.isArray(value)
      ? value
      : value
          .replace(/^\{|\}$/g, '')
          .split(',')
          .filter(Boolean);

export async function listPendingReview(
  db: Database,
  brandId: number,
  filters: ReviewFilters,
  page: Paging,
) {
  const where: SQL[] = [
    sql`r.brand_id = ${brandId}::integer`,
    filters.conversionId !== undefined
      ? sql`c.id = ${filters.conversionId}::integer`
      : filters.status
        ? sql`r.status = ${filters.status}::text`
        : sql`r.status in ('pending', 'held')`,
    sql`r.kind = 'reward'`,
  ];
  // A refunded sale's reward was rejected by the refund, not by the brand: not for review.
  if (filters.conversionId === undefined) where.push(sql`c.status <> 'refunded'`);
  if (filters.campaignId) where.push(sql`r.campaign_id = ${filters.campaignId}::integer`);
  if (filters.advocateId) where.push(sql`r.advocate_id = ${filters.advocateId}::integer`);
  if (filters.reportedWith) where.push(sql`c.reported_with = ${filters.reportedWith}::text`);
  const { rows, total } = await pagedEntries<ReviewRow>(
    db,
    {
      columns: sql`c.id as conversion_id, c.conversion_ref, r.campaign_id, cp.title as campaign_title,
        r.advocate_id, u.username as advocate, u.email, c.event_type, c.value, c.refunded_value, r.currency,
        c.reward_amount, c.refunded_reward, c.reported_with, c.renewal_number, r.status, c.status as conversion_status,
        r.hold_reasons, r.created_at,
        case when r.status = 'rejected' then (select m.reason from reward_moves m
          where m.reward_id = r.id order by m.id desc limit 1) end as rejection_reason,
        r.created_at + make_interval(days => coalesce(r.hold_days, s.hold_days, ${DEFAULT_HOLD_DAYS}::integer)) as hold_ends_at`,
      joins: sql`join users u on u.id = r.advocate_id
        left join campaigns cp on cp.id = r.campaign_id
        left join brand_payout_settings s on s.brand_id = r.brand_id`,
      where,
      filters,
    },
    page,
  );
  return {
    total,
    items: rows.map((r) => ({
      conversion_id: r.conversion_id,
      conversion_ref: r.conversion_ref,
      campaign_id: r.campaign_id,
      campaign_title: r.campaign_title,
      advocate_id: r.advocate_id,
      advocate: r.advocate,
      email: r.email,
      event_type: r.event_type,
      // The sale and the reward net of refunds, the refunded parts beside them (docs/metrics.md):
      // the reward a refund left, not the one the sale first earned.
      value: netAmount(r.value, r.refunded_value),
      refunded_value: Number(r.refunded_value),
      currency: r.currency,
      reward_amount: netAmount(r.reward_amount, r.refunded_reward),
      refunded_reward: Number(r.refunded_reward),
      needs_review: r.status === 'held',
      status: r.status,
      conversion_status: r.conversion_status,
      rejection_reason: r.rejection_reason,
      hold_reasons: reasonsOf(r.hold_reasons),
      reported_with: r.reported_with,
      renewal_number: r.renewal_number,
      created_at: iso(r.created_at),
      hold_ends_at: iso(r.hold_ends_at),
    })),
  };
}

/** What waits for the brand (held, on the hold clock) and the browser reports refused this week. */
export async function reviewSummary(db: Tx, brandId: number, now: Date) {
  const [counts] = await rowsOf<{ held: string; pending: string }>(
    db,
    sql`select count(*) filter (where status = 'held') as held,
        count(*) filter (where status = 'pending') as pending
      from rewards where brand_id = ${brandId}::integer and kind = 'reward' and status in ('held', 'pending')`,
  );
  const refused = await rowsOf<{ reason: RefusedReportReason; n: string }>(
    db,
    sql`select reason, count(*) as n from refused_reports
      where brand_id = ${brandId}::integer
        and created_at > ${now.toISOString()}::timestamptz - interval '7 days'
      group by reason order by count(*) desc, reason`,
  );
  const byReason = refused.map((r) => ({ reason: r.reason, count: Number(r.n) }));
  return {
    held: Number(counts?.held ?? 0),
    pending: Number(counts?.pending ?? 0),
    refused_this_week: { total: byReason.reduce((n, r) => n + r.count, 0), by_reason: byReason },
  };
}

/** The brand's refused browser reports, newest first. */
export async function listRefusedReports(db: Tx, brandId: number, page: Paging) {
  const { rows, total } = await pagedRows<{
    id: number | string;
    conversion_ref: string;
    reason: RefusedReportReason;
    message: string;
    value: string;
    currency: string;
    quantity: number;
    campaign_id: number | null;
    campaign_title: string | null;
    advocate_id: number | null;
    advocate: string | null;
    created_at: string | Date;
    total: string;
  }>(
    db,
    sql`select f.id, f.conversion_ref, f.reason, f.message, f.value::text as value, f.currency, f.quantity,
        f.campaign_id, cp.title as campaign_title, f.advocate_id, u.username as advocate, f.created_at,
        count(*) over () as total
      from refused_reports f
      left join campaigns cp on cp.id = f.campaign_id
      left join users u on u.id = f.advocate_id
      where f.brand_id = ${brandId}::integer
      order by f.created_at desc, f.id desc`,
    sql`select count(*) as n from refused_reports where brand_id = ${brandId}::integer`,
    page,
  );
  return {
    total,
    items: rows.map((r) => ({
      id: Number(r.id),
      conversion_ref: r.conversion_ref,
      reason: r.reason,
      message: r.message,
      value: Number(r.value),
      currency: r.currency,
      quantity: r.quantity,
      campaign_id: r.campaign_id,
      campaign_title: r.campaign_title,
      advocate_id: r.advocate_id,
      advocate: r.advocate,
      created_at: iso(r.created_at),
    })),
  };
}

// The brand's list of conversions whose reward is still pending or held for a person (with the
// rules' reasons).
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { CredentialKind, EventType } from '../../db/schema.js';
import { DEFAULT_HOLD_DAYS, pagedEntries, type EntryFilters } from '../ledger/index.js';
import type { Paging } from '../../lib/paging.js';

export interface ReviewFilters extends EntryFilters {
  campaignId?: number | undefined;
  advocateId?: number | undefined;
  reportedWith?: CredentialKind | undefined;
  status?: 'pending' | 'held' | undefined;
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
  currency: string;
  reward_amount: string;
  reported_with: CredentialKind;
  renewal_number: number | null;
  status: 'pending' | 'held';
  hold_reasons: string[] | string | null;
  created_at: string | Date;
  hold_ends_at: string | Date;
  total: string | number;
}

const iso = (value: string | Date) => new Date(value).toISOString();
/** A text[] as the driver gives it: an array (node-postgres, PGlite) or its literal '{a,b}'. */
const reasonsOf = (value: string[] | string | null): string[] =>
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
    filters.status ? sql`r.status = ${filters.status}::text` : sql`r.status in ('pending', 'held')`,
    sql`r.kind = 'reward'`,
  ];
  if (filters.campaignId) where.push(sql`r.campaign_id = ${filters.campaignId}::integer`);
  if (filters.advocateId) where.push(sql`r.advocate_id = ${filters.advocateId}::integer`);
  if (filters.reportedWith) where.push(sql`c.reported_with = ${filters.reportedWith}::text`);
  const { rows, total } = await pagedEntries<ReviewRow>(
    db,
    {
      columns: sql`c.id as conversion_id, c.conversion_ref, r.campaign_id, cp.title as campaign_title,
        r.advocate_id, u.username as advocate, u.email, c.event_type, c.value, r.currency,
        r.amount as reward_amount, c.reported_with, c.renewal_number, r.status, r.hold_reasons, r.created_at,
        r.created_at + make_interval(days => coalesce(s.hold_days, ${DEFAULT_HOLD_DAYS}::integer)) as hold_ends_at`,
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
      value: Number(r.value),
      currency: r.currency,
      reward_amount: Number(r.reward_amount),
      needs_review: r.status === 'held',
      status: r.status,
      hold_reasons: reasonsOf(r.hold_reasons),
      reported_with: r.reported_with,
      renewal_number: r.renewal_number,
      created_at: iso(r.created_at),
      hold_ends_at: iso(r.hold_ends_at),
    })),
  };
}

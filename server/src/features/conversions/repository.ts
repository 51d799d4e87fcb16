// Recording a conversion and its ledger entry, idempotent on (brand_id, conversion_ref).
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  conversions,
  type ClickSource,
  type ConversionRow,
  type ConversionStatus,
  type CredentialKind,
  type EventType,
} from '../../db/schema.js';
import { executeNamed } from '../../lib/prepared.js';
import { DEFAULT_HOLD_DAYS, HOLD_ZERO_REASON, heldReason } from '../ledger/index.js';
import { commissionEventsFrom } from '../events/index.js';
import { conversionRollupsFromInserted } from '../rollups/index.js';
import { millsText } from './rewards.js';

/** The status is not the caller's: every conversion starts pending (approved at once when the brand's hold is 0 days). */
export type NewConversion = Omit<typeof conversions.$inferInsert, 'id' | 'rewardAmount' | 'status'> & {
  /** The advocate's group's hold period (features/groups); null or absent: the brand's. */
  rewardHoldDays?: number | null;
};

/** The inserted conversion as the driver returns it (numeric and timestamptz as text). */
interface InsertedRecord {
  id: number;
  brand_id: number;
  campaign_id: number;
  advocate_id: number;
  product_id: number | null;
  link_id: number | null;
  click_id: string | null;
  conversion_ref: string;
  event_type: EventType;
  value: string;
  currency: string;
  reward_amount: string;
  status: ConversionStatus;
  reported_with: CredentialKind;
  session_id: string | null;
  source: ClickSource;
  customer_key: string | null;
  renewal_number: number | null;
  created_at: string;
  visitor_hash: string | null;
  client_hash: string | null;
  customer_email_hash: string | null;
  customer_ref: string | null;
  customer_country: string | null;
  refunded_value: string;
  refunded_reward: string;
}

/** The statement's one row: the campaign's budget state, and the conversion if one was inserted. */
type RecordedRow = { budgeted: boolean } & (InsertedRecord | { id: null });

/** snake_case → ConversionRow, mapping numeric and timestamptz as drizzle does (number, Date). */
const toConversionRow = (r: InsertedRecord): ConversionRow => ({
  id: r.id,
  brandId: r.brand_id,
  campaignId: r.campaign_id,
  advocateId: r.advocate_id,
  productId: r.product_id,
  linkId: r.link_id,
  clickId: r.click_id,
  conversionRef: r.conversion_ref,
  eventType: r.event_type,
  value: Number(r.value),
  currency: r.currency,
  rewardAmount: Number(r.reward_amount),
  status: r.status,
  reportedWith: r.reported_with,
  sessionId: r.session_id,
  source: r.source,
  customerKey: r.customer_key,
  renewalNumber: r.renewal_number,
  createdAt: new Date(r.created_at),
  visitorHash: r.visitor_hash,
  clientHash: r.client_hash,
  customerEmailHash: r.customer_email_hash,
  customerRef: r.customer_ref,
  customerCountry: r.customer_country,
  refundedValue: Number(r.refunded_value),
  refundedReward: Number(r.refunded_reward),
});

const BUDGET_APPEARED = Symbol('budget appeared');

/**
 * One statement (atomic on its own, so no BEGIN/COMMIT round trips): `cur` reads the campaign
 * row and the grant, `ins` inserts the conversion (ON CONFLICT DO NOTHING finds the winner, even
 * one committing concurrently), `upd` adds the grant to the budget's running total and `rw`
 * writes the ledger entry, both only from what `ins` returned, so a duplicate writes and consumes
 * nothing.
 * - `capped` with a reward: FOR UPDATE, so grants serialize on the campaign row (lock held to
 *   commit, fsync included) and each sees the previous one's total.
 * - uncapped: no running total, so nothing to serialize on. FOR SHARE (compatible with other
 *   conversions) only keeps a concurrent "set budget_limit" waiting until this commits, so the
 *   total it recomputes from the ledger (campaigns/repository.ts) includes this reward; if such
 *   a change committed first, nothing is inserted and BUDGET_APPEARED says to redo it capped.
 * - capped with nothing to grant: the budget is neither read nor changed, so no lock.
 */
async function recordConversion(
  db: Database,
  c: NewConversion,
  wantedMills: bigint,
  capped: boolean,
  holdReasons: readonly string[],
): Promise<ConversionRow | undefined | typeof BUDGET_APPEARED> {
  const want = millsText(wantedMills > 0n ? wantedMills : 0n);
  // A held reward waits for a person whatever the hold period (features/fraud); the hold job
  // only approves pending ones. One text per case, so each keeps its prepared statement.
  const held = holdReasons.length > 0;
  const reasons = held ? sql`${`{${holdReasons.join(',')}}`}::text[]` : sql`null::text[]`;
  const grants = capped && wantedMills > 0n;
  // A brand whose hold period is 0 days approves its rewards as they arrive.
  const instant = sql`coalesce(${c.rewardHoldDays ?? null}::integer, (select hold_days from brand_payout_settings where brand_id = ${c.brandId}::integer), ${DEFAULT_HOLD_DAYS}) = 0 as instant`;
  // A deactivated advocate's sales are still recorded (the brand made them) but earn nothing.
  const active = sql`(select is_active from users where id = ${c.advocateId}::integer)`;
  const cur: SQL = grants
    ? sql`select id, budget_limit,
          case when ${active} then least(${want}::numeric, greatest(coalesce(budget_limit - rewards_total, ${want}::numeric), 0)) else 0 end as granted, ${instant}
        from campaigns where id = ${c.campaignId} for update`
    : sql`select id, budget_limit, case when ${active} then ${want}::numeric else 0 end as granted, ${instant}
        from campaigns where id = ${c.campaignId} ${capped ? sql`` : sql`for share`}`;
  // One name per variant of the text below.
  const name =
    (grants ? 'conversion_grant' : capped ? 'conversion_no_grant' : 'conversion_uncapped') +
    (held ? '_held' : '');
  const [row] = await executeNamed<RecordedRow>(
    db,
    name,
    sql`
    with cur as (${cur}),
    ins as (
      insert into conversions (brand_id, campaign_id, advocate_id, product_id, link_id, click_id,
        conversion_ref, event_type, value, currency, reward_amount, status, reported_with,
        session_id, source, visitor_hash, client_hash, customer_email_hash, customer_ref,
        customer_key, renewal_number, customer_country, created_at)
      select ${c.brandId}::integer, cur.id, ${c.advocateId}::integer, ${c.productId ?? null}::integer,
        ${c.linkId ?? null}::integer, ${c.clickId ?? null}::varchar, ${c.conversionRef}::varchar,
        ${c.eventType}::text, ${String(c.value)}::numeric, ${c.currency}::varchar, cur.granted,
        ${held ? sql`'pending'` : sql`case when cur.instant then 'approved' else 'pending' end`}, ${c.reportedWith}::text, ${c.sessionId ?? null}::varchar,
        ${c.source ?? 'direct'}::text, ${c.visitorHash ?? null}::varchar, ${c.clientHash ?? null}::varchar,
        ${c.customerEmailHash ?? null}::varchar, ${c.customerRef ?? null}::varchar, ${c.customerKey ?? null}::varchar,
        ${c.renewalNumber ?? null}::integer, ${c.customerCountry ?? null}::varchar, ${c.createdAt.toISOString()}::timestamptz
      from cur
      ${capped ? sql`` : sql`where cur.budget_limit is null`}
      on conflict (brand_id, conversion_ref) do nothing
      returning *
    ),
    -- The statistics rollups, in the same statement (features/rollups). Every conversion of the
    -- brand updates its brand-wide rows, so each holds their lock until it commits: PostgreSQL
    -- runs the WITH inserts the main query does not read last-listed first, so listed first this
    -- one runs last and the lock is held for the commit only, not for the ledger and events too.
    roll as (${conversionRollupsFromInserted('ins')}),
    ${grants ? sql`upd as (update campaigns set rewards_total = campaigns.rewards_total + ins.reward_amount from ins where campaigns.id = ins.campaign_id and ins.reward_amount > 0),` : sql``}
    rw as (
      insert into rewards (advocate_id, conversion_id, campaign_id, brand_id, amount, currency, status, hold_reasons, hold_days, created_at)
      select advocate_id, id, campaign_id, brand_id, reward_amount, currency,
        ${held ? sql`'held'` : sql`status`}, ${reasons}, ${c.rewardHoldDays ?? null}::integer, created_at
      from ins
      returning id, status, created_at
    ),
    mv as (
      insert into reward_moves (reward_id, from_status, to_status, actor_id, reason, created_at)
      ${
        held
          ? sql`select id, 'pending', 'held', null, ${heldReason(holdReasons)}::text, created_at from rw`
          : sql`select id, 'pending', 'approved', null, ${HOLD_ZERO_REASON}::text, created_at from rw where status = 'approved'`
      }
    ),
    -- Its events, in the same statement: announced exactly when the conversion is stored.
    created_event as (${commissionEventsFrom('conversion.created', 'ins', null)}),
    approved_event as (${commissionEventsFrom('commission.approved', 'ins', HOLD_ZERO_REASON, sql`c.status = 'approved'`)})
    select cur.budget_limit is not null as budgeted, ins.id, ins.brand_id, ins.campaign_id,
      ins.advocate_id, ins.product_id, ins.link_id, ins.click_id, ins.conversion_ref,
      ins.event_type, ins.value, ins.currency, ins.reward_amount, ins.status, ins.reported_with,
      ins.session_id, ins.source, ins.customer_key, ins.renewal_number, ins.created_at,
      ins.visitor_hash, ins.client_hash, ins.customer_email_hash, ins.customer_ref,
      ins.refunded_value, ins.refunded_reward, ins.customer_country
    from cur left join ins on true`,
  );
  // Campaign rows are never deleted (soft delete only), and the route has just read this one.
  if (!row) throw new Error(`campaign ${c.campaignId} has no row`);
  if (row.id !== null) return toConversionRow(row);
  return !capped && row.budgeted ? BUDGET_APPEARED : undefined;
}

/**
 * Inserts the conversion and its reward entry. `capped` (the campaign has a budget_limit): the
 * reward is granted from the remaining budget. Uncapped campaigns keep no running total, so
 * their conversions never wait on each other (the campaign's total is recomputed from the
 * ledger when a budget is set).
 * Returns the new row, or undefined when (brand, conversionRef) already exists: then nothing is
 * written and no budget is consumed.
 */
export async function insertConversion(
  db: Database,
  conversion: NewConversion,
  wantedMills: bigint,
  capped: boolean,
  /** Why its reward waits for a person (features/fraud's holdReasons); none: the hold clock decides. */
  holdReasons: readonly string[] = [],
): Promise<ConversionRow | undefined> {
  const recorded = await recordConversion(db, conversion, wantedMills, capped, holdReasons);
  if (recorded !== BUDGET_APPEARED) return recorded;
  return insertConversion(db, conversion, wantedMills, true, holdReasons);
}

export async function findConversionByRef(
  db: Database,
  brandId: number,
  conversionRef: string,
): Promise<ConversionRow | undefined> {
  const [row] = await db
    .select()
    .from(conversions)
    .where(and(eq(conversions.brandId, brandId), eq(conversions.conversionRef, conversionRef)))
    .limit(1);
  return row;
}

// Writing business events to the outbox. Every function here takes the transaction (or the one
// statement) of the change it announces: the event commits with the change or not at all. Nothing
// is sent from here; the dispatcher hands committed events to webhooks, emails and notifications.
import { sql, type SQL } from 'drizzle-orm';
import type { BusinessEventDataMap, BusinessEventType } from 'contract';
import { intArray, type Tx } from '../../lib/sql.js';

export interface NewEvent<T extends BusinessEventType> {
  type: T;
  brandId: number;
  /** The advocate it concerns (their notifications and emails), if any. */
  advocateId: number | null;
  data: BusinessEventDataMap[T];
  at: Date;
}

/** Writes one event whose data the caller already holds. */
export async function recordEvent<T extends BusinessEventType>(
  tx: Tx,
  event: NewEvent<T>,
): Promise<void> {
  await tx.execute(sql`
    insert into events (type, brand_id, advocate_id, data, created_at)
    values (${event.type}::varchar, ${event.brandId}::integer, ${event.advocateId}::integer,
      ${JSON.stringify(event.data)}::jsonb, ${event.at.toISOString()}::timestamptz)`);
}

const advocateJson = (advocateId: SQL) =>
  sql`(select jsonb_build_object('id', u.id, 'username', u.username) from users u where u.id = ${advocateId})`;
const campaignJson = (campaignId: SQL) =>
  sql`(select jsonb_build_object('id', k.id, 'title', k.title) from campaigns k where k.id = ${campaignId})`;

/**
 * The CommissionEventData of conversion row `c` (an alias with the conversions table's columns)
 * whose reward has `amount` and `status`.
 */
export function commissionEventData(c: string, amount: SQL, status: SQL, reason: SQL): SQL {
  const col = (name: string) => sql.raw(`${c}.${name}`);
  return sql`jsonb_build_object(
    'brand_id', ${col('brand_id')},
    'advocate', ${advocateJson(col('advocate_id'))},
    'campaign', ${campaignJson(col('campaign_id'))},
    'conversion', jsonb_build_object('id', ${col('id')}, 'reference', ${col('conversion_ref')},
      'event_type', ${col('event_type')}, 'value', ${col('value')}, 'currency', ${col('currency')},
      'status', ${col('status')}, 'reported_with', ${col('reported_with')},
      'created_at', to_char(${col('created_at')} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
    'reward', jsonb_build_object('amount', ${amount}, 'currency', ${col('currency')}, 'status', ${status}),
    'reason', ${reason})`;
}

/**
 * An INSERT … SELECT writing event `type` for each conversion row of `from` (a CTE or table
 * alias with the conversions table's columns), for use inside a larger statement. `where`
 * narrows the rows.
 */
export function commissionEventsFrom(
  type: BusinessEventType,
  from: string,
  reason: string | null,
  where: SQL = sql`true`,
): SQL {
  const c = sql.raw(from);
  return sql`insert into events (type, brand_id, advocate_id, data, created_at)
    select ${type}::varchar, c.brand_id, c.advocate_id,
      ${commissionEventData('c', sql`c.reward_amount`, sql`c.status`, sql`${reason}::text`)},
      c.created_at
    from ${c} c where ${where}`;
}

/**
 * Writes event `type` for each of the conversions, described as they stand now in this
 * transaction (their reward's amount and status included), at `at`.
 */
export async function recordCommissionEvents(
  tx: Tx,
  type: BusinessEventType,
  conversionIds: readonly number[],
  reason: string | null,
  at: Date,
): Promise<void> {
  if (conversionIds.length === 0) return;
  await tx.execute(sql`
    insert into events (type, brand_id, advocate_id, data, created_at)
    select ${type}::varchar, c.brand_id, c.advocate_id,
      ${commissionEventData('c', sql`r.amount`, sql`r.status`, sql`${reason}::text`)},
      ${at.toISOString()}::timestamptz
    from conversions c
    join rewards r on r.conversion_id = c.id and r.kind = 'reward'
    where c.id = any(${intArray(conversionIds)})
    order by c.id`);
}

/** Writes event `type` for each of the payouts, as they stand now in this transaction. */
export async function recordPayoutEvents(
  tx: Tx,
  type: 'payout.created' | 'payout.paid' | 'payout.failed',
  payoutIds: readonly number[],
  at: Date,
): Promise<void> {
  if (payoutIds.length === 0) return;
  await tx.execute(sql`
    insert into events (type, brand_id, advocate_id, data, created_at)
    select ${type}::varchar, p.brand_id, p.advocate_id, jsonb_build_object(
        'brand_id', p.brand_id,
        'advocate', ${advocateJson(sql`p.advocate_id`)},
        'payout', jsonb_build_object('id', p.id, 'amount', p.amount, 'currency', p.currency,
          'status', p.status, 'method', p.method->>'type',
          'created_at', to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'failure_reason', p.failure_reason)),
      ${at.toISOString()}::timestamptz
    from payouts p where p.id = any(${intArray(payoutIds)})
    order by p.id`);
}

/** Writes `advocate.joined` for an advocate who has just joined a campaign. */
export async function recordJoinEvent(
  tx: Tx,
  join: { brandId: number; advocateId: number; campaignId: number; at: Date },
): Promise<void> {
  const at = join.at.toISOString();
  await tx.execute(sql`
    insert into events (type, brand_id, advocate_id, data, created_at)
    select 'advocate.joined', ${join.brandId}::integer, ${join.advocateId}::integer,
      jsonb_build_object('brand_id', ${join.brandId}::integer,
        'advocate', ${advocateJson(sql`${join.advocateId}::integer`)},
        'campaign', ${campaignJson(sql`${join.campaignId}::integer`)},
        'joined_at', ${at}::text),
      ${at}::timestamptz`);
}

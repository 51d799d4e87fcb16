// Audit entries for money changes, written by the ledger and payout transactions themselves
// (one INSERT … SELECT each, describing the rows as they stand in the transaction).
import { sql } from 'drizzle-orm';
import { intArray, type Tx } from '../../lib/sql.js';
import type { AuditActor } from './record.js';

const actorValues = (actor: AuditActor) =>
  sql`${actor.kind}::text, ${actor.id}::integer, ${actor.name.slice(0, 255)}::varchar, ${actor.ipHash}::varchar`;

/**
 * One entry per reviewed conversion: `review.<approved|rejected|released>`, before and after
 * the reward's status with its amount and currency. `from` is each reward's status before.
 */
export async function recordReviewAudit(
  tx: Tx,
  actor: AuditActor,
  review: {
    brandId: number;
    verb: 'approved' | 'rejected' | 'released' | 'reopened';
    moved: readonly { conversionId: number; from: string }[];
    to: string;
    reason: string;
    at: Date;
  },
): Promise<void> {
  if (review.moved.length === 0) return;
  const at = review.at.toISOString();
  const statuses = `{${review.moved.map((m) => `"${m.from}"`).join(',')}}`;
  await tx.execute(sql`
    insert into audit_log (brand_id, at, actor_kind, actor_id, actor_name, ip_hash, action,
      target_kind, target_id, target_label, before, after)
    select ${review.brandId}::integer, ${at}::timestamptz, ${actorValues(actor)},
      ${`review.${review.verb}`}::varchar, 'review', c.id::text, c.conversion_ref,
      jsonb_build_object('status', m.from_status, 'amount', r.amount, 'currency', r.currency),
      jsonb_build_object('status', ${review.to}::text, 'amount', r.amount, 'currency', r.currency,
        'reason', ${review.reason}::text)
    from unnest(${intArray(review.moved.map((m) => m.conversionId))}, ${statuses}::text[])
      as m(conversion_id, from_status)
    join conversions c on c.id = m.conversion_id
    join rewards r on r.conversion_id = c.id and r.kind = 'reward'
    order by c.id`);
}

/**
 * One entry per payout: `payout.<verb>`, after = the payout as it stands (amount, currency,
 * status, advocate); before = its status before when `fromStatus` says it.
 */
export async function recordPayoutAudit(
  tx: Tx,
  actor: AuditActor,
  payouts: {
    verb: 'created' | 'sent' | 'paid' | 'failed';
    ids: readonly number[];
    fromStatus?: string;
    at: Date;
  },
): Promise<void> {
  if (payouts.ids.length === 0) return;
  await tx.execute(sql`
    insert into audit_log (brand_id, at, actor_kind, actor_id, actor_name, ip_hash, action,
      target_kind, target_id, target_label, before, after)
    select p.brand_id, ${payouts.at.toISOString()}::timestamptz, ${actorValues(actor)},
      ${`payout.${payouts.verb}`}::varchar, 'payout', p.id::text, u.username,
      case when ${payouts.fromStatus ?? null}::text is null then null
        else jsonb_build_object('status', ${payouts.fromStatus ?? null}::text) end,
      jsonb_build_object('status', p.status, 'amount', p.amount, 'currency', p.currency,
        'advocate', u.username, 'failure_reason', p.failure_reason)
    from payouts p join users u on u.id = p.advocate_id
    where p.id = any(${intArray(payouts.ids)})
    order by p.id`);
}

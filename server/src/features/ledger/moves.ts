// The ledger's moves. Nothing else changes a reward's status: each function here locks the
// rewards it moves, changes them, mirrors the conversion's review status and records one
// reward_moves row per reward (who, when, why), all in one transaction.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { ConversionStatus, RewardStatus } from '../../db/schema.js';
import { HOLD_ENDED_REASON, DEFAULT_HOLD_DAYS } from './reasons.js';
import { settleConversion, type RefundedShare, type RefundOutcome } from './settle.js';
import { recordCommissionEvents } from '../events/index.js';
import { recordReviewAudit, type AuditActor } from '../audit/index.js';
import { conversionsBackInCountedSet, conversionsLeftCountedSet } from './rollups.js';
import { intArray, rowsOf, type Tx } from '../../lib/sql.js';

export type ReviewAction = 'approve' | 'reject' | 'release' | 'reopen';

export interface ReviewInput {
  brandId: number;
  conversionIds: readonly number[];
  action: ReviewAction;
  /** The brand owner or staff member deciding. */
  actorId: number;
  reason: string;
  now: Date;
  /** Who decided, for the audit log (written in the same transaction). */
  audit?: AuditActor;
}

const REVIEW_VERBS = {
  approve: 'approved',
  reject: 'rejected',
  release: 'released',
  reopen: 'reopened',
} as const;

/**
 * Which statuses each review action moves a reward from, and where to. A held reward (a
 * publishable key or a fraud rule) moves only by a person: approve, reject, or release it back
 * to pending, where the hold job approves it when the hold period (from the sale) ends. A rejected
 * reward (never paid: rejection takes it out of every payout) is reopened back to held, where a
 * person decides again.
 */
const REVIEW: Record<ReviewAction, { from: RewardStatus[]; to: RewardStatus }> = {
  approve: { from: ['pending', 'held'], to: 'approved' },
  reject: { from: ['pending', 'approved', 'held'], to: 'rejected' },
  release: { from: ['held'], to: 'pending' },
  reopen: { from: ['rejected'], to: 'held' },
};

const textArray = (values: readonly string[]) =>
  sql`${`{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[]`;

/**
 * The event each action announces. A release changes no commission's fate yet: its approval (by
 * the hold job) is announced then.
 */
const COMMISSION_EVENTS = {
  approve: 'commission.approved',
  reject: 'commission.rejected',
  release: null,
  reopen: 'commission.reopened',
} as const;

/** Records one move per reward; `from` is each reward's status before the move. */
export async function recordMoves(
  tx: Tx,
  moves: readonly { rewardId: number; from: RewardStatus | null }[],
  to: RewardStatus,
  actorId: number | null,
  reason: string,
  now: Date,
  payoutId: number | null = null,
): Promise<void> {
  if (moves.length === 0) return;
  await tx.execute(sql`
    insert into reward_moves (reward_id, from_status, to_status, actor_id, reason, payout_id, created_at)
    select m.reward_id, nullif(m.from_status, ''), ${to}::text, ${actorId}::integer, ${reason}::text,
      ${payoutId}::integer, ${now.toISOString()}::timestamptz
    from unnest(${intArray(moves.map((m) => m.rewardId))}, ${textArray(moves.map((m) => m.from ?? ''))})
      as m(reward_id, from_status)`);
}

/**
 * The brand approves or rejects conversions' rewards. Conversions of other brands, unknown ones
 * and rewards not in a status the action moves from are left alone and not reported as moved.
 * Returns the ids of the conversions whose reward moved.
 */
export async function reviewConversions(db: Database, input: ReviewInput): Promise<number[]> {
  const rule = REVIEW[input.action];
  if (input.conversionIds.length === 0) return [];
  return db.transaction(async (tx) => {
    const locked = await rowsOf<{ id: number; conversion_id: number; status: RewardStatus }>(
      tx,
      sql`select id, conversion_id, status from rewards
        where brand_id = ${input.brandId}::integer and kind = 'reward'
          and conversion_id = any(${intArray(input.conversionIds)})
          and status = any(${textArray(rule.from)})
          -- A refunded conversion is settled: its reward (back from a failed payout) stays as the
          -- refund left it, netted by its negative entry.
          and not exists (select 1 from conversions c where c.id = rewards.conversion_id and c.status = 'refunded')
        order by id for update`,
    );
    if (locked.length === 0) return [];
    const rewardIds = locked.map((r) => r.id);
    const conversionIds = locked.map((r) => r.conversion_id);
    await tx.execute(
      sql`update rewards set status = ${rule.to}::text where id = any(${intArray(rewardIds)})`,
    );
    const conversionStatus: ConversionStatus =
      rule.to === 'rejected'
        ? 'rejected'
        : rule.to === 'pending' || rule.to === 'held'
          ? 'pending'
          : 'approved';
    await tx.execute(
      sql`update conversions set status = ${conversionStatus}::text where id = any(${intArray(conversionIds)})`,
    );
    await recordMoves(
      tx,
      locked.map((r) => ({ rewardId: r.id, from: r.status })),
      rule.to,
      input.actorId,
      input.reason,
      input.now,
    );
    if (input.audit)
      await recordReviewAudit(tx, input.audit, {
        brandId: input.brandId,
        verb: REVIEW_VERBS[input.action],
        moved: locked.map((r) => ({ conversionId: r.conversion_id, from: r.status })),
        to: rule.to,
        reason: input.reason,
        at: input.now,
      });
    if (rule.to === 'rejected') await conversionsLeftCountedSet(tx, conversionIds);
    if (input.action === 'reopen') await conversionsBackInCountedSet(tx, conversionIds);
    const announced = COMMISSION_EVENTS[input.action];
    if (announced)
      await recordCommissionEvents(
        tx,
        announced,
        conversionIds,
        input.reason,
        input.now,
      );
    return conversionIds;
  });
}

/**
 * Approves every reward still pending when its hold period (its group's when it was made, else
 * its brand's) has ended, in batches. Held
 * rewards (status 'held': a publishable key or a fraud rule) are never taken, at any hold period:
 * they wait for a person.
 * Safe with several instances running it at once: each batch takes its rows with SKIP LOCKED
 * (another run's rows are skipped, not waited for) and the update re-checks the status, so a
 * reward is approved, and its move recorded, exactly once. Returns how many it approved.
 */
export async function expireHolds(db: Database, now: Date, batchSize = 500): Promise<number> {
  let total = 0;
  for (;;) {
    const moved = await db.transaction(async (tx) => {
      const rows = await rowsOf<{ id: number; conversion_id: number }>(
        tx,
        sql`
        with due as (
          select r.id from rewards r
          left join brand_payout_settings s on s.brand_id = r.brand_id
          where r.status = 'pending'
            and r.created_at <= ${now.toISOString()}::timestamptz
              - make_interval(days => coalesce(r.hold_days, s.hold_days, ${DEFAULT_HOLD_DAYS}::integer))
          order by r.created_at, r.id
          limit ${batchSize}::integer
          for update of r skip locked
        )
        update rewards r set status = 'approved' from due
        where r.id = due.id and r.status = 'pending'
        returning r.id, r.conversion_id`,
      );
      if (rows.length === 0) return 0;
      await tx.execute(
        sql`update conversions set status = 'approved'
          where id = any(${intArray(rows.map((r) => r.conversion_id))}) and status = 'pending'`,
      );
      await recordMoves(
        tx,
        rows.map((r) => ({ rewardId: r.id, from: 'pending' as const })),
        'approved',
        null,
        HOLD_ENDED_REASON,
        now,
      );
      await recordCommissionEvents(
        tx,
        'commission.approved',
        rows.map((r) => r.conversion_id),
        HOLD_ENDED_REASON,
        now,
      );
      return rows.length;
    });
    total += moved;
    if (moved < batchSize) return total;
  }
}

/**
 * A refund of the brand's conversion `conversionRef`: the whole sale, or (`refunded`) the part
 * refunded so far, as a payment provider reports it cumulatively. The reward moves to what the
 * unrefunded part earns: while unpaid, a full refund rejects it and a partial one shrinks it; once
 * paid, a negative (clawback) entry, approved so the next payout deducts it, takes back the
 * difference. Each change is a ledger move with its `conversion.refunded` event. Idempotent and
 * order-proof: a refund already applied, or one smaller than one applied, changes nothing and
 * reports duplicate; a full refund marks the conversion refunded (it then counts nowhere).
 */
export async function refundConversion(
  db: Database,
  input: {
    brandId: number;
    conversionRef: string;
    actorId: number | null;
    reason: string | null;
    now: Date;
    /** A partial refund; left out: the whole sale. */
    refunded?: RefundedShare;
    /** Who reports it (an API key), for the audit log. */
    audit?: AuditActor;
  },
): Promise<RefundOutcome> {
  return settleConversion(db, {
    ...input,
    refunded: input.refunded ?? { amount: 1n, of: 1n },
    monotonic: true,
  });
}

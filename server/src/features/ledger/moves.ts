// The ledger's moves. Nothing else changes a reward's status: each function here locks the
// rewards it moves, changes them, mirrors the conversion's review status and records one
// reward_moves row per reward (who, when, why), all in one transaction.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { ConversionStatus, RewardStatus } from '../../db/schema.js';
import { HOLD_ENDED_REASON, REFUND_REASON, DEFAULT_HOLD_DAYS } from './reasons.js';
import { recordCommissionEvents } from '../events/index.js';
import { recordReviewAudit, recordAudit, type AuditActor } from '../audit/index.js';
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
};
  reopen: { from: ['rejected'], to: 'held' },

const textArray = (values: readonly string[]) =>
  sql`${`{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[]`;

/** Records one move per reward; `from` is each reward's status before the move. */
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
 * Approves every reward still pending when its brand's hold period has ended, in batches. Held
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
              - make_interval(days => coalesce(s.hold_days, ${DEFAULT_HOLD_DAYS}::integer))
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

export type RefundOutcome =
  | { found: false }
  | {
      found: true;
      /** Nothing changed: the refund (or a larger one) was already applied. */
      duplicate: boolean;
      conversionId: number;
      /** The reward's status after the refund. */
      rewardStatus: RewardStatus;
      /** The conversion's clawback entries after the refund (a refund after payment), summed; else null. */
      clawback: number | null;
      /** The advocate's net reward on the conversion after the refund. */
      netReward: number;
    };

/** How much of a sale was refunded so far (cumulative), out of its total, in any one unit. */
export interface RefundedShare {
  amount: bigint;
  of: bigint;
}

const cents = (amount: string | number): bigint => BigInt(Math.round(Number(amount) * 100));
const centsText = (value: bigint): string => {
  const abs = value < 0n ? -value : value;
  return `${value < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
};

/**
 * The reward left after refunding `share` of the sale: the granted reward in proportion to what
 * was not refunded, rounded half up to the cent; nothing after a full refund.
 */
export function rewardAfterRefund(grantedCents: bigint, share: RefundedShare | undefined): bigint {
  if (!share || share.amount >= share.of) return 0n;
  const kept = share.of - share.amount;
  return (grantedCents * kept * 2n + share.of) / (2n * share.of);
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
  return db.transaction(async (tx) => {
    const [conversion] = await rowsOf<{
      id: number;
      status: ConversionStatus;
      reward_amount: string;
    }>(
      tx,
      sql`select id, status, reward_amount from conversions
        where brand_id = ${input.brandId}::integer and conversion_ref = ${input.conversionRef}::varchar
        for update`,
    );
    if (!conversion) return { found: false };
    const [reward] = await rowsOf<{
      id: number;
      status: RewardStatus;
      amount: string;
      currency: string;
      advocate_id: number;
      campaign_id: number;
    }>(
      tx,
      sql`select id, status, amount, currency, advocate_id, campaign_id from rewards
        where conversion_id = ${conversion.id}::integer and kind = 'reward' for update`,
    );
    // Rows written before the ledger existed always have their reward; guard anyway.
    if (!reward) throw new Error(`conversion ${conversion.id} has no reward`);
    const [claws] = await rowsOf<{ total: string | null }>(
      tx,
      sql`select sum(amount) as total from rewards where conversion_id = ${conversion.id}::integer and kind = 'clawback'`,
    );
    let clawbackCents = claws?.total === null || claws === undefined ? null : cents(claws.total);
    const paid = reward.status === 'paid';
    const unpaid = !paid && reward.status !== 'rejected';
    const outcome = (duplicate: boolean, rewardStatus: RewardStatus, amount: bigint) => ({
      found: true as const,
      duplicate,
      conversionId: conversion.id,
      rewardStatus,
      clawback: clawbackCents === null ? null : Number(centsText(clawbackCents)),
      netReward: Number(centsText(amount + (paid ? (clawbackCents ?? 0n) : 0n))),
    });
    const current = reward.status === 'rejected' ? 0n : cents(reward.amount);
    if (conversion.status === 'refunded') return outcome(true, reward.status, current);

    const full = !input.refunded || input.refunded.amount >= input.refunded.of;
    const target = rewardAfterRefund(cents(conversion.reward_amount), input.refunded);
    const share = input.refunded
      ? ` (${centsText((input.refunded.amount * 10000n) / input.refunded.of)}% of the sale)`
      : '';
    const reason = `${REFUND_REASON}${share}${input.reason ? `: ${input.reason}` : ''}`;
    let status: RewardStatus = reward.status;
    let changed = false;
    if (unpaid && full) {
      await tx.execute(
        sql`update rewards set status = 'rejected' where id = ${reward.id}::integer`,
      );
      await recordMoves(
        tx,
        [{ rewardId: reward.id, from: reward.status }],
        'rejected',
        input.actorId,
        reason,
        input.now,
      );
      status = 'rejected';
      changed = true;
    } else if (unpaid && target < current) {
      // Shrunk in place: still pending or approved, for the part of the sale that stands.
      await tx.execute(
        sql`update rewards set amount = ${centsText(target)}::numeric where id = ${reward.id}::integer`,
      );
      await recordMoves(
        tx,
        [{ rewardId: reward.id, from: reward.status }],
        reward.status,
        input.actorId,
        reason,
        input.now,
      );
      changed = true;
    } else if (paid && target < current + (clawbackCents ?? 0n)) {
      const take = target - (current + (clawbackCents ?? 0n));
      const [entry] = await rowsOf<{ id: number }>(
        tx,
        sql`insert into rewards (advocate_id, conversion_id, campaign_id, brand_id, kind, amount, currency, status, created_at)
          values (${reward.advocate_id}::integer, ${conversion.id}::integer, ${reward.campaign_id}::integer,
            ${input.brandId}::integer, 'clawback', ${centsText(take)}::numeric, ${reward.currency}::varchar,
            'approved', ${input.now.toISOString()}::timestamptz)
          returning id`,
      );
      clawbackCents = (clawbackCents ?? 0n) + take;
      await recordMoves(
        tx,
        [{ rewardId: entry.id, from: null }],
        'approved',
        input.actorId,
        reason,
        input.now,
      );
      changed = true;
    }
    if (full) {
      await tx.execute(
        sql`update conversions set status = 'refunded' where id = ${conversion.id}::integer`,
      );
      if (conversion.status !== 'rejected') await conversionsLeftCountedSet(tx, [conversion.id]);
      changed = true;
    }
    if (changed)
      await recordCommissionEvents(tx, 'conversion.refunded', [conversion.id], reason, input.now);
    const left = status === 'rejected' ? 0n : changed && unpaid ? target : current;
    if (changed && input.audit)
      await recordAudit(tx, input.audit, {
        brandId: input.brandId,
        action: 'refund.recorded',
        target: { kind: 'refund', id: conversion.id, label: input.conversionRef },
        before: {
          reward_status: reward.status,
          reward: Number(centsText(current)),
          currency: reward.currency,
        },
        after: {
          reward_status: status,
          reward: Number(centsText(left)),
          currency: reward.currency,
          clawback: clawbackCents === null ? null : Number(centsText(clawbackCents)),
        },
        at: input.now,
      });
    return outcome(!changed, status, left);
  });
}

// The ledger's moves. Nothing else changes a reward's status: each function here locks the
// rewards it moves, changes them, mirrors the conversion's review status and records one
// reward_moves row per reward (who, when, why), all in one transaction.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { ConversionStatus, RewardStatus } from '../../db/schema.js';
import { HOLD_ENDED_REASON, REFUND_REASON, DEFAULT_HOLD_DAYS } from './reasons.js';
import { conversionsLeftCountedSet } from './rollups.js';
import { intArray, rowsOf, type Tx } from '../../lib/sql.js';

export type ReviewAction = 'approve' | 'reject';

export interface ReviewInput {
  brandId: number;
  conversionIds: readonly number[];
  action: ReviewAction;
  /** The brand owner or staff member deciding. */
  actorId: number;
  reason: string;
  now: Date;
}

/** Which statuses each review action moves a reward from, and where to. */
const REVIEW: Record<ReviewAction, { from: RewardStatus[]; to: RewardStatus }> = {
  approve: { from: ['pending'], to: 'approved' },
  reject: { from: ['pending', 'approved'], to: 'rejected' },
};

const textArray = (values: readonly string[]) =>
  sql`${`{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[]`;

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
    const conversionStatus: ConversionStatus = rule.to === 'rejected' ? 'rejected' : 'approved';
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
    if (rule.to === 'rejected') await conversionsLeftCountedSet(tx, conversionIds);
    return conversionIds;
  });
}

/**
 * Approves every reward still pending when its brand's hold period has ended, in batches.
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
      duplicate: boolean;
      conversionId: number;
      /** The reward's status after the refund. */
      rewardStatus: RewardStatus;
      /** The negative entry left for the next payout (a refund after payment), else null. */
      clawback: number | null;
    };

/**
 * A merchant's refund of the brand's conversion `conversionRef`. Idempotent: a second refund of
 * the same conversion changes nothing and reports duplicate. An unpaid reward is rejected; a
 * paid one stays paid and a negative entry of the same amount is added (approved, so the next
 * payout deducts it).
 */
export async function refundConversion(
  db: Database,
  input: {
    brandId: number;
    conversionRef: string;
    actorId: number | null;
    reason: string | null;
    now: Date;
  },
): Promise<RefundOutcome> {
  return db.transaction(async (tx) => {
    const [conversion] = await rowsOf<{ id: number; status: ConversionStatus }>(
      tx,
      sql`select id, status from conversions
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
    const [existingClawback] = await rowsOf<{ amount: string }>(
      tx,
      sql`select amount from rewards where conversion_id = ${conversion.id}::integer and kind = 'clawback'`,
    );
    const outcome = (duplicate: boolean, rewardStatus: RewardStatus, clawback: number | null) => ({
      found: true as const,
      duplicate,
      conversionId: conversion.id,
      rewardStatus,
      clawback,
    });
    // Rows written before the ledger existed always have their reward; guard anyway.
    if (!reward) throw new Error(`conversion ${conversion.id} has no reward`);
    if (conversion.status === 'refunded')
      return outcome(
        true,
        reward.status,
        existingClawback ? Number(existingClawback.amount) : null,
      );

    const reason = input.reason ? `${REFUND_REASON}: ${input.reason}` : REFUND_REASON;
    let clawback: number | null = null;
    if (reward.status === 'pending' || reward.status === 'approved') {
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
    } else if (reward.status === 'paid' && Number(reward.amount) > 0) {
      const [entry] = await rowsOf<{ id: number; amount: string }>(
        tx,
        sql`insert into rewards (advocate_id, conversion_id, campaign_id, brand_id, kind, amount, currency, status, created_at)
          values (${reward.advocate_id}::integer, ${conversion.id}::integer, ${reward.campaign_id}::integer,
            ${input.brandId}::integer, 'clawback', -${reward.amount}::numeric, ${reward.currency}::varchar,
            'approved', ${input.now.toISOString()}::timestamptz)
          returning id, amount`,
      );
      clawback = Number(entry.amount);
      await recordMoves(
        tx,
        [{ rewardId: entry.id, from: null }],
        'approved',
        input.actorId,
        reason,
        input.now,
      );
    }
    await tx.execute(
      sql`update conversions set status = 'refunded' where id = ${conversion.id}::integer`,
    );
    if (conversion.status !== 'rejected') await conversionsLeftCountedSet(tx, [conversion.id]);
    const status: RewardStatus = reward.status === 'paid' ? 'paid' : 'rejected';
    return outcome(false, status, clawback);
  });
}

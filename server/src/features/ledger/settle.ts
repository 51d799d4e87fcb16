// A sale's reward brought to what its refunds and disputes leave of it, in either direction: a
// refund shrinks it (or rejects it, or claws it back once paid), a refund that failed restores
// it, an open dispute holds it for a person and a won one releases it. The conversion keeps its
// refunded part (refunded_value, refunded_reward) so every list and statistic shows the sale net
// of refunds, and the statistics rollups move with it in the same transaction.
import { divideHalfUp, millsPerMinorUnit, millsText, toMills } from 'contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { ConversionStatus, RewardStatus } from '../../db/schema.js';
import { recordAudit, type AuditActor } from '../audit/index.js';
import { recordCommissionEvents } from '../events/index.js';
import { adjustConversionRollups } from '../rollups/index.js';
import { rowsOf, type Tx } from '../../lib/sql.js';
import { recordMoves } from './moves.js';
import { REFUND_REASON, heldReason } from './reasons.js';

/** The hold reason of a reward whose sale is disputed (beside the fraud rules' names). */
export const DISPUTE_HOLD = 'dispute';

/** How much of a sale was refunded so far (cumulative), out of its total, in any one unit. */
export interface RefundedShare {
  amount: bigint;
  of: bigint;
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
      /** The reward's currency (the sale's). */
      currency: string;
    };

/** Hundredths of a percent as text with two decimals ("50.00"). */
const percentText = (hundredths: bigint): string =>
  `${hundredths / 100n}.${String(hundredths % 100n).padStart(2, '0')}`;
/**
 * a × kept / of in thousandths (a ≥ 0, of > 0), rounded half up to the minor unit `unit` (in
 * thousandths), so what a refund leaves is still an amount the currency can pay.
 */
const proportion = (a: bigint, kept: bigint, of: bigint, unit: bigint) =>
  divideHalfUp(a * kept, of * unit) * unit;

/**
 * The reward left after refunding `share` of the sale (thousandths): the granted reward in
 * proportion to what was not refunded, rounded half up to `currency`'s minor unit; nothing after
 * a full refund.
 */
export function rewardAfterRefund(
  grantedMills: bigint,
  share: RefundedShare | undefined,
  currency: string,
): bigint {
  if (!share || share.of <= 0n) return grantedMills;
  if (share.amount >= share.of) return 0n;
  const kept = share.of - (share.amount > 0n ? share.amount : 0n);
  return proportion(grantedMills, kept, share.of, millsPerMinorUnit(currency));
}

export interface SettleInput {
  brandId: number;
  conversionRef: string;
  /** Refunded so far out of the sale's total; amount 0: nothing (a failed refund restored it). */
  refunded: RefundedShare;
  /**
   * Only ever take more back (a refund reported by the merchant's API: a smaller one than one
   * applied changes nothing); false: move to exactly `refunded`, restoring what it exceeds.
   */
  monotonic: boolean;
  /** An open dispute holds an unpaid reward; false releases a dispute's hold; undefined: leave. */
  disputeOpen?: boolean | undefined;
  actorId: number | null;
  /** Why, after the refund's standard reason (e.g. "Stripe charge ch_…"). */
  reason: string | null;
  now: Date;
  /** Who reports it, for the audit log. */
  audit?: AuditActor | undefined;
}

interface ConversionState {
  id: number;
  status: ConversionStatus;
  value: string;
  reward_amount: string;
  refunded_value: string;
  refunded_reward: string;
}

interface RewardState {
  id: number;
  status: RewardStatus;
  amount: string;
  currency: string;
  advocate_id: number;
  campaign_id: number;
  hold_reasons: string[] | null;
}

const counted = (status: ConversionStatus) => status !== 'rejected' && status !== 'refunded';

/** Brings the conversion `conversionRef` of the brand to `refunded` (see the module comment). */
export async function settleConversion(db: Database, input: SettleInput): Promise<RefundOutcome> {
  return db.transaction((tx) => settleIn(tx, input));
}

async function settleIn(tx: Tx, input: SettleInput): Promise<RefundOutcome> {
  const [conversion] = await rowsOf<ConversionState>(
    tx,
    sql`select id, status, value, reward_amount, refunded_value, refunded_reward from conversions
      where brand_id = ${input.brandId}::integer and conversion_ref = ${input.conversionRef}::varchar
      for update`,
  );
  if (!conversion) return { found: false };
  const [reward] = await rowsOf<RewardState>(
    tx,
    sql`select id, status, amount, currency, advocate_id, campaign_id, hold_reasons from rewards
      where conversion_id = ${conversion.id}::integer and kind = 'reward' for update`,
  );
  // Rows written before the ledger existed always have their reward; guard anyway.
  if (!reward) throw new Error(`conversion ${conversion.id} has no reward`);
  const [claws] = await rowsOf<{ total: string | null }>(
    tx,
    sql`select sum(amount) as total from rewards where conversion_id = ${conversion.id}::integer and kind = 'clawback'`,
  );
  let clawbackMills = claws?.total == null ? null : toMills(claws.total);
  const paid = reward.status === 'paid';
  const before = reward.status === 'rejected' ? 0n : toMills(reward.amount);
  const netOf = (amount: bigint) => amount + (paid ? (clawbackMills ?? 0n) : 0n);
  const outcome = (duplicate: boolean, status: RewardStatus, amount: bigint) => ({
    found: true as const,
    duplicate,
    conversionId: conversion.id,
    rewardStatus: status,
    clawback: clawbackMills === null ? null : Number(millsText(clawbackMills)),
    netReward: Number(millsText(netOf(amount))),
    currency: reward.currency,
  });
  const { refunded } = input;
  const full = refunded.of > 0n && refunded.amount >= refunded.of;
  // A sale the brand rejected earns nothing whatever its refunds (a full one still marks it
  // refunded); a refunded one is settled for a merchant's report (monotonic), while a
  // provider's failed refund may still restore it.
  if (conversion.status === 'rejected' && !full) return outcome(true, reward.status, before);
  if (input.monotonic && conversion.status === 'refunded')
    return outcome(true, reward.status, before);
  const granted = toMills(conversion.reward_amount);
  const target = rewardAfterRefund(granted, refunded, reward.currency);
  if (input.monotonic && !full && target >= netOf(before) && input.disputeOpen === undefined)
    return outcome(true, reward.status, before);
  const percent =
    refunded.of > 0n
      ? ` (${percentText((refunded.amount * 10000n) / refunded.of)}% of the sale)`
      : '';
  const reason = `${REFUND_REASON}${percent}${input.reason ? `: ${input.reason}` : ''}`;

  let status: RewardStatus = reward.status;
  let amount = before;
  let refundChanged = false;
  const move = async (to: RewardStatus, why: string) => {
    await recordMoves(
      tx,
      [{ rewardId: reward.id, from: status }],
      to,
      input.actorId,
      why,
      input.now,
    );
    status = to;
  };
  if (paid) {
    // Paid: the difference is a ledger entry the next payout settles (negative takes back,
    // positive restores what a failed refund had taken).
    const delta = target - netOf(before);
    if (delta !== 0n && (!input.monotonic || delta < 0n)) {
      const [entry] = await rowsOf<{ id: number }>(
        tx,
        sql`insert into rewards (advocate_id, conversion_id, campaign_id, brand_id, kind, amount, currency, status, created_at)
          values (${reward.advocate_id}::integer, ${conversion.id}::integer, ${reward.campaign_id}::integer,
            ${input.brandId}::integer, 'clawback', ${millsText(delta)}::numeric, ${reward.currency}::varchar,
            'approved', ${input.now.toISOString()}::timestamptz)
          returning id`,
      );
      clawbackMills = (clawbackMills ?? 0n) + delta;
      await recordMoves(
        tx,
        [{ rewardId: entry.id, from: null }],
        'approved',
        input.actorId,
        reason,
        input.now,
      );
      refundChanged = true;
    }
  } else if (full) {
    if (status !== 'rejected') {
      await tx.execute(
        sql`update rewards set status = 'rejected' where id = ${reward.id}::integer`,
      );
      await move('rejected', reason);
      refundChanged = true;
    }
    amount = 0n;
  } else if (status === 'rejected' && conversion.status === 'refunded') {
    // Rejected by a full refund that no longer stands: pending again, so the hold job approves
    // it when the hold period (from the sale) ends.
    await tx.execute(
      sql`update rewards set status = 'pending', amount = ${millsText(target)}::numeric where id = ${reward.id}::integer`,
    );
    await move('pending', `Refund restored: ${reason}`);
    amount = target;
    refundChanged = true;
  } else if (status !== 'rejected' && target !== before && (!input.monotonic || target < before)) {
    await tx.execute(
      sql`update rewards set amount = ${millsText(target)}::numeric where id = ${reward.id}::integer`,
    );
    await move(status, target > before ? `Refund restored: ${reason}` : reason);
    amount = target;
    refundChanged = true;
  }

  // A dispute's hold: only an unpaid reward that still stands is held or released.
  const reasons = reward.hold_reasons ?? [];
  if (input.disputeOpen === true && (status === 'pending' || status === 'approved')) {
    const held = [...reasons.filter((r) => r !== DISPUTE_HOLD), DISPUTE_HOLD];
    await tx.execute(
      sql`update rewards set status = 'held', hold_reasons = ${`{${held.join(',')}}`}::text[] where id = ${reward.id}::integer`,
    );
    await move('held', heldReason([DISPUTE_HOLD]) + (input.reason ? ` (${input.reason})` : ''));
  } else if (input.disputeOpen === false && status === 'held' && reasons.includes(DISPUTE_HOLD)) {
    const left = reasons.filter((r) => r !== DISPUTE_HOLD);
    const to: RewardStatus = left.length > 0 ? 'held' : 'pending';
    await tx.execute(
      sql`update rewards set status = ${to}::text, hold_reasons = ${left.length > 0 ? `{${left.join(',')}}` : null}::text[] where id = ${reward.id}::integer`,
    );
    if (to !== status)
      await move(
        to,
        `Dispute closed in the advocate's favour${input.reason ? ` (${input.reason})` : ''}`,
      );
  }

  // The conversion: refunded when fully, back in the counted set when a refund no longer stands,
  // and its refunded part for the lists and statistics.
  const value = toMills(conversion.value);
  const refundedValue = full
    ? value
    : refunded.of > 0n && refunded.amount > 0n
      ? value -
        proportion(
          value,
          refunded.of - refunded.amount,
          refunded.of,
          millsPerMinorUnit(reward.currency),
        )
      : 0n;
  // The conversion mirrors its reward's review: held and pending ones await it.
  const nextStatus: ConversionStatus = full
    ? 'refunded'
    : status === 'rejected'
      ? conversion.status
      : status === 'approved' || status === 'paid'
        ? 'approved'
        : 'pending';
  const refundedReward = granted - (full ? 0n : target) > 0n ? granted - (full ? 0n : target) : 0n;
  const conversionChanged =
    nextStatus !== conversion.status ||
    refundedValue !== toMills(conversion.refunded_value) ||
    refundedReward !== toMills(conversion.refunded_reward);
  if (conversionChanged) {
    if (counted(conversion.status)) await adjustConversionRollups(tx, [conversion.id], -1);
    await tx.execute(
      sql`update conversions set status = ${nextStatus}::text, refunded_value = ${millsText(refundedValue)}::numeric,
        refunded_reward = ${millsText(refundedReward)}::numeric where id = ${conversion.id}::integer`,
    );
    if (counted(nextStatus)) await adjustConversionRollups(tx, [conversion.id], 1);
  }
  const changed = refundChanged || conversionChanged;
  if (refundChanged || (conversionChanged && full))
    await recordCommissionEvents(tx, 'conversion.refunded', [conversion.id], reason, input.now);
  if (changed && input.audit)
    await recordAudit(tx, input.audit, {
      brandId: input.brandId,
      action: 'refund.recorded',
      target: { kind: 'refund', id: conversion.id, label: input.conversionRef },
      before: {
        reward_status: reward.status,
        reward: Number(millsText(netOf(before))),
        currency: reward.currency,
      },
      after: {
        reward_status: status,
        reward: Number(millsText(netOf(amount))),
        currency: reward.currency,
        clawback: clawbackMills === null ? null : Number(millsText(clawbackMills)),
      },
      at: input.now,
    });
  return outcome(!changed && status === reward.status, status, amount);
}

// Webhook deliveries: claiming due ones (any number of instances share them: FOR UPDATE SKIP
// LOCKED, then a lease in claimed_until, so an instance killed mid-attempt loses its claim when
// the lease ends and another attempts it), recording each attempt and scheduling the next.
// An attempt that was acknowledged (2xx) and recorded is never made again.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { DeliveryStatus } from '../../db/schema.js';
import { intArray, rowsOf, type Tx } from '../../lib/sql.js';
import { ATTEMPT_TIMEOUT_MS, type AttemptOutcome } from './send.js';

/** A claim outlives the longest attempt by a wide margin. */
export const CLAIM_LEASE_MS = ATTEMPT_TIMEOUT_MS * 6;
/** Five days of nothing but failed attempts disable a webhook. */
export const DISABLE_AFTER_FAILING_MS = 5 * 86_400_000;
export const DISABLED_REASON = 'Disabled after 5 days of failed deliveries';

export interface ClaimedDelivery {
  id: number;
  webhookId: number;
  brandId: number;
  url: string;
  secret: string;
  messageId: string;
  body: string;
  status: DeliveryStatus;
  attempts: number;
  claimedUntil: Date;
}

interface ClaimedRow {
  id: string | number;
  webhook_id: number;
  brand_id: number;
  url: string;
  secret: string;
  message_id: string;
  body: string;
  status: DeliveryStatus;
  attempts: number;
  claimed_until: string | Date;
}

const claimed = (r: ClaimedRow): ClaimedDelivery => ({
  id: Number(r.id),
  webhookId: r.webhook_id,
  brandId: r.brand_id,
  url: r.url,
  secret: r.secret,
  messageId: r.message_id,
  body: r.body,
  status: r.status,
  attempts: r.attempts,
  claimedUntil: new Date(r.claimed_until),
});

/** Claims up to `limit` due deliveries of enabled webhooks until now + CLAIM_LEASE_MS. */
export async function claimDueDeliveries(
  db: Database,
  now: Date,
  limit: number,
): Promise<ClaimedDelivery[]> {
  const at = now.toISOString();
  const until = new Date(now.getTime() + CLAIM_LEASE_MS).toISOString();
  const rows = await rowsOf<ClaimedRow>(
    db,
    sql`
    with due as (
      select d.id from webhook_deliveries d
      join webhooks w on w.id = d.webhook_id and w.enabled
      where d.status = 'pending' and d.next_attempt_at <= ${at}::timestamptz
        and (d.claimed_until is null or d.claimed_until <= ${at}::timestamptz)
      order by d.next_attempt_at, d.id
      limit ${limit}::integer
      for update of d skip locked
    )
    update webhook_deliveries d set claimed_until = ${until}::timestamptz
    from due, webhooks w
    where d.id = due.id and w.id = d.webhook_id
    returning d.id, d.webhook_id, w.brand_id, w.url, w.secret, d.message_id, d.body, d.status,
      d.attempts, d.claimed_until`,
  );
  return rows.map(claimed);
}

/**
 * Claims one delivery of `webhookId` now, whatever its schedule (a brand's Retry); undefined
 * when there is no such delivery, 'busy' when an attempt of it is under way.
 */
export async function claimDeliveryNow(
  db: Database,
  webhookId: number,
  deliveryId: number,
  now: Date,
): Promise<ClaimedDelivery | 'busy' | undefined> {
  const until = new Date(now.getTime() + CLAIM_LEASE_MS).toISOString();
  return db.transaction(async (tx) => {
    const [row] = await rowsOf<{ id: string; claimed_until: string | null }>(
      tx,
      sql`select id, claimed_until from webhook_deliveries
        where id = ${deliveryId}::bigint and webhook_id = ${webhookId}::integer
        for update`,
    );
    if (!row) return undefined;
    if (row.claimed_until && new Date(row.claimed_until) > now) return 'busy';
    const [taken] = await rowsOf<ClaimedRow>(
      tx,
      sql`update webhook_deliveries d set claimed_until = ${until}::timestamptz
        from webhooks w where d.id = ${deliveryId}::bigint and w.id = d.webhook_id
        returning d.id, d.webhook_id, w.brand_id, w.url, w.secret, d.message_id, d.body,
          d.status, d.attempts, d.claimed_until`,
    );
    return claimed(taken);
  });
}

/** PostgreSQL text cannot hold NUL characters; a reply body may. */
const withoutNul = (text: string) => text.split(String.fromCharCode(0)).join('');

/** When the attempt after attempt number `attempt` is due; null when the schedule is spent. */
export function nextAttemptAt(
  schedule: readonly number[],
  attempt: number,
  now: Date,
): Date | null {
  const wait = schedule[attempt - 1];
  return wait === undefined ? null : new Date(now.getTime() + wait);
}

export interface RecordedAttempt {
  attemptId: number;
  attempt: number;
  status: DeliveryStatus;
  nextAttemptAt: Date | null;
  /** The webhook was disabled by this failure (5 days of failures). */
  disabled: boolean;
}

export interface AttemptToRecord {
  delivery: ClaimedDelivery;
  outcome: AttemptOutcome;
}

export interface RecordOptions {
  now: Date;
  schedule: readonly number[];
  onDisabled: (tx: Tx, webhookId: number) => Promise<void>;
}

/** What follows an attempt: its status, and when the next one is due. */
function followUp(item: AttemptToRecord, options: RecordOptions) {
  const { delivery, outcome } = item;
  const attempt = delivery.attempts + 1;
  if (outcome.ok) return { attempt, status: 'succeeded' as DeliveryStatus, next: null };
  // A manual retry of a delivery that had already ended leaves the schedule alone.
  if (delivery.status !== 'pending') return { attempt, status: delivery.status, next: null };
  const next = nextAttemptAt(options.schedule, attempt, options.now);
  return { attempt, status: (next ? 'pending' : 'failed') as DeliveryStatus, next };
}

/**
 * Records attempts of claimed deliveries and what follows, in one transaction of a few
 * statements whatever their number (the worker records a batch at once): success ends a
 * delivery; a failure schedules its next attempt, or fails it once the schedule is spent. Only
 * while a claim is still the worker's does it schedule: a worker whose lease ran out (and whose
 * delivery another instance took over) records its attempt but schedules nothing. Then each
 * webhook's run of failures: a success resets it, five days of nothing but failures disable the
 * webhook (`onDisabled` runs inside the transaction, to queue the owner's email and notice).
 */
export async function recordAttempts(
  db: Database,
  items: readonly AttemptToRecord[],
  options: RecordOptions,
): Promise<RecordedAttempt[]> {
  if (items.length === 0) return [];
  const at = options.now.toISOString();
  const plans = items.map((item) => ({ item, ...followUp(item, options) }));
  return db.transaction(async (tx) => {
    const attemptRows = plans.map(
      ({ item: { delivery, outcome }, attempt, next }) =>
        sql`(${delivery.id}::bigint, ${delivery.webhookId}::integer, ${attempt}::integer,
          ${outcome.statusCode}::integer, ${outcome.responseMs}::integer,
          ${withoutNul(outcome.responseBody)}::text, ${outcome.error}::varchar,
          ${at}::timestamptz, ${next?.toISOString() ?? null}::timestamptz)`,
    );
    const inserted = await rowsOf<{ id: string; delivery_id: string }>(
      tx,
      sql`insert into webhook_attempts (delivery_id, webhook_id, attempt, status_code,
          response_ms, response_body, error, attempted_at, next_attempt_at)
        values ${sql.join(attemptRows, sql`, `)}
        returning id, delivery_id`,
    );
    const deliveryRows = plans.map(
      ({ item: { delivery }, status, next }) =>
        sql`(${delivery.id}::bigint, ${status}::text, ${next?.toISOString() ?? null}::timestamptz,
          ${delivery.claimedUntil.toISOString()}::timestamptz)`,
    );
    await tx.execute(sql`
      update webhook_deliveries d set attempts = d.attempts + 1, status = v.status,
        next_attempt_at = v.next_at, claimed_until = null
      from (values ${sql.join(deliveryRows, sql`, `)}) as v(id, status, next_at, claim)
      where d.id = v.id and d.claimed_until = v.claim`);

    // A webhook with a success in this batch is working: its run of failures ends.
    const succeeded = [
      ...new Set(plans.filter((p) => p.item.outcome.ok).map((p) => p.item.delivery.webhookId)),
    ];
    const failed = [
      ...new Set(plans.filter((p) => !p.item.outcome.ok).map((p) => p.item.delivery.webhookId)),
    ].filter((id) => !succeeded.includes(id));
    if (succeeded.length > 0) {
      await tx.execute(sql`update webhooks set failing_since = null
        where id = any(${intArray(succeeded)}) and failing_since is not null`);
    }
    const disabled = new Set<number>();
    if (failed.length > 0) {
      const cutoff = new Date(options.now.getTime() - DISABLE_AFTER_FAILING_MS).toISOString();
      const hooks = await rowsOf<{ id: number; disable: boolean }>(
        tx,
        sql`update webhooks set failing_since = coalesce(failing_since, ${at}::timestamptz)
          where id = any(${intArray(failed)})
          returning id, enabled and failing_since <= ${cutoff}::timestamptz as disable`,
      );
      for (const hook of hooks.filter((h) => h.disable)) {
        await tx.execute(sql`update webhooks set enabled = false, disabled_reason = ${DISABLED_REASON}
          where id = ${hook.id}::integer`);
        await options.onDisabled(tx, hook.id);
        disabled.add(hook.id);
      }
    }
    const attemptIds = new Map(inserted.map((r) => [Number(r.delivery_id), Number(r.id)]));
    return plans.map((plan) => ({
      attemptId: attemptIds.get(plan.item.delivery.id) ?? 0,
      attempt: plan.attempt,
      status: plan.status,
      nextAttemptAt: plan.next,
      disabled: disabled.has(plan.item.delivery.webhookId),
    }));
  });
}

/** Records one attempt (a brand's Retry or Send test): recordAttempts of one. */
export async function recordAttempt(
  db: Database,
  delivery: ClaimedDelivery,
  outcome: AttemptOutcome,
  options: RecordOptions,
): Promise<RecordedAttempt> {
  const [recorded] = await recordAttempts(db, [{ delivery, outcome }], options);
  return recorded;
}

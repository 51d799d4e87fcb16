// Webhook deliveries: claiming due ones, recording each attempt and scheduling the next.
//
// Fairness: a claim takes, for every enabled webhook, its oldest due deliveries up to what its
// cap leaves free (PER_WEBHOOK_CAP attempts under way at once across instances; one while its
// endpoint keeps timing out), and orders them round by round: every webhook's first before any
// webhook's second. So a retry or a backlog of one endpoint never goes ahead of another
// endpoint's new event, and a hung endpoint holds at most its cap of the shared lanes (pool.ts).
//
// Safety: any number of instances share the deliveries (FOR UPDATE SKIP LOCKED, then a lease
// in claimed_until). A claim records its attempt before the send (the attempt row is the
// claim's token: only the worker holding it records what follows) and names its instance, so an
// instance killed mid-attempt and started again takes back its claims at once, and another
// instance does when the lease ends; the attempt that was cut off is shown as interrupted. An
// attempt that was acknowledged (2xx) and recorded is never made again.
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { DeliveryStatus } from '../../db/schema.js';
import { rowsOf, type Tx } from '../../lib/sql.js';
import { ATTEMPT_TIMEOUT_MS, type AttemptOutcome } from './send.js';

/** A claim outlives the longest attempt (the timeout) and the recording of its outcome. */
export const CLAIM_LEASE_MS = ATTEMPT_TIMEOUT_MS * 2;
/** Attempts of one webhook under way at once, across instances. */
export const PER_WEBHOOK_CAP = 8;
/** Attempts in a row without a reply within the timeout before an endpoint is backed off… */
export const TIMEOUTS_BEFORE_BACKOFF = 3;
/** …to this many attempts at once, until one gets a reply. */
export const BACKED_OFF_CAP = 1;
/** Five days of nothing but failed attempts disable a webhook. */
export const DISABLE_AFTER_FAILING_MS = 5 * 86_400_000;
export const DISABLED_REASON = 'Disabled after 5 days of failed deliveries';
/** What an attempt cut off by a crash shows in the log. */
export const INTERRUPTED = 'Interrupted: the server stopped before the reply was recorded';

export interface ClaimedDelivery {
  id: number;
  webhookId: number;
  brandId: number;
  url: string;
  /** The webhook's secret, then the one before its last rotation while that still signs. */
  secrets: string[];
  messageId: string;
  body: string;
  status: DeliveryStatus;
  /** This attempt's number (1 for the first). */
  attempt: number;
  /** The attempt row recorded at the claim: the claim's token. */
  attemptId: number;
}

interface ClaimedRow {
  id: string | number;
  webhook_id: number;
  brand_id: number;
  url: string;
  secret: string;
  previous_secret: string | null;
  message_id: string;
  body: string;
  status: DeliveryStatus;
  attempts: number;
  claimed_attempt_id: string | number;
}

const claimed = (r: ClaimedRow): ClaimedDelivery => ({
  id: Number(r.id),
  webhookId: r.webhook_id,
  brandId: r.brand_id,
  url: r.url,
  secrets: r.previous_secret ? [r.secret, r.previous_secret] : [r.secret],
  messageId: r.message_id,
  body: r.body,
  status: r.status,
  attempt: r.attempts,
  attemptId: Number(r.claimed_attempt_id),
});

export interface ClaimOptions {
  now: Date;
  /** The claiming instance (lib/instance-id.ts). */
  instance: string;
}

/**
 * Claims the deliveries `picked` selects and locks (rows `id`, `previous_attempt_id`): counts
 * the attempt, records it (under way), marks the attempt a previous claim left without an
 * outcome as interrupted, and answers what the send needs.
 */
async function claimPicked(
  db: Tx,
  picked: SQL,
  { now, instance }: ClaimOptions,
): Promise<ClaimedDelivery[]> {
  const at = now.toISOString();
  const until = new Date(now.getTime() + CLAIM_LEASE_MS).toISOString();
  const rows = await rowsOf<ClaimedRow>(
    db,
    sql`
    with picked as (${picked}),
    taken as (
      update webhook_deliveries d set claimed_until = ${until}::timestamptz,
        claimed_by = ${instance}::varchar, attempts = d.attempts + 1,
        claimed_attempt_id = nextval(pg_get_serial_sequence('webhook_attempts', 'id'))
      from picked where d.id = picked.id
      returning d.id, d.webhook_id, d.message_id, d.body, d.status, d.attempts,
        d.claimed_attempt_id, picked.previous_attempt_id
    ),
    interrupted as (
      update webhook_attempts a set error = ${INTERRUPTED}::varchar
      from taken where a.id = taken.previous_attempt_id
        and a.status_code is null and a.error is null
    ),
    started as (
      insert into webhook_attempts (id, delivery_id, webhook_id, attempt, response_ms,
          response_body, attempted_at)
      select claimed_attempt_id, id, webhook_id, attempts, 0, '', ${at}::timestamptz from taken
    )
    select t.id, t.webhook_id, w.brand_id, w.url, w.secret,
      case when w.previous_secret_until > ${at}::timestamptz then w.previous_secret end
        as previous_secret,
      t.message_id, t.body, t.status, t.attempts, t.claimed_attempt_id
    from taken t join webhooks w on w.id = t.webhook_id`,
  );
  return rows.map(claimed);
}

/**
 * Claims up to `limit` due deliveries of enabled webhooks, fairly (see the top of this file),
 * until now + CLAIM_LEASE_MS.
 */
export async function claimDueDeliveries(
  db: Database,
  options: ClaimOptions,
  limit: number,
): Promise<ClaimedDelivery[]> {
  const at = options.now.toISOString();
  const underWay = sql`(select count(*) from webhook_deliveries b
    where b.webhook_id = w.id and b.claimed_until > ${at}::timestamptz)`;
  const cap = sql`case when w.timeouts_in_row >= ${TIMEOUTS_BEFORE_BACKOFF}::integer
    then ${BACKED_OFF_CAP}::integer else ${PER_WEBHOOK_CAP}::integer end`;
  // The window function ranks each webhook's candidates; it cannot share a query level with
  // FOR UPDATE, so the candidates are chosen first and locked (SKIP LOCKED) after, checked again.
  return claimPicked(
    db,
    sql`
      with candidates as (
        select c.id, c.rank, c.next_attempt_at from webhooks w
        cross join lateral (
          select d.id, d.next_attempt_at,
            row_number() over (order by d.next_attempt_at, d.id) as rank
          from webhook_deliveries d
          where d.webhook_id = w.id and d.status = 'pending'
            and d.next_attempt_at <= ${at}::timestamptz
            and (d.claimed_until is null or d.claimed_until <= ${at}::timestamptz)
          order by d.next_attempt_at, d.id
          limit greatest(0, ${cap} - ${underWay})
        ) c
        where w.enabled
      )
      select d.id, d.claimed_attempt_id as previous_attempt_id
      from webhook_deliveries d join candidates c on c.id = d.id
      where d.status = 'pending'
        and (d.claimed_until is null or d.claimed_until <= ${at}::timestamptz)
      order by c.rank, c.next_attempt_at, c.id
      limit ${limit}::integer
      for update of d skip locked`,
    options,
  );
}

/**
 * Claims one delivery of `webhookId` now, whatever its schedule (a brand's Retry, Send test);
 * undefined when there is no such delivery, 'busy' when an attempt of it is under way.
 */
export async function claimDeliveryNow(
  db: Database,
  webhookId: number,
  deliveryId: number,
  options: ClaimOptions,
): Promise<ClaimedDelivery | 'busy' | undefined> {
  const at = options.now.toISOString();
  const [taken] = await claimPicked(
    db,
    sql`select d.id, d.claimed_attempt_id as previous_attempt_id from webhook_deliveries d
      where d.id = ${deliveryId}::bigint and d.webhook_id = ${webhookId}::integer
        and (d.claimed_until is null or d.claimed_until <= ${at}::timestamptz)
      for update`,
    options,
  );
  if (taken) return taken;
  const [exists] = await rowsOf<{ id: string }>(
    db,
    sql`select id from webhook_deliveries
      where id = ${deliveryId}::bigint and webhook_id = ${webhookId}::integer`,
  );
  return exists ? 'busy' : undefined;
}

/**
 * Takes back the claims `instance` made before `startedAt` (its previous run, killed mid-attempt):
 * their deliveries are due again at once, and their attempts are shown as interrupted. Claims of
 * this run end after startedAt + CLAIM_LEASE_MS, so they are never taken.
 */
export async function releaseOwnClaims(
  db: Database,
  instance: string,
  startedAt: Date,
): Promise<number> {
  const before = new Date(startedAt.getTime() + CLAIM_LEASE_MS).toISOString();
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`
    with released as (
      update webhook_deliveries set claimed_until = null
      where claimed_until is not null and claimed_until < ${before}::timestamptz
        and claimed_by = ${instance}::varchar
      returning id, claimed_attempt_id
    ),
    interrupted as (
      update webhook_attempts a set error = ${INTERRUPTED}::varchar
      from released where a.id = released.claimed_attempt_id
        and a.status_code is null and a.error is null
    )
    select id from released`,
  );
  return rows.length;
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
  if (outcome.ok) return { status: 'succeeded' as DeliveryStatus, next: null };
  // A manual retry of a delivery that had already ended leaves the schedule alone.
  if (delivery.status !== 'pending') return { status: delivery.status, next: null };
  const next = nextAttemptAt(options.schedule, delivery.attempt, options.now);
  return { status: (next ? 'pending' : 'failed') as DeliveryStatus, next };
}

/**
 * Per webhook of a group: whether an attempt succeeded, whether any got a reply (any status, a
 * refused connection: anything but a timeout), and how many timed out.
 */
function runsByWebhook(items: readonly AttemptToRecord[]) {
  const byHook = new Map<number, { succeeded: boolean; replied: boolean; timeouts: number }>();
  for (const { delivery, outcome } of items) {
    const hook = byHook.get(delivery.webhookId) ?? {
      succeeded: false,
      replied: false,
      timeouts: 0,
    };
    if (outcome.ok) hook.succeeded = true;
    if (outcome.timedOut) hook.timeouts += 1;
    else hook.replied = true;
    byHook.set(delivery.webhookId, hook);
  }
  return [...byHook].map(
    ([id, run]) =>
      sql`(${id}::integer, ${run.succeeded}::boolean, ${run.replied}::boolean,
        ${run.timeouts}::integer)`,
  );
}

/**
 * Records attempts of claimed deliveries and what follows, in one transaction of a few
 * statements whatever their number (the worker records a group at once): the outcome on the
 * attempt row the claim wrote; success ends a delivery; a failure schedules its next attempt,
 * or fails it once the schedule is spent. Only while the claim is still the worker's (its
 * attempt is the claimed one) does it schedule: a worker whose lease ran out, and whose delivery
 * another instance took over, records its outcome but schedules nothing. Then each webhook's
 * runs: timeouts in a row (a reply of any kind ends them), and failures: a success resets
 * that run, five days of nothing but failures disable the webhook (`onDisabled` runs inside the
 * transaction, to queue the owner's email and notice).
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
      ({ item: { delivery, outcome }, next }) =>
        sql`(${delivery.attemptId}::bigint, ${outcome.statusCode}::integer,
          ${outcome.responseMs}::integer, ${withoutNul(outcome.responseBody)}::text,
          ${outcome.error}::varchar, ${next?.toISOString() ?? null}::timestamptz)`,
    );
    await tx.execute(sql`
      update webhook_attempts a set status_code = v.status_code, response_ms = v.response_ms,
        response_body = v.response_body, error = v.error, next_attempt_at = v.next_at
      from (values ${sql.join(attemptRows, sql`, `)})
        as v(id, status_code, response_ms, response_body, error, next_at)
      where a.id = v.id`);
    const deliveryRows = plans.map(
      ({ item: { delivery }, status, next }) =>
        sql`(${delivery.id}::bigint, ${status}::text, ${next?.toISOString() ?? null}::timestamptz,
          ${delivery.attemptId}::bigint)`,
    );
    await tx.execute(sql`
      update webhook_deliveries d set status = v.status, next_attempt_at = v.next_at,
        claimed_until = null, claimed_by = null
      from (values ${sql.join(deliveryRows, sql`, `)}) as v(id, status, next_at, attempt_id)
      where d.id = v.id and d.claimed_attempt_id = v.attempt_id`);
    // Each webhook's runs: timeouts in a row (a reply of any kind ends them); failures (a
    // success ends them; five days of nothing else disable the webhook). Rows that would not
    // change are left alone.
    const cutoff = new Date(options.now.getTime() - DISABLE_AFTER_FAILING_MS).toISOString();
    const hooks = await rowsOf<{ id: number; disable: boolean }>(
      tx,
      sql`update webhooks w set
          timeouts_in_row = case when v.replied then 0 else w.timeouts_in_row + v.timeouts end,
          failing_since = case when v.succeeded then null
            else coalesce(w.failing_since, ${at}::timestamptz) end
        from (values ${sql.join(runsByWebhook(items), sql`, `)})
          as v(id, succeeded, replied, timeouts)
        where w.id = v.id and (not v.succeeded or w.failing_since is not null
          or w.timeouts_in_row <> 0 or v.timeouts > 0)
        returning w.id, w.enabled and not v.succeeded
          and w.failing_since <= ${cutoff}::timestamptz as disable`,
    );
    const disabled = new Set<number>();
    for (const hook of hooks.filter((h) => h.disable)) {
      await tx.execute(sql`update webhooks set enabled = false, disabled_reason = ${DISABLED_REASON}
        where id = ${hook.id}::integer`);
      await options.onDisabled(tx, hook.id);
      disabled.add(hook.id);
    }
    return plans.map((plan) => ({
      attemptId: plan.item.delivery.attemptId,
      attempt: plan.item.delivery.attempt,
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

// The delivery worker: claims due deliveries, makes their attempts concurrently, records each.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rowsOf, type Tx } from '../../lib/sql.js';
import type { FastifyInstance } from 'fastify';
import { notificationEmail, queueEmails } from '../emails/index.js';
import {
  claimDueDeliveries,
  DISABLED_REASON,
  recordAttempt,
  recordAttempts,
  type AttemptToRecord,
  type ClaimedDelivery,
  type RecordedAttempt,
  type RecordOptions,
} from './deliveries.js';
import { sendWebhook } from './send.js';

export interface WebhookWorkerContext {
  db: Database;
  now: () => Date;
  schedule: readonly number[];
  allowPrivate: boolean;
  publicUrl: string;
  secret: string;
  timeoutMs?: number;
}

export function webhookWorkerContext(app: FastifyInstance): WebhookWorkerContext {
  const { db, clock, config } = app.deps;
  return {
    db,
    now: clock,
    schedule: config.webhookRetrySchedule,
    allowPrivate: config.webhooksAllowPrivateUrls,
    publicUrl: config.publicUrl,
    secret: config.jwtSecret,
  };
}

const send = (ctx: WebhookWorkerContext, delivery: ClaimedDelivery) =>
  sendWebhook(
    {
      url: delivery.url,
      secret: delivery.secret,
      messageId: delivery.messageId,
      body: delivery.body,
    },
    { allowPrivate: ctx.allowPrivate, timeoutMs: ctx.timeoutMs },
  );

const recordOptions = (ctx: WebhookWorkerContext): RecordOptions => ({
  now: ctx.now(),
  schedule: ctx.schedule,
  onDisabled: (tx, webhookId) => tellOwnersDisabled(tx, ctx, webhookId),
});

/** Attempts one claimed delivery now and records the outcome (Retry, Send test). */
export async function attemptDelivery(
  ctx: WebhookWorkerContext,
  delivery: ClaimedDelivery,
): Promise<RecordedAttempt> {
  return recordAttempt(ctx.db, delivery, await send(ctx, delivery), recordOptions(ctx));
}

/**
 * Claims up to `batch` due deliveries and attempts them, `concurrency` at a time; returns how
 * many. Outcomes are recorded as they come, several at once (a group commit: while one batch is
 * being written the next gathers), so a slow endpoint does not hold up the others' records and
 * the database sees a few statements per group rather than per attempt.
 */
export async function deliverDueWebhooks(
  ctx: WebhookWorkerContext,
  batch = 64,
  concurrency = 16,
): Promise<number> {
  const claimed = await claimDueDeliveries(ctx.db, ctx.now(), batch);
  const pending: AttemptToRecord[] = [];
  let writing: Promise<void> | undefined;
  const write = async () => {
    while (pending.length > 0) {
      await recordAttempts(ctx.db, pending.splice(0), recordOptions(ctx));
    }
  };
  const record = () => {
    writing ??= write().finally(() => {
      writing = undefined;
    });
    return writing;
  };
  let next = 0;
  const lane = async () => {
    while (next < claimed.length) {
      const delivery = claimed[next++];
      pending.push({ delivery, outcome: await send(ctx, delivery) });
      void record().catch(() => undefined);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, claimed.length) }, lane));
  await writing;
  // Anything pushed while the last group was finishing.
  await write();
  return claimed.length;
}

/**
 * A webhook the server disabled: every active owner of its brand is told in the drawer and by email (a
 * notice about their own integration, sent whatever their email settings).
 */
async function tellOwnersDisabled(tx: Tx, ctx: WebhookWorkerContext, webhookId: number) {
  const owners = await rowsOf<{
    brand_id: number;
    url: string;
    owner_id: number;
    email: string;
    brand_name: string;
  }>(
    tx,
    sql`select w.brand_id, w.url, m.user_id as owner_id, u.email, b.brand_name from webhooks w
      join brands b on b.id = w.brand_id
      join brand_members m on m.brand_id = w.brand_id and m.role = 'owner'
      join users u on u.id = m.user_id and u.is_active
      where w.id = ${webhookId}::integer
      order by m.user_id`,
  );
  if (owners.length === 0) return;
  const now = ctx.now();
  const { brand_id: brandId, url, brand_name: brandName } = owners[0];
  const notice = {
    to: 'owner' as const,
    role: 'brand_owner' as const,
    kind: 'webhook',
    title: 'Webhook disabled',
    body: `${DISABLED_REASON}: ${url} (${brandName}). Fix the endpoint, then enable it again.`,
    link: `/brand/brands/${brandId}/webhooks`,
  };
  for (const owner of owners)
    await tx.execute(sql`insert into notifications (user_id, role, kind, title, body, link, created_at)
      values (${owner.owner_id}::integer, 'brand_owner', 'webhook', ${notice.title}::varchar,
        ${notice.body}::text, ${notice.link}::varchar, ${now.toISOString()}::timestamptz)`);
  await queueEmails(
    tx,
    owners.map((owner) => notificationEmail(ctx, owner.owner_id, owner.email, notice, brandId)),
    now,
  );
}

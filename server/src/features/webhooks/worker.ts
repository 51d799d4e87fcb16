// What every attempt of a webhook delivery shares, in the lanes (pool.ts) and in a brand's Retry
// and Send test: the worker's context, the signed send, and how an outcome is recorded (a webhook
// disabled after 5 days of failures tells its owners).
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { instanceId } from '../../lib/instance-id.js';
import { rowsOf, type Tx } from '../../lib/sql.js';
import type { FastifyInstance } from 'fastify';
import { memberMayReadSql } from '../access/index.js';
import { notificationEmail, queueEmails } from '../emails/index.js';
import type { Recipient } from '../notifications/index.js';
import {
  DISABLED_REASON,
  recordAttempt,
  type ClaimedDelivery,
  type RecordedAttempt,
  type RecordOptions,
} from './deliveries.js';
import { sendWebhook, type AttemptOutcome } from './send.js';

export interface WebhookWorkerContext {
  db: Database;
  now: () => Date;
  schedule: readonly number[];
  allowPrivate: boolean;
  publicUrl: string;
  secret: string;
  /** This instance, as its claims name it (lib/instance-id.ts). */
  instance: string;
  /** A failure of background work (a claim, a record), for the log. */
  onError: (error: unknown) => void;
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
    instance: instanceId(config.dataDir),
    onError: (err) => app.log.error({ err }, 'webhook delivery failed'),
  };
}

export const send = (
  ctx: WebhookWorkerContext,
  delivery: ClaimedDelivery,
): Promise<AttemptOutcome> =>
  sendWebhook(
    {
      url: delivery.url,
      secrets: delivery.secrets,
      messageId: delivery.messageId,
      body: delivery.body,
    },
    { allowPrivate: ctx.allowPrivate, timeoutMs: ctx.timeoutMs },
  );

export const recordOptions = (ctx: WebhookWorkerContext): RecordOptions => ({
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
 * A webhook the server disabled: every active owner of its brand is told in the drawer and by email (a
 * notice about their own integration, sent whatever their email settings), if they may read the
 * brand now (two-factor on where it is required).
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
        and ${memberMayReadSql(sql.raw('m.user_id'), sql.raw('b.require_two_factor'))}
      order by m.user_id`,
  );
  if (owners.length === 0) return;
  const now = ctx.now();
  const { brand_id: brandId, url, brand_name: brandName } = owners[0];
  const notice = {
    to: 'owner',
    role: 'brand_owner',
    kind: 'webhook',
    title: 'Webhook disabled',
    body: `${DISABLED_REASON}: ${url} (${brandName}). Fix the endpoint, then enable it again.`,
    link: `/brand/brands/${brandId}/webhooks`,
  } satisfies Recipient & { title: string; body: string; link: string };
  for (const owner of owners)
    await tx.execute(sql`insert into notifications (user_id, role, kind, title, body, link, created_at)
      values (${owner.owner_id}::integer, ${notice.role}, ${notice.kind}, ${notice.title}::varchar,
        ${notice.body}::text, ${notice.link}::varchar, ${now.toISOString()}::timestamptz)`);
  await queueEmails(
    tx,
    owners.map((owner) => notificationEmail(ctx, owner.owner_id, owner.email, notice, brandId)),
    now,
  );
}

// A brand's webhooks: create, list, change, delete, rotate the secret; the delivery log.
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { WebhookAttemptView, WebhookView } from 'contract';
import type { Database } from '../../db/client.js';
import { webhooks, type WebhookRow } from '../../db/schema.js';
import { pagedRows, type Paging } from '../../lib/paging.js';
import { rowsOf } from '../../lib/sql.js';
import type { BusinessEventType } from 'contract';

/** 'whsec_' + 24 random bytes in base64: the Standard Webhooks secret format. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(24).toString('base64')}`;

export const webhookView = (row: WebhookRow): WebhookView => ({
  id: row.id,
  url: row.url,
  events: row.events as BusinessEventType[],
  enabled: row.enabled,
  disabled_reason: row.disabledReason,
  created_at: row.createdAt.toISOString(),
});

/** Webhook `id` of brand `brandId` (another brand's is not there). */
const brandWebhook = (brandId: number, id: number) =>
  and(eq(webhooks.brandId, brandId), eq(webhooks.id, id));

export async function listWebhooks(db: Database, brandId: number): Promise<WebhookRow[]> {
  return db.select().from(webhooks).where(eq(webhooks.brandId, brandId)).orderBy(webhooks.id);
}

export async function findWebhook(
  db: Database,
  brandId: number,
  id: number,
): Promise<WebhookRow | undefined> {
  const [row] = await db.select().from(webhooks).where(brandWebhook(brandId, id));
  return row;
}

export async function createWebhook(
  db: Database,
  input: { brandId: number; url: string; events: string[]; secret: string; at: Date },
): Promise<WebhookRow> {
  const [row] = await db
    .insert(webhooks)
    .values({
      brandId: input.brandId,
      url: input.url,
      events: input.events,
      secret: input.secret,
      createdAt: input.at,
    })
    .returning();
  return row;
}

/** Sets `values` on webhook `id` of the brand: the row as it now stands, or undefined. */
async function changeWebhook(
  db: Database,
  brandId: number,
  id: number,
  values: PgUpdateSetSource<typeof webhooks>,
): Promise<WebhookRow | undefined> {
  const [row] = await db.update(webhooks).set(values).where(brandWebhook(brandId, id)).returning();
  return row;
}

/**
 * Changes url, events or enabled. Enabling again clears the server's reason and its run of
 * failures: the brand says the endpoint is fixed.
 */
export const updateWebhook = (
  db: Database,
  brandId: number,
  id: number,
  change: { url?: string; events?: string[]; enabled?: boolean },
): Promise<WebhookRow | undefined> =>
  changeWebhook(db, brandId, id, {
    ...(change.url !== undefined ? { url: change.url } : {}),
    ...(change.events !== undefined ? { events: change.events } : {}),
    ...(change.enabled !== undefined
      ? {
          enabled: change.enabled,
          disabledReason: null,
          ...(change.enabled ? { failingSince: null } : {}),
        }
      : {}),
  });

export async function deleteWebhook(db: Database, brandId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(webhooks)
    .where(brandWebhook(brandId, id))
    .returning({ id: webhooks.id });
  return rows.length > 0;
}

/**
 * Replaces the secret. The one it replaces keeps signing beside it until `oldSignsUntil` (null:
 * it stops at once); a second rotation within that time leaves only the latest old one. False
 * when the brand has no such webhook.
 */
export async function rotateSecret(
  db: Database,
  brandId: number,
  id: number,
  secret: string,
  oldSignsUntil: Date | null,
): Promise<boolean> {
  const row = await changeWebhook(db, brandId, id, {
    secret,
    // The right-hand side reads the row before the update: the secret being replaced.
    previousSecret: oldSignsUntil ? sql`${webhooks.secret}` : null,
    previousSecretUntil: oldSignsUntil,
  });
  return row !== undefined;
}

/**
 * A test message for one webhook, attempted at once by the caller: not due for the worker until
 * that first attempt schedules it (when it fails).
 */
export async function createTestDelivery(
  db: Database,
  webhookId: number,
  body: string,
  messageId: string,
  at: Date,
): Promise<number> {
  const [row] = await rowsOf<{ id: string }>(
    db,
    sql`insert into webhook_deliveries (webhook_id, message_id, event_type, body, next_attempt_at,
        created_at)
      values (${webhookId}::integer, ${messageId}::varchar, 'webhook.test', ${body}::text,
        null, ${at.toISOString()}::timestamptz)
      returning id`,
  );
  return Number(row.id);
}

interface AttemptRow {
  id: string;
  delivery_id: string;
  message_id: string;
  event_type: string;
  attempt: number;
  status_code: number | null;
  response_ms: number;
  response_body: string;
  error: string | null;
  attempted_at: string | Date;
  next_attempt_at: string | Date | null;
  delivery_status: WebhookAttemptView['delivery_status'];
  payload: string;
  total: string | number;
}

const iso = (value: string | Date) => new Date(value).toISOString();

const attemptView = (r: AttemptRow): WebhookAttemptView => ({
  id: Number(r.id),
  delivery_id: Number(r.delivery_id),
  message_id: r.message_id,
  event_type: r.event_type,
  attempt: r.attempt,
  status_code: r.status_code,
  response_ms: r.response_ms,
  response_body: r.response_body,
  error: r.error,
  attempted_at: iso(r.attempted_at),
  next_attempt_at: r.next_attempt_at === null ? null : iso(r.next_attempt_at),
  delivery_status: r.delivery_status,
  payload: r.payload,
});

const attemptColumns = sql`a.id, a.delivery_id, d.message_id, d.event_type, a.attempt,
  a.status_code, a.response_ms, a.response_body, a.error, a.attempted_at, a.next_attempt_at,
  d.status as delivery_status, d.body as payload`;

/** The webhook's attempts, newest first. */
export async function listAttempts(db: Database, webhookId: number, page: Paging) {
  const { rows, total } = await pagedRows<AttemptRow>(
    db,
    sql`select ${attemptColumns}, count(*) over () as total
      from webhook_attempts a join webhook_deliveries d on d.id = a.delivery_id
      where a.webhook_id = ${webhookId}::integer
      order by a.id desc`,
    sql`select count(*) as n from webhook_attempts where webhook_id = ${webhookId}::integer`,
    page,
  );
  return { results: rows.map(attemptView), total };
}

export async function findAttempt(db: Database, attemptId: number): Promise<WebhookAttemptView> {
  const [row] = await rowsOf<AttemptRow>(
    db,
    sql`select ${attemptColumns}, 1 as total
      from webhook_attempts a join webhook_deliveries d on d.id = a.delivery_id
      where a.id = ${attemptId}::bigint`,
  );
  return attemptView(row);
}

// The dispatcher: takes committed, undispatched events (FOR UPDATE SKIP LOCKED, so instances
// share them and each event is dispatched once) and, in one transaction, turns each into the
// work of its consumers: a delivery for every enabled webhook of its brand subscribed to its
// type, an in-app notification for each recipient whose In-App setting is on, and an email for
// each whose Email setting (and, for a brand owner, the brand's) is on. Then it marks them
// dispatched. A crash before the commit leaves them undispatched, to be taken again.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rowsOf, intArray, type Tx } from '../../lib/sql.js';
import {
  notificationEmail,
  queueEmails,
  type EmailLinks,
  type QueuedEmail,
} from '../emails/index.js';
import { memberMayReadSql } from '../access/index.js';
import { announcementsOf } from '../notifications/index.js';
import { webhookBody } from '../webhooks/index.js';

export interface DispatchContext extends EmailLinks {
  now: Date;
}

interface EventRowRaw {
  id: string;
  type: string;
  brand_id: number;
  advocate_id: number | null;
  data: unknown;
  created_at: string | Date;
}

interface Recipient {
  id: number;
  email: string;
  in_app: boolean;
  email_on: boolean;
}

export const textArray = (values: readonly string[]) =>
  sql`${`{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[]`;

/** A text[] as the driver gives it: an array (node-postgres, PGlite) or its literal '{a,b}'. */
export const textListOf = (value: string[] | string): string[] =>
  Array.isArray(value)
    ? value
    : value
        .replace(/^\{|\}$/g, '')
        .split(',')
        .filter(Boolean);

/** Dispatches up to `limit` events; returns how many. */
export async function dispatchEvents(
  db: Database,
  ctx: DispatchContext,
  limit = 200,
): Promise<number> {
  return db.transaction(async (tx) => {
    const events = await rowsOf<EventRowRaw>(
      tx,
      sql`select id, type, brand_id, advocate_id, data, created_at from events
        where dispatched_at is null order by created_at, id limit ${limit}::integer
        for update skip locked`,
    );
    if (events.length === 0) return 0;
    await fanOut(tx, events, ctx);
    await tx.execute(sql`update events set dispatched_at = ${ctx.now.toISOString()}::timestamptz
      where id = any(${textArray(events.map((e) => e.id))})`);
    return events.length;
  });
}

async function fanOut(tx: Tx, events: EventRowRaw[], ctx: DispatchContext): Promise<void> {
  const at = ctx.now.toISOString();
  const brandIds = [...new Set(events.map((e) => e.brand_id))];

  // Webhooks.
  const hooks = await rowsOf<{ id: number; brand_id: number; events: string[] | string }>(
    tx,
    sql`select id, brand_id, events from webhooks
      where brand_id = any(${intArray(brandIds)}) and enabled order by id`,
  );
  const deliveries = events.flatMap((event) =>
    hooks
      .filter(
        (hook) => hook.brand_id === event.brand_id && textListOf(hook.events).includes(event.type),
      )
      .map(
        (hook) =>
          sql`(${hook.id}::integer, ${event.id}::varchar, ${event.id}::varchar, ${event.type}::varchar,
            ${webhookBody(event.type, new Date(event.created_at), event.data)}::text,
            ${at}::timestamptz, ${at}::timestamptz)`,
      ),
  );
  if (deliveries.length > 0) {
    await tx.execute(sql`insert into webhook_deliveries (webhook_id, event_id, message_id,
        event_type, body, next_attempt_at, created_at)
      values ${sql.join(deliveries, sql`, `)}`);
  }

  // Notifications and emails: who receives what, and their settings.
  // "The brand owner" is every member with the owner role (issue 28), not brands.owner_id alone,
  // who may read the brand now: an owner without the two-factor sign-in it requires gets nothing.
  const owners = new Map(
    (
      await rowsOf<{ id: number; owner_ids: number[] | null; email: boolean | null }>(
        tx,
        sql`select b.id, s.email,
            (select array_agg(m.user_id order by m.user_id) from brand_members m
              where m.brand_id = b.id and m.role = 'owner'
                and ${memberMayReadSql(sql.raw('m.user_id'), sql.raw('b.require_two_factor'))}
            ) as owner_ids
          from brands b
          left join brand_notification_settings s on s.brand_id = b.id
          where b.id = any(${intArray(brandIds)})`,
      )
    ).map((b) => [b.id, b]),
  );
  const planned = events.flatMap((event) =>
    announcementsOf(event.type, event.data).flatMap((a) => {
      const userIds =
        a.to === 'advocate'
          ? [event.advocate_id]
          : (owners.get(event.brand_id)?.owner_ids ?? []).map(Number);
      return userIds.flatMap((userId) => (userId ? [{ event, a, userId }] : []));
    }),
  );
  if (planned.length === 0) return;
  const people = new Map(
    (
      await rowsOf<Recipient>(
        tx,
        sql`select u.id, u.email, coalesce(p.in_app, true) as in_app,
            coalesce(p.email, true) as email_on
          from users u left join notification_preferences p on p.user_id = u.id
          where u.id = any(${intArray([...new Set(planned.map((p) => p.userId))])})
            and u.is_active`,
      )
    ).map((u) => [u.id, u]),
  );

  const notices = [];
  const emails: QueuedEmail[] = [];
  for (const { event, a, userId } of planned) {
    const person = people.get(userId);
    if (!person) continue;
    if (person.in_app) {
      notices.push(
        sql`(${userId}::integer, ${a.role}::text, ${a.kind}::varchar, ${a.title}::varchar,
          ${a.body}::text, ${a.link}::varchar, ${event.id}::varchar,
          ${new Date(event.created_at).toISOString()}::timestamptz)`,
      );
    }
    const brandEmailOn = a.to !== 'owner' || owners.get(event.brand_id)?.email !== false;
    if (a.email && person.email_on && brandEmailOn) {
      emails.push(notificationEmail(ctx, userId, person.email, a, event.brand_id));
    }
  }
  if (notices.length > 0) {
    await tx.execute(sql`insert into notifications (user_id, role, kind, title, body, link,
        event_id, created_at)
      values ${sql.join(notices, sql`, `)}`);
  }
  await queueEmails(tx, emails, ctx.now);
}

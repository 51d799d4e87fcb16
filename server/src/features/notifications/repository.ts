// A user's in-app notifications in one role: the drawer's page, the bell's count, mark read.
import { sql, type SQL } from 'drizzle-orm';
import type { NotificationKind, NotificationView } from 'contract';
import type { Database } from '../../db/client.js';
import type { RoleCode } from '../../db/schema.js';
import { pagedRows, type Paging } from '../../lib/paging.js';
import { intArray, rowsOf } from '../../lib/sql.js';

export interface Inbox {
  userId: number;
  role: RoleCode;
}

interface Row {
  id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
  read_at: string | Date | null;
  created_at: string | Date;
  total: string | number;
}

const mine = (inbox: Inbox, kind?: NotificationKind): SQL =>
  sql`user_id = ${inbox.userId}::integer and role = ${inbox.role}::text${kind ? sql` and kind = ${kind}::varchar` : sql``}`;

export async function listNotifications(
  db: Database,
  inbox: Inbox,
  filter: { kind?: NotificationKind; unread?: boolean },
  page: Paging,
): Promise<{ results: NotificationView[]; total: number }> {
  const where = sql`${mine(inbox, filter.kind)}${filter.unread ? sql` and read_at is null` : sql``}`;
  const { rows, total } = await pagedRows<Row>(
    db,
    sql`select id, kind, title, body, link, read_at, created_at, count(*) over () as total
      from notifications where ${where} order by created_at desc, id desc`,
    sql`select count(*) as n from notifications where ${where}`,
    page,
  );
  return {
    total,
    results: rows.map((r) => ({
      id: Number(r.id),
      kind: r.kind,
      title: r.title,
      body: r.body,
      link: r.link,
      read: r.read_at !== null,
      created_at: new Date(r.created_at).toISOString(),
    })),
  };
}

export async function unreadCount(db: Database, inbox: Inbox): Promise<number> {
  const [row] = await rowsOf<{ n: string | number }>(
    db,
    sql`select count(*) as n from notifications where ${mine(inbox)} and read_at is null`,
  );
  return Number(row?.n ?? 0);
}

/** Marks the unread ones (of one kind, the ids named, or all) read; returns how many. */
export async function markRead(
  db: Database,
  inbox: Inbox,
  filter: { kind?: NotificationKind; ids?: readonly number[] },
  at: Date,
): Promise<number> {
  // Ids are matched within the inbox: another user's (or role's) notification is never touched.
  const only = filter.ids ? sql` and id = any(${intArray(filter.ids)})` : sql``;
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`update notifications set read_at = ${at.toISOString()}::timestamptz
      where ${mine(inbox, filter.kind)}${only} and read_at is null returning id`,
  );
  return rows.length;
}

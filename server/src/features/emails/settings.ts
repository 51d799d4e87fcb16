// Who gets which notification email: the advocate's Email toggle (notification_preferences), a
// brand's email setting (brand_notification_settings), and the unsubscribe links that turn them
// off without signing in.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../../lib/sql.js';
import type { UnsubscribeClaim } from './unsubscribe-token.js';

export async function brandEmailOn(db: Database, brandId: number): Promise<boolean> {
  const [row] = await rowsOf<{ email: boolean }>(
    db,
    sql`select email from brand_notification_settings where brand_id = ${brandId}::integer`,
  );
  return row?.email ?? true;
}

export async function setBrandEmail(
  db: Database,
  brandId: number,
  email: boolean,
  at: Date,
): Promise<void> {
  await db.execute(sql`insert into brand_notification_settings (brand_id, email, updated_at)
    values (${brandId}::integer, ${email}::boolean, ${at.toISOString()}::timestamptz)
    on conflict (brand_id) do update set email = excluded.email, updated_at = excluded.updated_at`);
}

/**
 * Turns off the emails a link's claim names. A brand's emails stop only while the claimant still
 * owns the brand; returns false when there is nothing of theirs to turn off.
 */
export async function unsubscribe(
  db: Database,
  claim: UnsubscribeClaim,
  at: Date,
): Promise<boolean> {
  if (claim.scope.kind === 'brand') {
    const [owned] = await rowsOf<{ id: number }>(
      db,
      // Any member with the owner role receives the brand's emails, so any may stop them.
      sql`select brand_id as id from brand_members
        where brand_id = ${claim.scope.brandId}::integer and user_id = ${claim.userId}::integer
          and role = 'owner'`,
    );
    if (!owned) return false;
    await setBrandEmail(db, owned.id, false, at);
    return true;
  }
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`insert into notification_preferences (user_id, email, updated_at)
      select id, false, ${at.toISOString()}::timestamptz from users where id = ${claim.userId}::integer
      on conflict (user_id) do update set email = false, updated_at = excluded.updated_at
      returning user_id as id`,
  );
  return rows.length > 0;
}

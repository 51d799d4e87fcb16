// The brand owners' daily summary (every member with the owner role, issue 28) of conversions waiting for review: at most one a day per brand
// (the day is claimed in brand_notification_settings by an upsert only one instance wins), only
// when some are waiting, and only while the brand's email setting and the owner's are on, to
// owners who may read the brand (two-factor on where the brand requires it).
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../../lib/sql.js';
import { memberMayReadSql } from '../access/index.js';
import { notificationEmail, type EmailLinks } from './compose.js';
import { queueEmails } from './queue.js';

interface Waiting {
  brand_id: number;
  brand_name: string;
  owner_id: number;
  email: string;
  waiting: string | number;
}

/** An owner the brand's routes would refuse (two-factor it requires is off) gets no summary. */
const mayRead = memberMayReadSql(sql.raw('m.user_id'), sql.raw('mb.require_two_factor'));

/** Queues today's summaries not sent yet; returns how many. */
export async function sendReviewSummaries(
  db: Database,
  ctx: EmailLinks & { now: Date },
): Promise<number> {
  const today = ctx.now.toISOString().slice(0, 10);
  return db.transaction(async (tx) => {
    const brands = await rowsOf<Waiting>(
      tx,
      sql`
      with waiting as (
        select r.brand_id, count(*) as waiting from rewards r
        where r.kind = 'reward' and r.status in ('pending', 'held')
        group by r.brand_id
      ),
      claimed as (
        insert into brand_notification_settings (brand_id, review_summary_on, updated_at)
        select distinct w.brand_id, ${today}::varchar, ${ctx.now.toISOString()}::timestamptz
        from waiting w
        join brand_members m on m.brand_id = w.brand_id and m.role = 'owner'
        join brands mb on mb.id = w.brand_id
        join users u on u.id = m.user_id and u.is_active
        left join notification_preferences p on p.user_id = u.id
        left join brand_notification_settings s on s.brand_id = w.brand_id
        where coalesce(p.email, true) and coalesce(s.email, true)
          and ${mayRead}
        on conflict (brand_id) do update set review_summary_on = excluded.review_summary_on
          where brand_notification_settings.review_summary_on is distinct from excluded.review_summary_on
            and brand_notification_settings.email
        returning brand_id
      )
      select c.brand_id, b.brand_name, u.id as owner_id, u.email, w.waiting
      from claimed c join brands b on b.id = c.brand_id
      join brand_members m on m.brand_id = c.brand_id and m.role = 'owner'
      join users u on u.id = m.user_id and u.is_active
      left join notification_preferences p on p.user_id = u.id
      join waiting w on w.brand_id = c.brand_id
      where coalesce(p.email, true)
        and ${memberMayReadSql(sql.raw('m.user_id'), sql.raw('b.require_two_factor'))}
      order by c.brand_id, u.id`,
    );
    await queueEmails(
      tx,
      brands.map((b) => {
        const n = Number(b.waiting);
        return notificationEmail(
          ctx,
          b.owner_id,
          b.email,
          {
            to: 'owner',
            role: 'brand_owner',
            kind: 'review',
            title: 'Conversions waiting for review',
            body: `${n} conversion${n === 1 ? ' is' : 's are'} waiting for your review in ${b.brand_name}. Approve or reject them so your advocates get paid.`,
            link: '/brand/payouts',
          },
          b.brand_id,
        );
      }),
      ctx.now,
    );
    return brands.length;
  });
}

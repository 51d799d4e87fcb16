// Emails waiting to be sent (email_jobs): queued in the transaction that decides them (the
// dispatcher, the review summary, a webhook disabled), sent by the email worker, so a message is
// neither lost in a crash nor sent for a change that rolled back.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rowsOf, type Tx } from '../../lib/sql.js';
import type { Mailer } from '../../mail/mailer.js';
import { renderEmail, type EmailContent } from './template.js';

export interface QueuedEmail {
  userId: number;
  kind: string;
  to: string;
  content: EmailContent;
}

/** Queues the emails (to be sent from `now` on), in the caller's transaction. */
export async function queueEmails(
  tx: Tx,
  emails: readonly QueuedEmail[],
  now: Date,
): Promise<void> {
  if (emails.length === 0) return;
  const at = now.toISOString();
  const rows = emails.map((email) => {
    const { text, html } = renderEmail(email.content);
    return sql`(${email.userId}::integer, ${email.kind}::varchar, ${email.to}::varchar,
      ${email.content.subject}::varchar, ${text}::text, ${html}::text,
      ${email.content.unsubscribeUrl}::varchar, ${at}::timestamptz, ${at}::timestamptz)`;
  });
  await tx.execute(sql`insert into email_jobs (user_id, kind, to_address, subject, text, html,
      unsubscribe_url, next_attempt_at, created_at)
    values ${sql.join(rows, sql`, `)}`);
}

/** Waits before the retries of an email the mail server did not take; then it is failed. */
export const EMAIL_RETRY_SCHEDULE_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000];
const EMAIL_LEASE_MS = 120_000;

interface EmailJobClaim {
  id: string;
  to_address: string;
  subject: string;
  text: string;
  html: string;
  unsubscribe_url: string | null;
  attempts: number;
  claimed_until: string | Date;
}

/**
 * Sends up to `limit` due emails: each is claimed (SKIP LOCKED, then a lease, as webhook
 * deliveries are), handed to the mailer, and marked sent, or scheduled again when the mail
 * server refused it. Returns how many were sent.
 */
export async function sendDueEmails(
  db: Database,
  mailer: Mailer,
  now: Date,
  limit = 50,
): Promise<number> {
  const at = now.toISOString();
  const jobs = await rowsOf<EmailJobClaim>(
    db,
    sql`
    with due as (
      select id from email_jobs
      where status = 'pending' and next_attempt_at <= ${at}::timestamptz
        and (claimed_until is null or claimed_until <= ${at}::timestamptz)
      order by next_attempt_at, id limit ${limit}::integer
      for update skip locked
    )
    update email_jobs j set claimed_until = ${new Date(now.getTime() + EMAIL_LEASE_MS).toISOString()}::timestamptz
    from due where j.id = due.id
    returning j.id, j.to_address, j.subject, j.text, j.html, j.unsubscribe_url, j.attempts, j.claimed_until`,
  );
  let sent = 0;
  for (const job of jobs) {
    const claim = new Date(job.claimed_until).toISOString();
    try {
      await mailer.send({
        to: job.to_address,
        subject: job.subject,
        text: job.text,
        html: job.html,
        // RFC 8058 one-click unsubscribe: mail clients show their own Unsubscribe button
        // (not on security emails, which have no unsubscribe link).
        ...(job.unsubscribe_url && {
          headers: {
            'List-Unsubscribe': `<${job.unsubscribe_url}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
        }),
      });
      await db.execute(sql`update email_jobs set status = 'sent', attempts = attempts + 1,
        next_attempt_at = null, claimed_until = null, error = null
        where id = ${job.id}::bigint and claimed_until = ${claim}::timestamptz`);
      sent += 1;
    } catch (err) {
      const wait = EMAIL_RETRY_SCHEDULE_MS[job.attempts];
      const next = wait === undefined ? null : new Date(now.getTime() + wait).toISOString();
      await db.execute(sql`update email_jobs set attempts = attempts + 1,
        status = ${next ? 'pending' : 'failed'}::text, next_attempt_at = ${next}::timestamptz,
        claimed_until = null, error = ${String((err as Error).message ?? err).slice(0, 300)}::varchar
        where id = ${job.id}::bigint and claimed_until = ${claim}::timestamptz`);
    }
  }
  return sent;
}

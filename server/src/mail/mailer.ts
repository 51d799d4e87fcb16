// Outgoing mail. With SMTP_URL the message goes out through nodemailer; without it (development,
// tests, e2e) it is logged and appended to DATA_DIR/outbox.jsonl, where the e2e suite reads codes.
import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { OtpPurpose } from '../db/schema.js';

export interface OtpMail {
  to: string;
  subject: string;
  text: string;
  code: string;
  purpose: OtpPurpose;
}

export interface Mailer {
  /** Resolves once the message is accepted for delivery (written to the outbox, or queued). */
  sendOtp(mail: OtpMail): Promise<void>;
}

export const OUTBOX_FILE = 'outbox.jsonl';

/** Development mailer: one JSON line per message `{to, subject, text, code, purpose, at}`. */
export function outboxMailer(dataDir: string, log: FastifyBaseLogger): Mailer {
  const file = path.join(dataDir, OUTBOX_FILE);
  return {
    async sendOtp(mail) {
      await mkdir(dataDir, { recursive: true });
      await appendFile(file, JSON.stringify({ ...mail, at: new Date().toISOString() }) + '\n');
      log.info(
        { to: mail.to, purpose: mail.purpose, code: mail.code, outbox: file },
        'mail written to outbox (no SMTP_URL)',
      );
    },
  };
}

/**
 * SMTP mailer. Sending is not awaited by the request: an SMTP round trip would make replies for
 * known emails measurably slower than for unknown ones (account enumeration), and a slow mail
 * server should not hold the client. Failures are logged.
 */
export function smtpMailer(smtpUrl: string, from: string, log: FastifyBaseLogger): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async sendOtp(mail) {
      transport
        .sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text })
        .then(() => log.info({ to: mail.to, purpose: mail.purpose }, 'mail sent'))
        .catch((err: unknown) =>
          log.error({ err, to: mail.to, purpose: mail.purpose }, 'mail delivery failed'),
        );
    },
  };
}

/** Test mailer: keeps messages in memory. */
export function memoryMailer(): Mailer & { sent: OtpMail[] } {
  const sent: OtpMail[] = [];
  return {
    sent,
    async sendOtp(mail) {
      sent.push(mail);
    },
  };
}

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

/** Any other message: a plain-text and an HTML part, and extra headers (List-Unsubscribe). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

export interface Mailer {
  /** Resolves once the message is accepted for delivery (written to the outbox, or queued). */
  sendOtp(mail: OtpMail): Promise<void>;
  /**
   * Resolves once the mail server (or the outbox file) accepted the message; rejects when it
   * did not, so the caller (the email worker) can try again later.
   */
  send(message: MailMessage): Promise<void>;
}

export const OUTBOX_FILE = 'outbox.jsonl';

/**
 * Development mailer: one JSON line per message, `{to, subject, text, code, purpose, at}` for a
 * code and `{to, subject, text, html, headers, at}` for any other.
 */
export function outboxMailer(dataDir: string, log: FastifyBaseLogger): Mailer {
  const file = path.join(dataDir, OUTBOX_FILE);
  const append = async (line: object) => {
    await mkdir(dataDir, { recursive: true });
    await appendFile(file, JSON.stringify({ ...line, at: new Date().toISOString() }) + '\n');
  };
  return {
    async sendOtp(mail) {
      await append(mail);
      log.info(
        { to: mail.to, purpose: mail.purpose, code: mail.code, outbox: file },
        'mail written to outbox (no SMTP_URL)',
      );
    },
    async send(message) {
      await append(message);
      log.info(
        { to: message.to, subject: message.subject, outbox: file },
        'mail written to outbox (no SMTP_URL)',
      );
    },
  };
}

/**
 * SMTP mailer. Sending a code is not awaited by the request: an SMTP round trip would make
 * replies for known emails measurably slower than for unknown ones (account enumeration), and a
 * slow mail server should not hold the client. Failures are logged. Other messages are sent by
 * the email worker, which awaits the server's answer.
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
    async send(message) {
      await transport.sendMail({ from, ...message });
      log.info({ to: message.to, subject: message.subject }, 'mail sent');
    },
  };
}

/** Test mailer: keeps messages in memory (codes in `sent`, other messages in `messages`). */
export function memoryMailer(): Mailer & { sent: OtpMail[]; messages: MailMessage[] } {
  const sent: OtpMail[] = [];
  const messages: MailMessage[] = [];
  return {
    sent,
    messages,
    async sendOtp(mail) {
      sent.push(mail);
    },
    async send(message) {
      messages.push(message);
    },
  };
}

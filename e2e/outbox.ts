// The dev mailer's outbox (DATA_DIR/outbox.jsonl): what the product mailed, for journeys that
// follow an emailed link or code.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface OutboxLine {
  to: string;
  text: string;
  code?: string;
  purpose?: string;
}

/** The messages to `email`, oldest first (none while nothing was mailed yet). */
export function mailTo(dataDir: string, email: string): OutboxLine[] {
  let text = '';
  try {
    text = readFileSync(join(dataDir, 'outbox.jsonl'), 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as OutboxLine)
    .filter((mail) => mail.to === email);
}

/** The path and query of the last invitation link mailed to `email`, or '' before it arrives. */
export function invitationPathFor(dataDir: string, email: string): string {
  const mail = mailTo(dataDir, email).findLast((m) => /token=/.test(m.text));
  const link = mail ? (/https?:\/\/\S+token=[\w-]+/.exec(mail.text)?.[0] ?? '') : '';
  return link ? new URL(link).pathname + new URL(link).search : '';
}

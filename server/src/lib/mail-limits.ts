// Limits on mail one user makes the product send to an address they typed: team invitations
// today; the advocate invitations and application emails of the partner program count the same
// way (add a kind, its two rules in config RateLimits, and call limitMail before sending). Without
// them one account could mail any address as often as it liked, with a brand name and an inviter
// name of its choosing. Counters live in the rate-limit store (Redis with REDIS_URL, so every
// instance shares them; memory otherwise).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimits } from '../config.js';
import type { KeyedLimit } from '../plugins/rate-limit.js';

/** What is mailed; each kind has its own per-brand and per-sender rules. */
export type MailKind = 'invite';

export interface MailSend {
  kind: MailKind;
  /** The recipient's address as typed; compared trimmed and lower-cased. */
  to: string;
  /** The brand the mail speaks for. */
  brandId: number;
  /** The signed-in user who makes it go. */
  senderId: number;
}

/** The per-recipient limit alone (bulk mail checks each address, then skips those over it). */
export const recipientLimit = (limits: RateLimits, to: string): KeyedLimit => ({
  name: 'mail-recipient',
  rule: limits.mailPerRecipient,
  key: to.trim().toLowerCase(),
});

/**
 * The limits one mail counts against, in the order they are checked: its recipient (one budget
 * per address, whatever the kind and whoever sends: the address's protection), then its sender
 * and its brand (per kind). A mail refused for its recipient spends nothing of the sender's or
 * the brand's budget, so one address hammered does not stop a brand inviting others.
 */
export function mailLimits(limits: RateLimits, send: MailSend): KeyedLimit[] {
  return [
    recipientLimit(limits, send.to),
    {
      name: `${send.kind}-sender`,
      rule: limits[`${send.kind}PerSender`],
      key: String(send.senderId),
    },
    { name: `${send.kind}-brand`, rule: limits[`${send.kind}PerBrand`], key: String(send.brandId) },
  ];
}

/**
 * Counts one mail, or throws the 429 (Retry-After, "Too many requests. Try again in N
 * seconds.") before anything is stored or sent. Call it once the request is validated and the
 * sender allowed to send: a refused or forbidden request must not spend a brand's budget.
 */
export function limitMail(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  send: MailSend,
): Promise<void> {
  return app.enforceRateLimits(request, reply, mailLimits(app.deps.config.rateLimits, send));
}

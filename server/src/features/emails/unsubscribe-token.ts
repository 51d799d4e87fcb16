// Unsubscribe links carry a signed token saying whose emails stop: an advocate's own emails
// ('user') or a brand's emails to its owner ('brand:<id>'). Signed with the server's secret, so
// the link works without signing in and cannot be forged for someone else.
import { createHmac, timingSafeEqual } from 'node:crypto';

export type UnsubscribeScope = { kind: 'user' } | { kind: 'brand'; brandId: number };

export interface UnsubscribeClaim {
  userId: number;
  scope: UnsubscribeScope;
}

const scopeText = (scope: UnsubscribeScope) =>
  scope.kind === 'user' ? 'user' : `brand:${scope.brandId}`;

const mac = (secret: string, payload: string) =>
  createHmac('sha256', `unsubscribe:${secret}`).update(payload).digest('base64url');

export function unsubscribeToken(secret: string, claim: UnsubscribeClaim): string {
  const payload = Buffer.from(`${claim.userId}.${scopeText(claim.scope)}`).toString('base64url');
  return `${payload}.${mac(secret, payload)}`;
}

/** The claim of a genuine token; undefined for anything else. */
export function readUnsubscribeToken(secret: string, token: string): UnsubscribeClaim | undefined {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return undefined;
  const expected = Buffer.from(mac(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  const match = /^([1-9][0-9]{0,9})\.(user|brand:([1-9][0-9]{0,9}))$/.exec(
    Buffer.from(payload, 'base64url').toString(),
  );
  if (!match) return undefined;
  const userId = Number(match[1]);
  return match[3]
    ? { userId, scope: { kind: 'brand', brandId: Number(match[3]) } }
    : { userId, scope: { kind: 'user' } };
}

/** The public page of an unsubscribe link. */
export const unsubscribeUrl = (publicUrl: string, token: string): string =>
  `${publicUrl.replace(/\/$/, '')}/unsubscribe?token=${encodeURIComponent(token)}`;

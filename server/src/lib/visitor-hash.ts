// The keyed hash standing in for a person: a click's visitor (address + user agent) and an audit
// entry's address. In lib/ so the redirects and audit features both use it without importing
// each other.
import { createHmac, hash } from 'node:crypto';

/**
 * A keyed hash of IP + user agent, standing in for "the same visitor". Keyed with a secret
 * derived from the server secret, so a leaked clicks table cannot be reversed by hashing the
 * IPv4 space. SHA-256 over key + input in one native call (an HMAC object per click cost four
 * times as much); truncated to 128 bits as hex, which also rules out length extension (not that
 * forging a visitor hash would gain anything).
 */
export function visitorHasher(
  serverSecret: string,
): (ip: string, userAgent: string | undefined) => string {
  const key = createHmac('sha256', serverSecret).update('visitor-hash/v2').digest('hex');
  return (ip, userAgent) => hash('sha256', `${key}\n${ip}\n${userAgent ?? ''}`).slice(0, 32);
}

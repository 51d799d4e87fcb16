// The scheme Lemon Squeezy and Shopify sign their webhooks with: an HMAC-SHA256 of the exact body
// under the endpoint's secret, sent in a header (hex for Lemon Squeezy's X-Signature, base64 for
// Shopify's X-Shopify-Hmac-Sha256). Compared in constant time, so a caller cannot find a valid
// signature byte by byte from how long a refusal takes.
import { createHmac, timingSafeEqual } from 'node:crypto';

export function hmacSha256(body: Buffer | string, secret: string, encoding: 'hex' | 'base64') {
  return createHmac('sha256', secret).update(body).digest(encoding);
}

/** Whether `signature` is the body's HMAC under `secret` (in `encoding`). */
export function isValidHmac(
  body: Buffer,
  secret: string,
  signature: string | undefined,
  encoding: 'hex' | 'base64',
): boolean {
  if (!signature) return false;
  const expected = Buffer.from(hmacSha256(body, secret, encoding), encoding);
  const given = Buffer.from(signature.trim(), encoding);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A header's single value (Node gives repeated headers as a list: the first counts). */
export function headerOf(
  headers: Record<string, string | string[] | undefined>,
  name: string,
): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

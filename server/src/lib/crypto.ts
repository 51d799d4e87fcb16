// Small helpers for opaque secrets: refresh tokens and one-time codes.
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** 256 bits of randomness, URL-safe: refresh tokens. */
export const randomToken = (): string => randomBytes(32).toString('base64url');

/** sha256 hex: enough for high-entropy secrets such as refresh tokens. */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/** Keyed hash for low-entropy secrets (6-digit codes), so a leaked table cannot be brute-forced. */
export const hmacSha256 = (key: string, value: string): string => createHmac('sha256', key).update(value).digest('hex');

/** A uniformly random 6-digit code, leading zeros kept. */
export const sixDigitCode = (): string => randomInt(0, 1_000_000).toString().padStart(6, '0');

export function safeEqualHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

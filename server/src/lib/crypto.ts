// Small helpers for opaque secrets: refresh tokens and one-time codes.
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** 256 bits of randomness, URL-safe: refresh tokens. */
export const randomToken = (): string => randomBytes(32).toString('base64url');

/** sha256 hex: enough for high-entropy secrets such as refresh tokens. */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/** Keyed hash for low-entropy secrets (6-digit codes), so a leaked table cannot be brute-forced. */
export const hmacSha256 = (key: string, value: string): string =>
  createHmac('sha256', key).update(value).digest('hex');

/** A uniformly random 6-digit code, leading zeros kept. */
export const sixDigitCode = (): string => randomInt(0, 1_000_000).toString().padStart(6, '0');

export function safeEqualHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

// Random ids on hot paths (a click id per redirect) come from a pre-filled pool: one
// randomBytes call per few hundred ids instead of one per id.
const POOL_SIZE = 4096;
let pool = Buffer.alloc(0);
let poolOffset = 0;

/** `bytes` random bytes as base64url (bytes * 4/3 characters, no padding when bytes % 3 === 0). */
export function randomUrlSafe(bytes: number): string {
  if (poolOffset + bytes > pool.length) {
    pool = randomBytes(Math.max(POOL_SIZE, bytes));
    poolOffset = 0;
  }
  const id = pool.subarray(poolOffset, poolOffset + bytes).toString('base64url');
  poolOffset += bytes;
  return id;
}

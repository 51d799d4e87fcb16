// Time-based one-time passwords (RFC 6238: SHA-1, 30-second steps, 6 digits) through otplib.
// Time comes from the app's clock, so tests sign in with codes computed at a fixed instant.
import { generate, generateSecret, generateURI, verify } from 'otplib';
import { PRODUCT_NAME } from '../emails/index.js';

export const TOTP_PERIOD_SECONDS = 30;
/** One step either side of now is accepted: a phone's clock a little off, a code typed late. */
const TOLERANCE_SECONDS = TOTP_PERIOD_SECONDS;
/** The name authenticator apps show next to the code. */
const ISSUER = PRODUCT_NAME;

/** A new base32 secret (160 bits, as authenticator apps expect). */
export const newTotpSecret = (): string => generateSecret();

/** The otpauth:// URL an authenticator app scans from the QR code. */
export const otpauthUrl = (secret: string, account: string): string =>
  generateURI({ issuer: ISSUER, label: account, secret });

/** The code for `secret` at `at` (tests and the e2e journey compute codes the same way). */
export const totpAt = (secret: string, at: Date): Promise<string> =>
  generate({ secret, epoch: Math.floor(at.getTime() / 1000) });

/**
 * The time step `code` belongs to when it is valid at `now` and newer than `afterStep` (the
 * step of the last code accepted: each code, and any older one, works once); else undefined.
 */
export async function verifyTotp(
  secret: string,
  code: string,
  now: Date,
  afterStep: number | null,
): Promise<number | undefined> {
  if (!/^\d{6}$/.test(code)) return undefined;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOLERANCE_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}

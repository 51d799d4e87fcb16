// Paddle-Signature: `ts=<unix seconds>;h1=<hex HMAC-SHA256 of "<ts>:<raw body>">` under the
// notification destination's secret key, refused 5 s after `ts` (replays). This is the scheme of
// the official @paddle/paddle-node-sdk (Webhooks.isSignatureValid); it is computed here rather than
// called because the SDK's check is asynchronous and reads the wall clock, while a provider's
// verify is synchronous and takes the app's clock (tests run at a fixed time). paddle.test.ts
// proves both accept and refuse the same signatures. During a secret rotation Paddle sends one h1
// per secret: any of them may match.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long after its timestamp a signature is accepted (the SDK's MAX_VALID_TIME_DIFFERENCE). */
export const PADDLE_TOLERANCE_SECONDS = 5;

export function paddleSignature(body: Buffer | string, secret: string, ts: number): string {
  return `ts=${ts};h1=${createHmac('sha256', secret).update(`${ts}:`).update(body).digest('hex')}`;
}

export function isValidPaddleSignature(
  body: Buffer,
  header: string | undefined,
  secret: string,
  now: Date,
): boolean {
  if (!header) return false;
  let ts: number | undefined;
  const given: string[] = [];
  for (const part of header.split(';')) {
    const [key, value] = part.split('=');
    if (!value) continue;
    if (key?.trim() === 'ts' && /^\d{1,12}$/.test(value.trim())) ts = Number(value.trim());
    else if (key?.trim() === 'h1') given.push(value.trim());
  }
  if (ts === undefined || given.length === 0) return false;
  if (now.getTime() > (ts + PADDLE_TOLERANCE_SECONDS) * 1000) return false;
  const expected = createHmac('sha256', secret).update(`${ts}:`).update(body).digest();
  return given.some((h1) => {
    const candidate = Buffer.from(h1, 'hex');
    return candidate.length === expected.length && timingSafeEqual(candidate, expected);
  });
}

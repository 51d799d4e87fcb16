// One HTTP attempt of a webhook delivery, signed as the Standard Webhooks specification says
// (the `standardwebhooks` package signs, so the headers are exactly what its verifiers expect).
// Redirects are not followed (a 3xx is a failed attempt), as the specification recommends.
import http from 'node:http';
import https from 'node:https';
import { Webhook } from 'standardwebhooks';
import { isNonPublicAddress, publicOnlyLookup, TargetRefused } from './target.js';

/** How long an attempt may take, from connecting to the first 1 KB of the reply. */
export const ATTEMPT_TIMEOUT_MS = 10_000;
/** How much of a reply body the delivery log keeps. */
export const RESPONSE_KEEP_BYTES = 1024;

export interface OutgoingMessage {
  url: string;
  /**
   * 'whsec_…': the webhook's secret, and after a rotation the previous one too (for
   * WEBHOOK_SECRET_OVERLAP_HOURS): one signature each, so a receiver holding either verifies.
   */
  secrets: readonly string[];
  /** The webhook-id: the same on every attempt of one event. */
  messageId: string;
  /** The exact JSON body. */
  body: string;
}

export interface AttemptOutcome {
  /** null when no reply came. */
  statusCode: number | null;
  responseMs: number;
  responseBody: string;
  /** Why no reply came; null when one did. */
  error: string | null;
  /** No reply within the timeout: counts towards backing the endpoint off. */
  timedOut: boolean;
  ok: boolean;
}

/**
 * The three Standard Webhooks headers of `message`, signed now. Several secrets give several
 * signatures in the one header, space-separated, as the specification allows.
 */
export function signedHeaders(message: OutgoingMessage, at: Date): Record<string, string> {
  // The timestamp is the moment of sending (receivers refuse stale ones), so wall-clock time.
  const signature = message.secrets
    .map((secret) => new Webhook(secret).sign(message.messageId, at, message.body))
    .join(' ');
  return {
    'webhook-id': message.messageId,
    'webhook-timestamp': Math.floor(at.getTime() / 1000).toString(),
    'webhook-signature': signature,
  };
}

export async function sendWebhook(
  message: OutgoingMessage,
  options: { allowPrivate: boolean; timeoutMs?: number },
): Promise<AttemptOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const failed = (error: string, timedOut = false): AttemptOutcome => ({
    statusCode: null,
    responseMs: elapsed(),
    responseBody: '',
    error: error.slice(0, 300),
    timedOut,
    ok: false,
  });
  const url = new URL(message.url);
  // A literal address is connected to without a lookup: judge it here.
  if (!options.allowPrivate && isNonPublicAddress(url.hostname)) {
    return failed(`${url.hostname} is not a public address`);
  }
  const client = url.protocol === 'https:' ? https : http;
  const body = Buffer.from(message.body);
  return new Promise<AttemptOutcome>((resolve) => {
    const request = client.request(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': body.length,
        'user-agent': 'advocate-marketplace-webhooks/1',
        ...signedHeaders(message, new Date()),
      },
      lookup: publicOnlyLookup(options.allowPrivate),
      signal: AbortSignal.timeout(options.timeoutMs ?? ATTEMPT_TIMEOUT_MS),
      agent: false,
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      const finish = () => {
        const statusCode = response.statusCode ?? 0;
        resolve({
          statusCode,
          responseMs: elapsed(),
          responseBody: Buffer.concat(chunks).subarray(0, RESPONSE_KEEP_BYTES).toString('utf8'),
          error: null,
          timedOut: false,
          ok: statusCode >= 200 && statusCode < 300,
        });
        response.destroy();
      };
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        kept += chunk.length;
        if (kept >= RESPONSE_KEEP_BYTES) finish();
      });
      response.on('end', finish);
      response.on('error', finish);
    });
    request.on('error', (err: Error & { code?: string }) => {
      if (err instanceof TargetRefused) return resolve(failed(err.message));
      if (err.name === 'AbortError' || err.name === 'TimeoutError')
        return resolve(
          failed(`no reply within ${(options.timeoutMs ?? ATTEMPT_TIMEOUT_MS) / 1000} s`, true),
        );
      resolve(failed(err.code ? `${err.code}: ${err.message}` : err.message));
    });
    request.end(body);
  });
}

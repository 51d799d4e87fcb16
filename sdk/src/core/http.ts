import type { ConversionPayload, ConversionReply, ResolvedConversionPayload } from './types';

/** Sent as X-SDK-Version; the server keys compatibility decisions on it. */
export const SDK_VERSION = '1.0.1';

/** The part of a fetch Response the SDK reads, so any fetch implementation can be injected. */
export interface FetchResponseLike {
  readonly status: number;
  text(): Promise<string>;
}

export interface FetchInit {
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  keepalive?: boolean;
}

/** Structurally satisfied by the platform fetch (browser, Node 18+) and by test fakes. */
export type FetchLike = (url: string, init: FetchInit) => Promise<FetchResponseLike>;

/** Ids the server uses to route and check a call before reading the body (contract: "when known"). */
export interface RequestContext {
  campaignId?: number | string;
  brandId?: number | string;
}

export interface SendOptions extends RequestContext {
  /** Lets a browser request outlive the page, e.g. a conversion sent right before navigation. */
  keepalive?: boolean;
}

/**
 * A failed call. `status` is the HTTP status, or 0 when no reply arrived (network error);
 * `body` is the parsed reply (object, or text when not JSON); `message` is the server's detail.
 */
export class SdkError extends Error {
  override readonly name = 'SdkError';
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, body: unknown, message: string) {
    super(message);
    this.status = status;
    this.body = body;
  }
}

export function buildHeaders(
  credential: string | undefined,
  context: RequestContext = {},
  hasBody = true,
): Record<string, string> {
  const headers: Record<string, string> = { 'X-SDK-Version': SDK_VERSION };
  if (hasBody) headers['Content-Type'] = 'application/json';
  // An empty credential is left out rather than sent as "Bearer ", so the server answers with
  // its own "credentials missing" detail instead of a malformed-token one.
  if (credential) headers.Authorization = `Bearer ${credential}`;
  if (context.campaignId != null && context.campaignId !== '') {
    headers['X-Campaign-Id'] = String(context.campaignId);
  }
  if (context.brandId != null && context.brandId !== '')
    headers['X-Brand-Id'] = String(context.brandId);
  return headers;
}

/** The payload defaults. rewardAmount is deliberately not defaulted: sending 0 from a secret key
 * would override the reward the server computes from the campaign's rule. */
export function withDefaults(payload: ConversionPayload): ResolvedConversionPayload {
  return {
    ...payload,
    eventType: payload.eventType ?? 'purchase',
    value: payload.value ?? 0,
    currency: payload.currency ?? 'USD',
  };
}

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text; // e.g. a proxy's HTML error page
  }
}

/** The server's explanation: `detail` per the contract, `message` from older endpoints. */
function detailOf(body: unknown, status: number): string {
  if (body && typeof body === 'object') {
    const { detail, message } = body as { detail?: unknown; message?: unknown };
    const found = detail ?? message;
    if (typeof found === 'string') return found;
    if (found != null) return JSON.stringify(found); // field-level validation errors
  }
  return `Request failed with status ${status}`;
}

/**
 * Sends once and, on a network error or a 5xx, exactly once more. Both are transient and every
 * call made through here is idempotent on the server (conversions on conversionRef, joins return
 * the same links, stats are reads), so a repeat cannot double count. A 4xx is never retried: the
 * same request would be refused the same way. No delay between attempts, because in a browser
 * the page may be unloading right after a purchase.
 */
export async function sendWithRetry<Reply>(
  fetchFn: FetchLike,
  url: string,
  init: FetchInit,
): Promise<Reply> {
  let failure = new SdkError(0, null, 'Request not sent');
  for (let attempt = 0; attempt < 2; attempt++) {
    let status: number;
    let body: unknown;
    try {
      const response = await fetchFn(url, init);
      status = response.status;
      body = parseBody(await response.text());
    } catch (error) {
      failure = new SdkError(
        0,
        null,
        `Network error: ${error instanceof Error ? error.message : String(error)}`,
      );
      continue;
    }
    // The reply shape is the server's contract (types.ts); it is not re-validated here.
    if (status >= 200 && status < 300) return body as Reply;
    failure = new SdkError(status, body, detailOf(body, status));
    if (status < 500) break;
  }
  throw failure;
}

/** POSTs one conversion (defaults applied) to `endpoint`, the full sdk-log-conversion/ URL. */
// async so that a bad payload (e.g. a circular object from a script caller) rejects rather than throws.
export async function postConversion(
  fetchFn: FetchLike,
  endpoint: string,
  payload: ConversionPayload,
  credential: string | undefined,
  opts: SendOptions = {},
): Promise<ConversionReply> {
  const body = withDefaults(payload);
  const campaignId = payload.campaignId ?? opts.campaignId;
  const init: FetchInit = {
    method: 'POST',
    headers: buildHeaders(credential, { campaignId, brandId: opts.brandId }),
    body: JSON.stringify(body),
  };
  if (opts.keepalive) init.keepalive = true;
  return sendWithRetry<ConversionReply>(fetchFn, endpoint, init);
}

import {
  postConversion,
  type ConversionPayload,
  type ConversionReply,
  type FetchLike,
} from '../core';

/** The global a merchant page calls: `window.Advocately`. */
export interface AdvocatelyApi {
  /** Reports a conversion; via/clickId come from the landing cookies unless given. */
  trackConversion(payload: ConversionPayload): Promise<ConversionReply>;
  /** The share code this visitor arrived through, if any. */
  getVia(): string | null;
}

export const VIA_COOKIE = 'adv_via';
export const CLICK_COOKIE = 'adv_cid';
export const DEFAULT_COOKIE_DAYS = 90;
export const ENDPOINT_PATH = '/api/v1/sdk-log-conversion/';

function readCookie(name: string): string | null {
  for (const pair of document.cookie.split(';')) {
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(pair.slice(eq + 1));
      } catch {
        return null; // not ours: someone else wrote a malformed value under the same name
      }
    }
  }
  return null;
}

function writeCookie(name: string, value: string, maxAgeSeconds: number): void {
  // First-party, whole site (landing and checkout pages differ), sent on top-level navigation only.
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; max-age=${maxAgeSeconds}; path=/; SameSite=Lax${secure}`;
}

function cookieDays(script: Element | null): number {
  const days = Number(script?.getAttribute('data-cookie-days'));
  return days > 0 && isFinite(days) ? days : DEFAULT_COOKIE_DAYS;
}

function endpointFor(script: Element | null): string {
  const configured = script?.getAttribute('data-endpoint');
  if (configured) return configured;
  const src = script?.getAttribute('src');
  // The script is served by the product itself (/sdk/v1.js), so its origin is the API's origin;
  // the page's origin is the merchant's shop and only a last resort for an inlined copy.
  return (src ? new URL(src, document.baseURI).origin : location.origin) + ENDPOINT_PATH;
}

/**
 * Remembers the share link this visit came through and returns the page API. `script` is the
 * SDK's own <script> tag, whose data-* attributes configure it.
 */
export function install(script: Element | null, fetchFn?: FetchLike): AdvocatelyApi {
  const maxAge = Math.round(cookieDays(script) * 86400);
  const params = new URLSearchParams(location.search);
  const via = params.get('via');
  const clickId = params.get('cid');
  if (via) {
    writeCookie(VIA_COOKIE, via, maxAge);
    // A click id left from an earlier link would pair with the wrong code.
    if (!clickId) writeCookie(CLICK_COOKIE, '', 0);
  }
  if (clickId) writeCookie(CLICK_COOKIE, clickId, maxAge);

  const endpoint = endpointFor(script);
  const key = script?.getAttribute('data-key') ?? undefined;
  const brandId = script?.getAttribute('data-brand-id') ?? undefined;
  // Looked up per call, not captured: pages and tests may replace fetch after the SDK loads,
  // and a detached reference to window.fetch throws "Illegal invocation".
  const send: FetchLike = fetchFn ?? ((url, init) => fetch(url, init));

  return {
    getVia: () => readCookie(VIA_COOKIE),
    trackConversion(payload) {
      const storedVia = readCookie(VIA_COOKIE);
      const via = payload.via || storedVia || undefined;
      // The stored click id belongs to the stored code only.
      const storedClick = via === storedVia ? readCookie(CLICK_COOKIE) : null;
      const conversion: ConversionPayload = {
        ...payload,
        via,
        clickId: payload.clickId || storedClick || undefined,
      };
      return postConversion(send, endpoint, conversion, key, { keepalive: true, brandId });
    },
  };
}

import Cookies from 'js-cookie';

/**
 * The access token's second home besides memory: a readable cookie that survives reloads for the
 * token's own lifetime (60 minutes), so a reload within that window needs no refresh round trip.
 * The long-lived refresh token is a separate httpOnly cookie that only the server touches.
 */
export const ACCESS_TOKEN_COOKIE = 'access_token';
export const ACCESS_TOKEN_LIFETIME_MINUTES = 60;

const MINUTES_PER_DAY = 24 * 60;

// The cookie helpers run in every environment the package is imported into, including the
// server-side test runner where there is no document.
const hasDocument = (): boolean => typeof document !== 'undefined';

export function writeAccessToken(token: string): void {
  if (!hasDocument()) return;
  Cookies.set(ACCESS_TOKEN_COOKIE, token, {
    // js-cookie counts expiry in days.
    expires: ACCESS_TOKEN_LIFETIME_MINUTES / MINUTES_PER_DAY,
    path: '/',
    sameSite: 'lax',
    secure: typeof location !== 'undefined' && location.protocol === 'https:',
  });
}

export function readAccessToken(): string | null {
  if (!hasDocument()) return null;
  return Cookies.get(ACCESS_TOKEN_COOKIE) || null;
}

/**
 * The server's readable `signed_in` cookie, set with its httpOnly refresh cookie: only then can a
 * start-up refresh succeed, so without it (a visitor who never signed in) none is sent.
 */
export const SESSION_HINT_COOKIE = 'signed_in';

export function hasSessionHint(): boolean {
  if (!hasDocument()) return false;
  return Cookies.get(SESSION_HINT_COOKIE) === '1';
}

export function clearAccessToken(): void {
  if (!hasDocument()) return;
  Cookies.remove(ACCESS_TOKEN_COOKIE, { path: '/' });
}

// The refresh token travels only in this cookie: httpOnly (scripts cannot read it), SameSite=Lax
// and scoped to /api/v1/token/ so it is sent to refresh and logout and nowhere else.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config.js';
import { REFRESH_TOKEN_TTL_MS } from './sessions.js';

export const REFRESH_COOKIE = 'refresh_token';
export const REFRESH_COOKIE_PATH = '/api/v1/token/';
/**
 * A readable companion of the refresh cookie, holding no secret: it tells the page that a
 * refresh is worth trying at start-up. Without it a visitor who never signed in would send a
 * refresh that can only fail (a 401 in every signed-out page load's console).
 */
export const SESSION_HINT_COOKIE = 'signed_in';

const secure = (config: AppConfig): boolean => config.publicUrl.startsWith('https://');

export function setRefreshCookie(reply: FastifyReply, token: string, config: AppConfig): void {
  reply.setCookie(REFRESH_COOKIE, token, {
    path: REFRESH_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: secure(config),
    maxAge: REFRESH_TOKEN_TTL_MS / 1000,
  });
  reply.setCookie(SESSION_HINT_COOKIE, '1', {
    path: '/',
    sameSite: 'lax',
    secure: secure(config),
    maxAge: REFRESH_TOKEN_TTL_MS / 1000,
  });
}

export function clearRefreshCookie(reply: FastifyReply, config: AppConfig): void {
  reply.clearCookie(REFRESH_COOKIE, {
    path: REFRESH_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: secure(config),
  });
  reply.clearCookie(SESSION_HINT_COOKIE, { path: '/', sameSite: 'lax', secure: secure(config) });
}

export function readRefreshCookie(request: FastifyRequest): string | undefined {
  const value = request.cookies[REFRESH_COOKIE];
  return value && value.length <= 200 ? value : undefined;
}

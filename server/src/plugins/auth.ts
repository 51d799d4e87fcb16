// Bearer-token authentication. Only the Authorization header counts: authenticating from a
// cookie would let other sites trigger authenticated calls (CSRF). The one cookie the server
// reads is the refresh token, on token/refresh/ and token/logout/ only.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { loadPrincipal, type Principal } from '../features/auth/principal.js';
import { unauthorized } from '../lib/http-error.js';

export const NOT_AUTHENTICATED = 'Authentication credentials were not provided.';
export const TOKEN_INVALID = 'Token is invalid or expired';
export const ACCOUNT_DEACTIVATED = 'This account is deactivated';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook for protected routes: sets request.principal or answers 401. */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
}

/** The token of an `Authorization: Bearer <token>` header; undefined when absent or malformed. */
export function bearerToken(request: FastifyRequest): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
}

/** The caller of a route guarded by app.authenticate. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized(NOT_AUTHENTICATED);
  return request.principal;
}

async function authPlugin(app: FastifyInstance): Promise<void> {
  app.decorate('authenticate', async (request: FastifyRequest) => {
    if (!request.headers.authorization) throw unauthorized(NOT_AUTHENTICATED);
    const token = bearerToken(request);
    if (!token) throw unauthorized(TOKEN_INVALID);
    const claims = await app.deps.accessTokens.verify(token);
    if (!claims) throw unauthorized(TOKEN_INVALID);
    const lookup = await loadPrincipal(app.deps.db, claims);
    if (!lookup.ok)
      throw unauthorized(lookup.reason === 'inactive' ? ACCOUNT_DEACTIVATED : TOKEN_INVALID);
    request.principal = lookup.principal;
  });
}

export default fp(authPlugin, { name: 'auth', dependencies: ['context'] });

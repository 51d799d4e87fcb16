// POST token/, token/refresh/, token/logout/.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LoginBody, RefreshReply, TokenReply } from 'contract';
import { ACCOUNT_DEACTIVATED, bearerToken } from '../../plugins/auth.js';
import { bodyEmail } from '../../plugins/rate-limit.js';
import { forbidden, unauthorized } from '../../lib/http-error.js';
import { dummyPasswordHash, verifyPassword } from '../../lib/password.js';
import { StatusReply, withErrors } from '../../lib/schema.js';
import { listRoles } from '../roles/index.js';
import { createMfaTokens, findTwoFactor } from '../two-factor/index.js';
import { findUserByEmail } from '../users/index.js';
import { startSession } from './login.js';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from './refresh-cookie.js';

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const REFRESH_MISSING = 'Refresh token was not provided';
export const REFRESH_INVALID = 'Refresh token is invalid or expired';

const tokenRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { rateLimits } = app.deps.config;
  const mfaTokens = createMfaTokens(app.deps.config.jwtSecret, app.deps.clock);

  app.post(
    '/token/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log in with email and password',
        description:
          'Returns an access token and sets the refresh_token cookie (httpOnly, path /api/v1/token/). ' +
          'With two-factor sign-in on, answers { mfa_required: true, mfa_token } instead: send it ' +
          'with a code to token/2fa/.',
        body: LoginBody,
        response: withErrors({ 200: TokenReply }, 401, 403, 429),
      },
      preValidation: app.rateLimitGuard([
        { name: 'login-ip', rule: rateLimits.loginPerIp, key: (request) => request.ip },
        {
          name: 'login-ip-email',
          rule: rateLimits.loginPerIpEmail,
          key: (request) => {
            const email = bodyEmail(request);
            return email && `${request.ip}|${email}`;
          },
        },
      ]),
    },
    async (request, reply) => {
      const user = await findUserByEmail(app.deps.db, request.body.email);
      // Always run scrypt, so an unknown email takes as long as a wrong password.
      const passwordOk = await verifyPassword(
        request.body.password,
        user?.passwordHash ?? (await dummyPasswordHash()),
      );
      if (!user || !passwordOk) throw unauthorized(INVALID_CREDENTIALS);
      // Said only to someone who knows the password, so it reveals nothing to a guesser.
      if (!user.isActive) throw forbidden(ACCOUNT_DEACTIVATED);
      // The password alone starts no session when a second factor is on.
      if ((await findTwoFactor(app.deps.db, user.id))?.enabled)
        return { mfa_required: true as const, mfa_token: await mfaTokens.sign(user.id) };
      return startSession(app, reply, user, await listRoles(app.deps.db, user.id));
    },
  );

  app.post(
    '/token/refresh/',
    {
      schema: {
        tags: ['auth'],
        summary: 'New access token from the refresh_token cookie',
        description:
          'Rotates the refresh token. Presenting an already-rotated token revokes the whole session.',
        response: withErrors({ 200: RefreshReply }, 401),
      },
    },
    async (request, reply) => {
      const presented = readRefreshCookie(request);
      if (!presented) throw unauthorized(REFRESH_MISSING);
      const result = await app.deps.sessions.rotate(presented);
      if (!result.ok) {
        request.log.info({ reason: result.reason }, 'refresh rejected');
        clearRefreshCookie(reply, app.deps.config);
        throw unauthorized(result.reason === 'inactive' ? ACCOUNT_DEACTIVATED : REFRESH_INVALID);
      }
      if (result.refreshToken) setRefreshCookie(reply, result.refreshToken, app.deps.config);
      const access = await app.deps.accessTokens.sign({
        userId: result.userId,
        sessionId: result.sessionId,
      });
      return { access, token: access };
    },
  );

  app.post(
    '/token/logout/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log out: revoke this session and clear the refresh cookie',
        description:
          'Always succeeds. The session is found from the refresh cookie or, failing that, the bearer token.',
        response: withErrors({ 200: StatusReply }),
      },
    },
    async (request, reply) => {
      const presented = readRefreshCookie(request);
      let sessionId = presented ? await app.deps.sessions.sessionOf(presented) : undefined;
      if (!sessionId) {
        const bearer = bearerToken(request);
        sessionId = bearer ? (await app.deps.accessTokens.verify(bearer))?.sessionId : undefined;
      }
      if (sessionId) await app.deps.sessions.revoke(sessionId);
      clearRefreshCookie(reply, app.deps.config);
      return { status: 'success' as const, message: 'Logged out' };
    },
  );
};

export default tokenRoutes;

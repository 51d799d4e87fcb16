// Short-lived access tokens: HS256 JWTs with sub = user id and sid = session (refresh family) id.
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import type { Clock } from '../../lib/clock.js';

export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60;

export interface AccessClaims {
  userId: number;
  sessionId: string;
}

export interface AccessTokens {
  sign(claims: AccessClaims): Promise<string>;
  /** The claims of a valid, unexpired token; undefined for anything else. */
  verify(token: string): Promise<AccessClaims | undefined>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function createAccessTokens(secret: string, clock: Clock): AccessTokens {
  const key = new TextEncoder().encode(secret);
  return {
    async sign({ userId, sessionId }) {
      const now = Math.floor(clock().getTime() / 1000);
      return new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuedAt(now)
        .setExpirationTime(now + ACCESS_TOKEN_TTL_SECONDS)
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          currentDate: clock(),
          // A token without an expiry (or issued longer ago than tokens live) would never
          // expire: signed with our key or not, it is refused.
          requiredClaims: ['exp', 'iat', 'sub'],
          maxTokenAge: ACCESS_TOKEN_TTL_SECONDS,
        });
        const userId = Number(payload.sub);
        const sessionId = payload.sid;
        if (!Number.isSafeInteger(userId) || typeof sessionId !== 'string' || !UUID.test(sessionId))
          return undefined;
        return { userId, sessionId };
      } catch (err) {
        // Bad signature, expiry, malformed token: all simply "not authenticated".
        if (err instanceof joseErrors.JOSEError || err instanceof TypeError) return undefined;
        throw err;
      }
    },
  };
}

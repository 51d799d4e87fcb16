// Short-lived access tokens: HS256 JWTs with sub = user id and sid = session (refresh family) id.
import type { Clock } from '../../lib/clock.js';
import { signedTokens } from '../../lib/jwt.js';

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
  const tokens = signedTokens(secret, clock, ACCESS_TOKEN_TTL_SECONDS);
  return {
    sign: ({ userId, sessionId }) => tokens.sign(userId, { sid: sessionId }),
    async verify(token) {
      const payload = await tokens.verify(token);
      if (!payload) return undefined;
      const userId = Number(payload.sub);
      const sessionId = payload.sid;
      if (!Number.isSafeInteger(userId) || typeof sessionId !== 'string' || !UUID.test(sessionId))
        return undefined;
      return { userId, sessionId };
    },
  };
}

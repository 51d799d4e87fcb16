// The mfa_token of a password sign-in that still needs its second factor: a 5-minute HS256 JWT
// naming the user, with a purpose claim so it is never taken for an access token (which also
// requires a session id) and an access token is never taken for it.
import type { Clock } from '../../lib/clock.js';
import { signedTokens } from '../../lib/jwt.js';

export const MFA_TOKEN_TTL_SECONDS = 5 * 60;
const PURPOSE = 'mfa';

export interface MfaTokens {
  sign(userId: number): Promise<string>;
  /** The user id of a valid, unexpired mfa token; undefined for anything else. */
  verify(token: string): Promise<number | undefined>;
}

export function createMfaTokens(secret: string, clock: Clock): MfaTokens {
  const tokens = signedTokens(secret, clock, MFA_TOKEN_TTL_SECONDS);
  return {
    sign: (userId) => tokens.sign(userId, { pur: PURPOSE }),
    async verify(token) {
      const payload = await tokens.verify(token);
      const userId = Number(payload?.sub);
      if (payload?.pur !== PURPOSE || !Number.isSafeInteger(userId)) return undefined;
      return userId;
    },
  };
}

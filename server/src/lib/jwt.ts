// The server's short-lived tokens (access tokens, the mfa_token of a sign-in half done): HS256
// JWTs naming a user as subject, with an issue time and an expiry read from the app's clock.
import { SignJWT, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import type { Clock } from './clock.js';

export interface SignedTokens {
  /** A token for user `userId` carrying `claims`, valid for the lifetime from now. */
  sign(userId: number, claims: Record<string, unknown>): Promise<string>;
  /** The payload of a token this key signed that has not expired; undefined for anything else. */
  verify(token: string): Promise<JWTPayload | undefined>;
}

export function signedTokens(secret: string, clock: Clock, ttlSeconds: number): SignedTokens {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(userId, claims) {
      const now = Math.floor(clock().getTime() / 1000);
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuedAt(now)
        .setExpirationTime(now + ttlSeconds)
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
          maxTokenAge: ttlSeconds,
        });
        return payload;
      } catch (err) {
        // Bad signature, expiry, malformed token: all simply "not valid".
        if (err instanceof joseErrors.JOSEError || err instanceof TypeError) return undefined;
        throw err;
      }
    },
  };
}

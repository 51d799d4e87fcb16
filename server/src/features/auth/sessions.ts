// Login sessions and their rotating refresh tokens ("families").
// Each refresh hands out a new token and marks the old one rotated. Presenting a rotated token
// again means it was copied: the whole family is revoked, ending the attacker's and the user's
// session alike (the user simply logs in again). One exception, as identity providers allow:
// two tabs of one browser refreshing at the same moment both send the same cookie. A token
// presented again within a few seconds of its rotation, while its successor is still unused,
// gets a new access token but no refresh token (the browser already holds the successor);
// later, or once the successor has been used, it is a replay as before.
import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { refreshTokens, sessions, users, type RoleCode } from '../../db/schema.js';
import { addMs, type Clock } from '../../lib/clock.js';
import { randomToken, sha256 } from '../../lib/crypto.js';

export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** How long after its rotation a refresh token may still be presented by a concurrent tab. */
export const REFRESH_REUSE_GRACE_MS = 10_000;

export interface IssuedSession {
  sessionId: string;
  refreshToken: string;
}

export type RotateResult =
  | {
      ok: true;
      userId: number;
      sessionId: string;
      /** Absent for a concurrent tab's refresh within the grace: keep the cookie as it is. */
      refreshToken?: string;
    }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'replayed' | 'inactive' };

export class SessionStore {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async start(userId: number, activeRole: RoleCode | null): Promise<IssuedSession> {
    const sessionId = randomUUID();
    const refreshToken = randomToken();
    const now = this.clock();
    await this.db.transaction(async (tx) => {
      await tx.insert(sessions).values({ id: sessionId, userId, activeRole, createdAt: now });
      await tx.insert(refreshTokens).values({
        sessionId,
        tokenHash: sha256(refreshToken),
        createdAt: now,
        expiresAt: addMs(now, REFRESH_TOKEN_TTL_MS),
      });
    });
    return { sessionId, refreshToken };
  }

  async rotate(presented: string): Promise<RotateResult> {
    const now = this.clock();
    const [found] = await this.db
      .select({
        tokenId: refreshTokens.id,
        rotatedAt: refreshTokens.rotatedAt,
        expiresAt: refreshTokens.expiresAt,
        sessionId: sessions.id,
        revokedAt: sessions.revokedAt,
        userId: users.id,
        isActive: users.isActive,
      })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(refreshTokens.tokenHash, sha256(presented)))
      .limit(1);

    if (!found) return { ok: false, reason: 'unknown' };
    if (found.revokedAt) return { ok: false, reason: 'revoked' };
    if (found.rotatedAt) {
      if (found.isActive && (await this.withinReuseGrace(found.sessionId, found.tokenId, now)))
        return { ok: true, userId: found.userId, sessionId: found.sessionId };
      await this.revoke(found.sessionId);
      return { ok: false, reason: 'replayed' };
    }
    if (found.expiresAt <= now) return { ok: false, reason: 'expired' };
    if (!found.isActive) {
      await this.revoke(found.sessionId);
      return { ok: false, reason: 'inactive' };
    }

    const refreshToken = randomToken();
    const rotated = await this.db.transaction(async (tx) => {
      // Conditional update: of two concurrent refreshes with the same token only one wins.
      const claimed = await tx
        .update(refreshTokens)
        .set({ rotatedAt: now })
        .where(and(eq(refreshTokens.id, found.tokenId), isNull(refreshTokens.rotatedAt)))
        .returning({ id: refreshTokens.id });
      if (claimed.length === 0) return false;
      await tx.insert(refreshTokens).values({
        sessionId: found.sessionId,
        tokenHash: sha256(refreshToken),
        createdAt: now,
        expiresAt: addMs(now, REFRESH_TOKEN_TTL_MS),
      });
      return true;
    });
    if (!rotated) {
      // Another request rotated the same token a moment ago: the concurrent-tab case.
      if (await this.withinReuseGrace(found.sessionId, found.tokenId, now))
        return { ok: true, userId: found.userId, sessionId: found.sessionId };
      await this.revoke(found.sessionId);
      return { ok: false, reason: 'replayed' };
    }
    return { ok: true, userId: found.userId, sessionId: found.sessionId, refreshToken };
  }

  /**
   * Whether rotated token `tokenId` was rotated at most REFRESH_REUSE_GRACE_MS ago and its
   * successor, the family's newest token, has not been used yet.
   */
  private async withinReuseGrace(sessionId: string, tokenId: number, now: Date): Promise<boolean> {
    const family = await this.db
      .select({ id: refreshTokens.id, rotatedAt: refreshTokens.rotatedAt })
      .from(refreshTokens)
      .where(eq(refreshTokens.sessionId, sessionId))
      .orderBy(desc(refreshTokens.id))
      .limit(2);
    const [newest, previous] = family;
    return (
      newest !== undefined &&
      newest.rotatedAt === null &&
      previous?.id === tokenId &&
      previous.rotatedAt !== null &&
      now.getTime() - previous.rotatedAt.getTime() <= REFRESH_REUSE_GRACE_MS
    );
  }

  /** Session id behind a refresh token, rotated or not (logout accepts either). */
  async sessionOf(presented: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ sessionId: refreshTokens.sessionId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(presented)))
      .limit(1);
    return row?.sessionId;
  }

  async revoke(sessionId: string): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: this.clock() })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  }

  async revokeAllForUser(userId: number): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: this.clock() })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  }

  async setActiveRole(sessionId: string, role: RoleCode | null): Promise<void> {
    await this.db.update(sessions).set({ activeRole: role }).where(eq(sessions.id, sessionId));
  }
}

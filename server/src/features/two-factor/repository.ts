// Two-factor state: the pending or enabled secret, the last step used, the recovery codes.
import { randomBytes } from 'node:crypto';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { userRecoveryCodes, userTwoFactor } from '../../db/schema.js';
import { hmacSha256 } from '../../lib/crypto.js';
import { verifyTotp } from './totp.js';

export const RECOVERY_CODE_COUNT = 10;

export interface TwoFactorState {
  secret: string;
  enabled: boolean;
  lastTimeStep: number | null;
}

export async function findTwoFactor(
  db: Database,
  userId: number,
): Promise<TwoFactorState | undefined> {
  const [row] = await db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, userId));
  return (
    row && { secret: row.secret, enabled: row.enabledAt !== null, lastTimeStep: row.lastTimeStep }
  );
}

/** Stores a new pending secret (replacing an earlier unconfirmed one). */
export async function savePendingSecret(
  db: Database,
  userId: number,
  secret: string,
  at: Date,
): Promise<void> {
  await db
    .insert(userTwoFactor)
    .values({ userId, secret, createdAt: at })
    .onConflictDoUpdate({
      target: userTwoFactor.userId,
      set: { secret, createdAt: at, enabledAt: null, lastTimeStep: null },
      where: isNull(userTwoFactor.enabledAt),
    });
}

/** Recovery codes as shown: 10 base32 characters in two groups, e.g. 'k7q2m-x9fha'. */
function newRecoveryCode(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** Codes are compared without case, spaces or dashes, as people type them. */
const normalizeRecoveryCode = (code: string): string => code.toLowerCase().replace(/[\s-]/g, '');

/** Ten fresh recovery codes in place of any earlier ones: returned in clear this once. */
async function replaceRecoveryCodes(tx: Database, userId: number, key: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  await tx
    .insert(userRecoveryCodes)
    .values(
      codes.map((code) => ({ userId, codeHash: hmacSha256(key, normalizeRecoveryCode(code)) })),
    );
  return codes;
}

/**
 * Confirms the pending secret with its first code: two-factor is on from here, with ten fresh
 * recovery codes (returned in clear this once; stored as keyed hashes). `tx`: the caller's
 * transaction, which also queues the security email.
 */
export async function enableTwoFactor(
  tx: Database,
  userId: number,
  timeStep: number,
  at: Date,
  key: string,
): Promise<string[]> {
  await tx
    .update(userTwoFactor)
    .set({ enabledAt: at, lastTimeStep: timeStep })
    .where(eq(userTwoFactor.userId, userId));
  return replaceRecoveryCodes(tx, userId, key);
}

/** New recovery codes for a user with two-factor on; the earlier ones stop working. */
export const regenerateRecoveryCodes = replaceRecoveryCodes;

/** Turns two-factor off (in the caller's transaction): the secret and recovery codes go. */
export async function disableTwoFactor(tx: Database, userId: number): Promise<void> {
  await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  await tx.delete(userTwoFactor).where(eq(userTwoFactor.userId, userId));
}

/** How many of the user's recovery codes are still unused. */
export async function recoveryCodesRemaining(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(userRecoveryCodes)
    .where(and(eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}

/** Which kind of second factor was accepted. */
export type SecondFactor = 'totp' | 'recovery_code';

/**
 * Checks a second factor of a user with two-factor on: an authenticator code (newer than the
 * last one used) or an unused recovery code, which is spent. What was accepted; undefined when
 * nothing was.
 */
export async function checkSecondFactor(
  db: Database,
  userId: number,
  state: TwoFactorState,
  code: string,
  now: Date,
  key: string,
): Promise<SecondFactor | undefined> {
  const step = await verifyTotp(state.secret, code.trim(), now, state.lastTimeStep);
  if (step !== undefined) {
    // Only a newer step is written: two requests racing with one code cannot both succeed.
    const updated = await db
      .update(userTwoFactor)
      .set({ lastTimeStep: step })
      .where(
        and(
          eq(userTwoFactor.userId, userId),
          sql`coalesce(${userTwoFactor.lastTimeStep}, -1) < ${step}`,
        ),
      )
      .returning({ userId: userTwoFactor.userId });
    return updated.length === 1 ? 'totp' : undefined;
  }
  const spent = await db
    .update(userRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(userRecoveryCodes.userId, userId),
        eq(userRecoveryCodes.codeHash, hmacSha256(key, normalizeRecoveryCode(code))),
        isNull(userRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: userRecoveryCodes.id });
  return spent.length === 1 ? 'recovery_code' : undefined;
}

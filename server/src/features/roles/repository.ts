import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { sessions, userRoles } from '../../db/schema.js';
import type { RoleCode } from './roles.js';

export async function listRoles(db: Database, userId: number): Promise<RoleCode[]> {
  const rows = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(eq(userRoles.userId, userId))
    .orderBy(asc(userRoles.role));
  return rows.map((row) => row.role);
}

export async function grantRole(db: Database, userId: number, role: RoleCode): Promise<void> {
  await db.insert(userRoles).values({ userId, role }).onConflictDoNothing();
}

/** Removes the role and clears it as the active role of every session of that user. */
export async function revokeRole(db: Database, userId: number, role: RoleCode): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.role, role)));
    await tx
      .update(sessions)
      .set({ activeRole: null })
      .where(and(eq(sessions.userId, userId), eq(sessions.activeRole, role)));
  });
}

// Who is calling: loaded once per authenticated request with a single primary-key query, so a
// deactivated user or a revoked session (logout, password reset, replay) stops working at once.
// The same round trip brings the user's profile, brand memberships and two-factor state, which is
// all GET user/me/ needs.
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { sessions, userRoles, users, type RoleCode, type UserRow } from '../../db/schema.js';
import {
  membershipsSql,
  toMemberships,
  twoFactorEnabledSql,
  type Membership,
} from '../access/index.js';
import type { AccessClaims } from './access-tokens.js';

export interface Principal {
  userId: number;
  sessionId: string;
  isStaff: boolean;
  roles: RoleCode[];
  /** The session's stored active role; see effectiveActiveRole() for what clients see. */
  storedActiveRole: RoleCode | null;
  /** The user's row as of this request. */
  user: UserRow;
  /** The brands the user is a member of (any role), oldest first; [] without Brand Owner. */
  brandIds: number[];
  /** Their role on each of those brands (features/brands/access.ts decides what it allows). */
  memberships: Membership[];
  twoFactorEnabled: boolean;
}

export type PrincipalLookup =
  { ok: true; principal: Principal } | { ok: false; reason: 'invalid' | 'inactive' };

export async function loadPrincipal(db: Database, claims: AccessClaims): Promise<PrincipalLookup> {
  const [row] = await db
    .select({
      user: users,
      memberships: membershipsSql(users.id),
      twoFactorEnabled: twoFactorEnabledSql(users.id),
      revokedAt: sessions.revokedAt,
      activeRole: sessions.activeRole,
      roles: sql<
        RoleCode[]
      >`coalesce((select array_agg(${userRoles.role}::text order by ${userRoles.role}) from ${userRoles} where ${userRoles.userId} = ${users.id}), '{}'::text[])`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, claims.sessionId), eq(sessions.userId, claims.userId)))
    .limit(1);
  if (!row) return { ok: false, reason: 'invalid' };
  // Deactivation also revokes sessions; say why, so the client can tell the user.
  if (!row.user.isActive) return { ok: false, reason: 'inactive' };
  if (row.revokedAt) return { ok: false, reason: 'invalid' };
  // A user who removed their Brand Owner role keeps their memberships but no access to them.
  const memberships = row.roles.includes('brand_owner') ? toMemberships(row.memberships) : [];
  return {
    ok: true,
    principal: {
      userId: claims.userId,
      sessionId: claims.sessionId,
      isStaff: row.user.isStaff,
      roles: row.roles,
      storedActiveRole: row.activeRole,
      user: row.user,
      brandIds: memberships.map((m) => m.brandId),
      memberships,
      twoFactorEnabled: row.twoFactorEnabled,
    },
  };
}

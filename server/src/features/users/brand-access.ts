// A user's brands and roles (brand_ids, brand_roles) and two-factor state, for user/me/'s view
// when it is rebuilt after a change (GET user/me/ has them from authentication already).
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema.js';
import {
  membershipsSql,
  toMemberships,
  twoFactorEnabledSql,
  type Membership,
} from '../access/index.js';

export async function teamStateOf(
  db: Database,
  userId: number,
): Promise<{ memberships: Membership[]; twoFactorEnabled: boolean }> {
  const [row] = await db
    .select({ memberships: membershipsSql(users.id), twoFactor: twoFactorEnabledSql(users.id) })
    .from(users)
    .where(eq(users.id, userId));
  return {
    memberships: row ? toMemberships(row.memberships) : [],
    twoFactorEnabled: row?.twoFactor ?? false,
  };
}

// A user's brand memberships as authentication loads them: one correlated subquery, so the
// principal (and GET user/me/) gets them in the same round trip as the user.
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { BrandRole } from 'contract/teams';

export interface Membership {
  brandId: number;
  role: BrandRole;
  /** The brand requires two-factor sign-in of its members. */
  requiresTwoFactor: boolean;
}

interface MembershipJson {
  brand_id: number;
  role: BrandRole;
  require_two_factor: boolean;
}

/** The memberships of the user in `userIdColumn`, oldest brand first, as JSON. */
export function membershipsSql(userIdColumn: AnyColumn): SQL<MembershipJson[]> {
  return sql<MembershipJson[]>`coalesce((
    select json_agg(json_build_object('brand_id', m.brand_id, 'role', m.role,
      'require_two_factor', b.require_two_factor) order by m.brand_id)
    from brand_members m join brands b on b.id = m.brand_id
    where m.user_id = ${userIdColumn}), '[]'::json)`;
}

/** Whether the user in `userIdColumn` has two-factor sign-in on. */
export const twoFactorEnabledSql = (userIdColumn: AnyColumn): SQL<boolean> =>
  sql<boolean>`exists(select 1 from user_two_factor t where t.user_id = ${userIdColumn} and t.enabled_at is not null)`;

/**
 * Whether the member `userId` may read brand data now, in SQL, for the workers that choose whom
 * to tell (notifications, emails): the access rule's conditions on any member (rule.ts) — they
 * hold the Brand Owner role, and have two-factor sign-in on when `brandRequiresTwoFactor`. A
 * member the routes would refuse must not get the brand's news by mail or in the app either.
 */
export const memberMayReadSql = (
  userId: AnyColumn | SQL,
  brandRequiresTwoFactor: AnyColumn | SQL,
): SQL<boolean> =>
  sql<boolean>`(exists(select 1 from user_roles r where r.user_id = ${userId} and r.role = 'brand_owner')
    and (not ${brandRequiresTwoFactor} or exists(select 1 from user_two_factor t
      where t.user_id = ${userId} and t.enabled_at is not null)))`;

/** Rows of membershipsSql as the principal keeps them (drivers may hand json back as text). */
export function toMemberships(value: MembershipJson[] | string): Membership[] {
  const rows: MembershipJson[] = typeof value === 'string' ? JSON.parse(value) : value;
  return rows.map((row) => ({
    brandId: Number(row.brand_id),
    role: row.role,
    requiresTwoFactor: row.require_two_factor,
  }));
}

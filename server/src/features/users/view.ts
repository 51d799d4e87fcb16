// The user as clients read it (GET user/me/).
import { UserView } from 'contract';
import type { UserRow } from '../../db/schema.js';
import { roleNames, type RoleCode } from '../roles/index.js';
import type { Membership } from '../access/index.js';

export { UserView };

/**
 * `memberships`: the brands the user is a member of and their role on each (features/teams);
 * brand_ids keeps its old shape (the ids) and brand_roles adds the roles. They are listed only
 * while the user holds Brand Owner, the role that opens the brand area.
 */
export function toUserView(
  user: UserRow,
  roles: readonly RoleCode[],
  memberships: readonly Membership[],
  twoFactorEnabled: boolean,
): UserView {
  const brands = roles.includes('brand_owner') ? memberships : [];
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    first_name: user.firstName,
    last_name: user.lastName,
    roles: roleNames(roles),
    is_staff: user.isStaff,
    verified_at: user.verifiedAt ? user.verifiedAt.toISOString() : null,
    is_active: user.isActive,
    brand_ids: brands.map((m) => m.brandId),
    brand_roles: brands.map((m) => ({
      brand_id: m.brandId,
      role: m.role,
      two_factor_required: m.requiresTwoFactor && !twoFactorEnabled,
    })),
    two_factor_enabled: twoFactorEnabled,
    date_joined: user.dateJoined.toISOString(),
  };
}

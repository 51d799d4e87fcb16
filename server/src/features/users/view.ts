// The user as clients read it (GET user/me/).
import { UserView } from 'contract';
import type { UserRow } from '../../db/schema.js';
import { roleNames, type RoleCode } from '../roles/index.js';

export { UserView };

/**
 * `brandIds` comes from the brands feature (brand ownership); until brands exist every user owns
 * none, which is exactly what the caller passes.
 */
export function toUserView(
  user: UserRow,
  roles: readonly RoleCode[],
  brandIds: readonly number[],
): UserView {
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
    brand_ids: [...brandIds],
    date_joined: user.dateJoined.toISOString(),
  };
}

// The user as clients read it (GET user/me/, SPEC section 3 "Current user").
import { Type, type Static } from 'typebox';
import type { UserRow } from '../../db/schema.js';
import { roleNames, type RoleCode } from '../roles/roles.js';

export const UserView = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  username: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  roles: Type.Array(Type.String(), { description: "Server role names: 'Brand Owner', 'Advocate'" }),
  is_staff: Type.Boolean(),
  verified_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  is_active: Type.Boolean(),
  brand_ids: Type.Array(Type.Integer(), { description: 'Brands this user owns' }),
  date_joined: Type.String({ format: 'date-time' }),
});
export type UserView = Static<typeof UserView>;

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

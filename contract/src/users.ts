// The signed-in user: GET user/me/, POST user/update/, POST user/delete/.
import { Type, type Static } from 'typebox';
import { RoleNames } from './auth.js';
import { Email, Nullable, PersonName, UserIdInput, Username } from './common.js';
import { DateTime, SuccessReply } from './replies.js';
import { BrandMembership } from './team-api.js';

export const UserView = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  username: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  roles: RoleNames,
  is_staff: Type.Boolean(),
  verified_at: Nullable(DateTime()),
  is_active: Type.Boolean(),
  brand_ids: Type.Array(Type.Integer(), {
    description: 'Brands this user is a member of (any role), oldest first',
  }),
  brand_roles: Type.Array(BrandMembership, {
    description: "The user's role on each brand of brand_ids, in the same order",
  }),
  two_factor_enabled: Type.Boolean({ description: 'Sign-in asks for an authenticator code' }),
  date_joined: DateTime(),
});
export type UserView = Static<typeof UserView>;

export const MeReply = Type.Object({ data: UserView });
export type MeReply = Static<typeof MeReply>;

export const UpdateUserBody = Type.Object({
  username: Username,
  email: Email,
  first_name: Type.Optional(PersonName),
  last_name: Type.Optional(PersonName),
  is_active: Type.Optional(Type.Boolean({ description: 'Staff only' })),
});
export type UpdateUserBody = Static<typeof UpdateUserBody>;
export const UpdateUserReply = Type.Object({ data: UserView, message: Type.String() });
export type UpdateUserReply = Static<typeof UpdateUserReply>;

export const DeleteUserBody = Type.Object({ user_id: Type.Optional(UserIdInput) });
export type DeleteUserBody = Static<typeof DeleteUserBody>;
export const DeleteUserReply = SuccessReply({
  user_id: Type.Integer(),
  message: Type.String(),
});
export type DeleteUserReply = Static<typeof DeleteUserReply>;

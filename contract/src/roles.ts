// The active role, becoming an advocate, removing a role.
import { Type, type Static } from 'typebox';
import { ActiveRoleValue, RoleNames } from './auth.js';
import { UserIdInput } from './common.js';
import { ROLE_INPUTS } from './rules.js';

export const RoleInputValue = Type.Enum(ROLE_INPUTS, {
  description:
    "'brand_owner' | 'advocate' (server names 'Brand Owner', 'Brand', 'Advocate' also accepted)",
});

export const SetActiveRoleBody = Type.Object({ role: RoleInputValue });
export type SetActiveRoleBody = Static<typeof SetActiveRoleBody>;

/** Every role call answers with the roles and the active role after it. */
const RolesAfter = {
  status: Type.Literal('success'),
  message: Type.String(),
  roles: RoleNames,
  active_role: ActiveRoleValue,
};

export const ActiveRoleReply = Type.Object(RolesAfter);
export type ActiveRoleReply = Static<typeof ActiveRoleReply>;
export const UpgradeReply = Type.Object(RolesAfter);
export type UpgradeReply = Static<typeof UpgradeReply>;

export const RemoveRoleBody = Type.Object({
  user_id: UserIdInput,
  role: Type.Optional(RoleInputValue),
});
export type RemoveRoleBody = Static<typeof RemoveRoleBody>;
export const RemoveRoleReply = Type.Object(RolesAfter);
export type RemoveRoleReply = Static<typeof RemoveRoleReply>;

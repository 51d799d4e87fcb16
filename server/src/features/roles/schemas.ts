import { Type } from 'typebox';
import { UserIdInput } from '../../lib/schema.js';
import { ActiveRoleValue } from '../auth/schemas.js';
import { ROLE_INPUTS } from './roles.js';

export const RoleInput = Type.Union(
  ROLE_INPUTS.map((name) => Type.Literal(name)),
  {
    description:
      "'brand_owner' | 'advocate' (server names 'Brand Owner', 'Brand', 'Advocate' also accepted)",
  },
);

export const SetActiveRoleBody = Type.Object({ role: RoleInput });

export const ActiveRoleReply = Type.Object({
  active_role: ActiveRoleValue,
  roles: Type.Array(Type.String()),
  status: Type.Literal('success'),
  message: Type.String(),
});

export const UpgradeReply = Type.Object({
  status: Type.Literal('success'),
  message: Type.String(),
  roles: Type.Array(Type.String()),
  active_role: ActiveRoleValue,
});

export const RemoveRoleBody = Type.Object({
  user_id: UserIdInput,
  role: Type.Optional(RoleInput),
});

export const RemoveRoleReply = Type.Object({
  status: Type.Literal('success'),
  message: Type.String(),
  roles: Type.Array(Type.String()),
  active_role: ActiveRoleValue,
});

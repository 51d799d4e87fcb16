// GET/POST user/active-role/, POST roles/upgrade/advocate/, POST role/remove/.
// The active role belongs to the session (refresh family), not the user: one person may work as
// a brand owner in one browser and as an advocate in another.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { fieldError, forbidden, notFound } from '../../lib/http-error.js';
import { toUserId } from '../../lib/schema.js';
import { principalOf } from '../../plugins/auth.js';
import { findUserById } from '../users/index.js';
import { grantRole, listRoles, revokeRole } from './repository.js';
import { effectiveActiveRole, parseRole, ROLE_NAMES, roleNames, type RoleCode } from './roles.js';
import {
  ActiveRoleReply,
  RemoveRoleBody,
  RemoveRoleReply,
  SetActiveRoleBody,
  UpgradeReply,
} from './schemas.js';
import { signedInRoutes } from '../../lib/route.js';

export const ADMIN_ONLY_OTHER_ROLES = "Only an admin may change another user's roles";

const roleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, sessions } = app.deps;
  const { signedIn } = signedInRoutes(app, 'roles');

  app.get(
    '/user/active-role/',
    signedIn(
      "This session's active role",
      { 200: ActiveRoleReply },
      { description: 'A user holding exactly one role gets it as the active role automatically.' },
    ),
    async (request) => {
      const me = principalOf(request);
      const active = effectiveActiveRole(me.storedActiveRole, me.roles);
      if (active !== me.storedActiveRole) await sessions.setActiveRole(me.sessionId, active);
      return {
        active_role: active,
        roles: roleNames(me.roles),
        status: 'success' as const,
        message: 'Active role loaded',
      };
    },
  );

  app.post(
    '/user/active-role/',
    signedIn(
      "Set this session's active role",
      { 200: ActiveRoleReply },
      { body: SetActiveRoleBody, errors: [403] },
    ),
    async (request) => {
      const me = principalOf(request);
      const role = parseRole(request.body.role);
      if (!role) throw fieldError('role', 'must be brand_owner or advocate');
      if (!me.roles.includes(role)) throw forbidden(`You don't hold the role ${ROLE_NAMES[role]}`);
      await sessions.setActiveRole(me.sessionId, role);
      return {
        active_role: role,
        roles: roleNames(me.roles),
        status: 'success' as const,
        message: 'Active role set',
      };
    },
  );

  app.post(
    '/roles/upgrade/advocate/',
    signedIn('Become an advocate (and make it the active role of this session)', {
      200: UpgradeReply,
    }),
    async (request) => {
      const me = principalOf(request);
      await grantRole(db, me.userId, 'advocate');
      await sessions.setActiveRole(me.sessionId, 'advocate');
      const roles = await listRoles(db, me.userId);
      return {
        status: 'success' as const,
        message: 'Upgraded to Advocate',
        roles: roleNames(roles),
        active_role: 'advocate' as const,
      };
    },
  );

  app.post(
    '/role/remove/',
    signedIn(
      'Remove a role from a user (yourself, or anyone as staff)',
      { 200: RemoveRoleReply },
      {
        description:
          'Without role, removes the only role the user holds. Removing an active role clears it.',
        body: RemoveRoleBody,
        errors: [403, 404],
      },
    ),
    async (request) => {
      const me = principalOf(request);
      const targetId = toUserId(request.body.user_id);
      if (targetId !== me.userId && !me.isStaff) throw forbidden(ADMIN_ONLY_OTHER_ROLES);
      if (targetId !== me.userId && !(await findUserById(db, targetId)))
        throw notFound('User not found');

      const held = targetId === me.userId ? me.roles : await listRoles(db, targetId);
      let role: RoleCode | undefined;
      if (request.body.role !== undefined) {
        role = parseRole(request.body.role);
        if (!role || !held.includes(role)) {
          throw fieldError(
            'role',
            `The user doesn't hold the role ${role ? ROLE_NAMES[role] : request.body.role}`,
          );
        }
      } else if (held.length === 1) {
        role = held[0];
      } else {
        throw fieldError(
          'role',
          held.length === 0
            ? 'The user holds no role'
            : 'is required when the user holds several roles',
        );
      }

      await revokeRole(db, targetId, role);
      const roles = held.filter((code) => code !== role);
      const stored =
        targetId === me.userId && me.storedActiveRole !== role ? me.storedActiveRole : null;
      const activeRole = targetId === me.userId ? effectiveActiveRole(stored, roles) : null;
      return {
        status: 'success' as const,
        message: 'Role removed',
        roles: roleNames(roles),
        active_role: activeRole,
      };
    },
  );
};

export default roleRoutes;

// Starting a session: shared by login and registration (registering logs you in).
import type { RoleName } from 'contract/rules';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { UserRow } from '../../db/schema.js';
import { effectiveActiveRole, roleNames, type RoleCode } from '../roles/index.js';
import { setRefreshCookie } from './refresh-cookie.js';

export interface SessionStart {
  access: string;
  token: string;
  user_id: number;
  roles: RoleName[];
  active_role: RoleCode | null;
}

export async function startSession(
  app: FastifyInstance,
  reply: FastifyReply,
  user: UserRow,
  roles: readonly RoleCode[],
): Promise<SessionStart> {
  // A user with exactly one role has it active from the start.
  const activeRole = effectiveActiveRole(null, roles);
  const { sessionId, refreshToken } = await app.deps.sessions.start(user.id, activeRole);
  setRefreshCookie(reply, refreshToken, app.deps.config);
  const access = await app.deps.accessTokens.sign({ userId: user.id, sessionId });
  return {
    access,
    token: access,
    user_id: user.id,
    roles: roleNames(roles),
    active_role: activeRole,
  };
}

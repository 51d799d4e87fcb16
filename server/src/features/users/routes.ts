// GET user/me/, POST user/update/, POST user/delete/.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { fieldError, forbidden, HttpError, notFound } from '../../lib/http-error.js';
import { toUserId } from '../../lib/schema.js';
import { principalOf } from '../../plugins/auth.js';
import { clearRefreshCookie } from '../auth/index.js';
import { listRoles, type RoleCode } from '../roles/index.js';
import { teamStateOf } from './brand-access.js';
import {
  EMAIL_TAKEN,
  findUserById,
  normalizeEmail,
  updateUser,
  type UserChanges,
} from './repository.js';
import { DeleteBody, DeleteReply, MeReply, UpdateBody, UpdateReply } from './schemas.js';
import { toUserView } from './view.js';
import { signedInRoutes } from '../../lib/route.js';

export const ADMIN_ONLY_IS_ACTIVE = 'Only an admin may change is_active';
export const ADMIN_ONLY_OTHER_USER = 'Only an admin may deactivate another user';

const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps;
  const { signedIn } = signedInRoutes(app, 'user');

  /** `knownRoles`: the caller's roles, already loaded by authentication (saves a query). */
  async function viewOf(userId: number, knownRoles?: readonly RoleCode[]) {
    const [user, roles, team] = await Promise.all([
      findUserById(db, userId),
      knownRoles ?? listRoles(db, userId),
      teamStateOf(db, userId),
    ]);
    if (!user) throw notFound('User not found');
    return toUserView(user, roles, team.memberships, team.twoFactorEnabled);
  }

  app.get(
    '/user/me/',
    signedIn('The signed-in user', { 200: MeReply }),
    // Authentication already loaded everything this reply needs, in one query.
    async (request) => {
      const me = principalOf(request);
      return { data: toUserView(me.user, me.roles, me.memberships, me.twoFactorEnabled) };
    },
  );

  app.post(
    '/user/update/',
    signedIn(
      'Update the signed-in user',
      { 200: UpdateReply },
      {
        description: 'Changing the email clears verified_at. Only staff may send is_active.',
        body: UpdateBody,
        errors: [403],
      },
    ),
    async (request) => {
      const me = principalOf(request);
      const body = request.body;
      if (body.is_active !== undefined && !me.isStaff) throw forbidden(ADMIN_ONLY_IS_ACTIVE);
      const username = body.username.trim();
      if (!username) throw fieldError('username', 'must not be blank');

      const current = await findUserById(db, me.userId);
      if (!current) throw notFound('User not found');
      const email = normalizeEmail(body.email);
      const changes: UserChanges = { username, email };
      // A new address has not been proven to belong to the user.
      if (email !== current.email) changes.verifiedAt = null;
      if (body.first_name !== undefined) changes.firstName = body.first_name.trim();
      if (body.last_name !== undefined) changes.lastName = body.last_name.trim();
      if (body.is_active !== undefined) changes.isActive = body.is_active;

      const updated = await updateUser(db, me.userId, changes);
      if (updated === 'email_taken')
        throw new HttpError(400, EMAIL_TAKEN, { email: [EMAIL_TAKEN] });
      if (updated?.isActive === false) await app.deps.sessions.revokeAllForUser(me.userId);
      return { data: await viewOf(me.userId, me.roles), message: 'Profile updated' };
    },
  );

  app.post(
    '/user/delete/',
    signedIn(
      'Deactivate an account (your own, or any as staff)',
      { 200: DeleteReply },
      {
        description: 'Sets is_active=false and revokes every session of that user.',
        body: DeleteBody,
        errors: [403, 404],
      },
    ),
    async (request, reply) => {
      const me = principalOf(request);
      const targetId =
        request.body.user_id === undefined ? me.userId : toUserId(request.body.user_id);
      if (targetId !== me.userId && !me.isStaff) throw forbidden(ADMIN_ONLY_OTHER_USER);

      const updated = await updateUser(db, targetId, { isActive: false });
      if (!updated || updated === 'email_taken') throw notFound('User not found');
      await app.deps.sessions.revokeAllForUser(targetId);
      if (targetId === me.userId) clearRefreshCookie(reply, app.deps.config);
      return { status: 'success' as const, user_id: targetId, message: 'User deactivated' };
    },
  );
};

export default userRoutes;

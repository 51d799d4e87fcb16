// GET and PUT user/notification-preferences/: the signed-in user's own notification channels.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { principalOf } from '../../plugins/auth.js';
import { findPreferences, savePreferences } from './repository.js';
import { NotificationPreferences } from './schemas.js';
import { signedInRoutes } from '../../lib/route.js';

const preferenceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, clock } = app.deps;
  const { signedIn } = signedInRoutes(app, 'users');

  app.get(
    '/user/notification-preferences/',
    signedIn("The signed-in user's notification channels (defaults until saved)", {
      200: NotificationPreferences,
    }),
    async (request) => findPreferences(db, principalOf(request).userId),
  );

  app.put(
    '/user/notification-preferences/',
    signedIn(
      "Save the signed-in user's notification channels (all five)",
      { 200: NotificationPreferences },
      { body: NotificationPreferences },
    ),
    async (request) => {
      const { userId } = principalOf(request);
      await savePreferences(db, userId, request.body, clock());
      return findPreferences(db, userId);
    },
  );
};

export default preferenceRoutes;

// GET and PUT user/notification-preferences/: the signed-in user's own notification channels.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { withErrors } from '../../lib/schema.js';
import { principalOf } from '../../plugins/auth.js';
import { findPreferences, savePreferences } from './repository.js';
import { NotificationPreferences } from './schemas.js';

const preferenceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, clock } = app.deps;
  const security = [{ bearerAuth: [] }];

  app.get(
    '/user/notification-preferences/',
    {
      schema: {
        tags: ['users'],
        summary: "The signed-in user's notification channels (defaults until saved)",
        security,
        response: withErrors({ 200: NotificationPreferences }, 401),
      },
      onRequest: app.authenticate,
    },
    async (request) => findPreferences(db, principalOf(request).userId),
  );

  app.put(
    '/user/notification-preferences/',
    {
      schema: {
        tags: ['users'],
        summary: "Save the signed-in user's notification channels (all five)",
        security,
        body: NotificationPreferences,
        response: withErrors({ 200: NotificationPreferences }, 401),
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const { userId } = principalOf(request);
      await savePreferences(db, userId, request.body, clock());
      return findPreferences(db, userId);
    },
  );
};

export default preferenceRoutes;

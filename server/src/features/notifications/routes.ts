// The notifications drawer: GET notifications/ (the active role's, newest first, paged, unread
// count), GET notifications/unread-count/ (the bell), POST notifications/mark-read/. A user
// without an active role has none.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  MarkReadBody,
  MarkReadReply,
  NotificationsQuery,
  NotificationsReply,
  UnreadCountReply,
} from 'contract';
import { pageMeta, paging } from '../../lib/paging.js';
import { signedInRoutes } from '../../lib/route.js';
import { principalOf } from '../../plugins/auth.js';
import type { Principal } from '../auth/index.js';
import { effectiveActiveRole } from '../roles/index.js';
import { listNotifications, markRead, unreadCount, type Inbox } from './repository.js';

const inboxOf = (me: Principal): Inbox | undefined => {
  const role = effectiveActiveRole(me.storedActiveRole, me.roles);
  return role ? { userId: me.userId, role } : undefined;
};

const notificationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, clock } = app.deps;
  const { signedIn } = signedInRoutes(app, 'notifications');

  app.get(
    '/notifications/',
    signedIn(
      "The signed-in user's notifications for the active role, newest first",
      { 200: NotificationsReply },
      { querystring: NotificationsQuery },
    ),
    async (request) => {
      const page = paging(request.query.page, request.query.per_page, 20);
      const inbox = inboxOf(principalOf(request));
      if (!inbox) return { results: [], meta: pageMeta(0, page), unread: 0 };
      const { results, total } = await listNotifications(db, inbox, request.query, page);
      return { results, meta: pageMeta(total, page), unread: await unreadCount(db, inbox) };
    },
  );

  app.get(
    '/notifications/unread-count/',
    signedIn('How many notifications of the active role are unread (the bell)', {
      200: UnreadCountReply,
    }),
    async (request) => {
      const inbox = inboxOf(principalOf(request));
      return { unread: inbox ? await unreadCount(db, inbox) : 0 };
    },
  );

  app.post(
    '/notifications/mark-read/',
    signedIn(
      'Mark every unread notification of the active role read (or only those of one kind, or the ids given)',
      { 200: MarkReadReply },
      { body: MarkReadBody },
    ),
    async (request) => {
      const inbox = inboxOf(principalOf(request));
      if (!inbox) return { marked: 0, unread: 0 };
      const marked = await markRead(db, inbox, request.body, clock());
      return { marked, unread: await unreadCount(db, inbox) };
    },
  );
};

export default notificationRoutes;

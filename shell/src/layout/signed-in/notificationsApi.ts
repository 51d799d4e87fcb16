// The notifications drawer's calls: the shell is the only area with the drawer and the bell, so
// the endpoints (and their cache tag) are injected here into the one api slice. Every call names
// the active role, so switching roles shows that role's notifications (the server reads the role
// from the session; the argument keeps the caches apart).
import type {
  MarkReadBody,
  MarkReadReply,
  NotificationsReply,
  NotificationView,
  UnreadCountReply,
} from 'contract';
import {
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS_BY_ROLE,
  type NotificationKind,
} from 'contract/rules';
import { api, type ClientRole } from 'shared-api';

export type Notification = NotificationView;
export type { NotificationKind };

/**
 * A Filter choice's words: contract/rules' labels, except that an advocate's 'advocate' kind is
 * about their place in brands' programs (removed, restored, a new group), not about advocates.
 */
export const kindLabel = (kind: NotificationKind, role: ClientRole | null): string =>
  role === 'advocate' && kind === 'advocate' ? 'Programs' : NOTIFICATION_KIND_LABELS[kind];

/**
 * The kinds each role is sent, as the server types its announcements (contract/rules): the
 * Filter offers only the role's, none that never comes.
 */
export const KINDS_BY_ROLE: Record<ClientRole, readonly NotificationKind[]> = {
  brand: NOTIFICATION_KINDS_BY_ROLE.brand_owner,
  advocate: NOTIFICATION_KINDS_BY_ROLE.advocate,
};

export interface NotificationsArgs {
  role: string | null;
  kind: NotificationKind | null;
  page: number;
}

const TAG = { type: 'Notification', id: 'LIST' } as const;
/** The bell refreshes this often while the app is open. */
export const UNREAD_POLL_MS = 30_000;

export const notificationsApi = api
  .enhanceEndpoints({ addTagTypes: ['Notification'] })
  .injectEndpoints({
    endpoints: (build) => ({
      listNotifications: build.query<NotificationsReply, NotificationsArgs>({
        query: ({ kind, page }) =>
          `notifications/?page=${page}&per_page=20${kind ? `&kind=${kind}` : ''}`,
        providesTags: [TAG],
      }),
      unreadNotifications: build.query<number, string | null>({
        query: () => 'notifications/unread-count/',
        transformResponse: (reply: UnreadCountReply) => reply.unread,
        providesTags: [TAG],
      }),
      /** Every unread one of the active role, or only the ids given (one opened or ticked). */
      markNotificationsRead: build.mutation<MarkReadReply, MarkReadBody | void>({
        query: (body) => ({ url: 'notifications/mark-read/', method: 'POST', body: body ?? {} }),
        invalidatesTags: [TAG],
      }),
    }),
  });

export const {
  useListNotificationsQuery,
  useUnreadNotificationsQuery,
  useMarkNotificationsReadMutation,
} = notificationsApi;

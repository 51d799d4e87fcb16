// The notifications drawer's calls: the shell is the only area with the drawer and the bell, so
// the endpoints (and their cache tag) are injected here into the one api slice. Every call names
// the active role, so switching roles shows that role's notifications (the server reads the role
// from the session; the argument keeps the caches apart).
import type {
  MarkReadBody,
  MarkReadReply,
  NotificationKind,
  NotificationsReply,
  NotificationView,
  UnreadCountReply,
} from 'contract';
import { api, type ClientRole } from 'shared-api';

export type Notification = NotificationView;
export type { NotificationKind };

/** The drawer's Filter choices, typed by the contract's kinds. */
export const KIND_LABELS: Record<NotificationKind, string> = {
  conversion: 'Conversions',
  commission: 'Commissions',
  payout: 'Payouts',
  advocate: 'Advocates',
  webhook: 'Webhooks',
};

/**
 * The kinds each role receives (server features/notifications/compose.ts and the webhooks
 * worker): a brand owner hears of sales, held commissions, joins and failing webhooks; an
 * advocate of their sales, commissions and payouts. The Filter offers only the role's.
 */
export const KINDS_BY_ROLE: Record<ClientRole, readonly NotificationKind[]> = {
  brand: ['conversion', 'commission', 'advocate', 'webhook'],
  advocate: ['conversion', 'commission', 'payout'],
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

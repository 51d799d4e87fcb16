// In-app notifications (the drawer of the shell) and the brand's email setting. A notification
// belongs to one user in one role: the drawer lists those of the active role.
import { Type, type Static } from 'typebox';
import { Nullable } from './common.js';
import { DateTime, pageCounts } from './replies.js';
// The kinds (and their labels and recipients) are plain values the browser reads: rules.ts.
import { NOTIFICATION_KINDS } from './rules.js';

const Kind = Type.Enum(NOTIFICATION_KINDS);

export const NotificationView = Type.Object({
  id: Type.Integer(),
  kind: Kind,
  title: Type.String(),
  body: Type.String(),
  /** The product path of the screen it is about, e.g. '/advocate/earnings'. */
  link: Type.String(),
  read: Type.Boolean(),
  created_at: DateTime(),
});
export type NotificationView = Static<typeof NotificationView>;

export const NotificationsQuery = Type.Object({
  kind: Type.Optional(Kind),
  unread: Type.Optional(Type.Boolean({ description: 'true: unread ones only' })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, description: 'From 1' })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
});
export type NotificationsQuery = Static<typeof NotificationsQuery>;

export const NotificationsReply = Type.Object({
  results: Type.Array(NotificationView),
  meta: Type.Object(pageCounts),
  /** Unread notifications of the active role (all kinds): the bell's count. */
  unread: Type.Integer(),
});
export type NotificationsReply = Static<typeof NotificationsReply>;

export const UnreadCountReply = Type.Object({ unread: Type.Integer() });
export type UnreadCountReply = Static<typeof UnreadCountReply>;

/** Mark read: every one of the active role, only those of one kind, or the ones named. */
export const MarkReadBody = Type.Object({
  kind: Type.Optional(Kind),
  ids: Type.Optional(
    Type.Array(Type.Integer({ minimum: 1 }), {
      minItems: 1,
      maxItems: 100,
      description: 'Only these notifications (of the active role; others are left alone)',
    }),
  ),
});
export type MarkReadBody = Static<typeof MarkReadBody>;

export const MarkReadReply = Type.Object({ marked: Type.Integer(), unread: Type.Integer() });
export type MarkReadReply = Static<typeof MarkReadReply>;

/** A brand's emails to its owner (advocate joined, daily summary of waiting reviews). */
export const BrandNotificationSettings = Type.Object({ email: Type.Boolean() });
export type BrandNotificationSettings = Static<typeof BrandNotificationSettings>;

/** The unsubscribe link's call: works without signing in, the token says who and what. */
export const UnsubscribeBody = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 500 }),
});
export type UnsubscribeBody = Static<typeof UnsubscribeBody>;

export const UnsubscribeReply = Type.Object({
  status: Type.Literal('success'),
  message: Type.String(),
  /** The brand whose emails stop, or null for the advocate's own emails. */
  brand_id: Nullable(Type.Integer()),
});
export type UnsubscribeReply = Static<typeof UnsubscribeReply>;

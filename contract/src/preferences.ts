// GET and PUT user/notification-preferences/: the user's notification channels.
import { Type, type Static } from 'typebox';

/** The notification channels, on or off; the reply and the PUT body have the same shape. */
export const NotificationPreferences = Type.Object({
  in_app: Type.Boolean(),
  email: Type.Boolean(),
  sms: Type.Boolean(),
  push: Type.Boolean(),
  chat: Type.Boolean(),
});
export type NotificationPreferences = Static<typeof NotificationPreferences>;

/** A user who never saved any: in-app, email and chat on; SMS and push off. */
export const DEFAULT_PREFERENCES: NotificationPreferences = {
  in_app: true,
  email: true,
  sms: false,
  push: false,
  chat: true,
};

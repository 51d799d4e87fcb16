import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { notificationPreferences } from '../../db/schema.js';
import { DEFAULT_PREFERENCES, type NotificationPreferences } from './schemas.js';

export async function findPreferences(
  db: Database,
  userId: number,
): Promise<NotificationPreferences> {
  const [row] = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId))
    .limit(1);
  if (!row) return DEFAULT_PREFERENCES;
  return { in_app: row.inApp, email: row.email, sms: row.sms, push: row.push, chat: row.chat };
}

export async function savePreferences(
  db: Database,
  userId: number,
  prefs: NotificationPreferences,
  at: Date,
): Promise<void> {
  const values = {
    inApp: prefs.in_app,
    email: prefs.email,
    sms: prefs.sms,
    push: prefs.push,
    chat: prefs.chat,
    updatedAt: at,
  };
  await db
    .insert(notificationPreferences)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: values });
}

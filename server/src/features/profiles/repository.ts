// Advocate profiles: one row per user, upserted whole on save.
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { advocateProfiles, type AdvocateProfileRow } from '../../db/schema.js';
import { insertUpload, settleUploads, type StoredFile } from '../files/index.js';

export async function findProfile(
  db: Database,
  userId: number,
): Promise<AdvocateProfileRow | undefined> {
  const [row] = await db
    .select()
    .from(advocateProfiles)
    .where(eq(advocateProfiles.userId, userId))
    .limit(1);
  return row;
}

export type ProfileFields = Omit<AdvocateProfileRow, 'userId' | 'picture' | 'updatedAt'>;

export interface ProfileSave {
  userId: number;
  fields: ProfileFields;
  /** A new picture; undefined keeps the stored one unless removePicture. */
  picture: StoredFile | undefined;
  removePicture: boolean;
  at: Date;
}

/**
 * Saves the profile; `released` is the picture it replaced or removed, to delete once the
 * transaction has committed.
 */
export async function saveProfile(
  db: Database,
  save: ProfileSave,
): Promise<{ row: AdvocateProfileRow; released: string[] }> {
  return db.transaction(async (tx) => {
    if (save.picture) await insertUpload(tx, save.picture, save.at);
    const picture = save.picture ? save.picture.name : save.removePicture ? null : undefined;
    const [stored] =
      picture === undefined
        ? []
        : await tx
            .select({ picture: advocateProfiles.picture })
            .from(advocateProfiles)
            .where(eq(advocateProfiles.userId, save.userId))
            .for('update');
    const values = { ...save.fields, updatedAt: save.at };
    const [row] = await tx
      .insert(advocateProfiles)
      .values({ userId: save.userId, ...values, picture: picture ?? null })
      .onConflictDoUpdate({
        target: advocateProfiles.userId,
        set: picture === undefined ? values : { ...values, picture },
      })
      .returning();
    const released = await settleUploads(tx, { added: save.picture, replaced: [stored?.picture] });
    return { row, released };
  });
}

/** Name and picture of each given advocate who saved a profile: what brands see of them. */
export async function profileSummaries(
  db: Database,
  userIds: readonly number[],
): Promise<Map<number, { fullName: string | null; picture: string | null }>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({
      userId: advocateProfiles.userId,
      fullName: advocateProfiles.fullName,
      picture: advocateProfiles.picture,
    })
    .from(advocateProfiles)
    .where(inArray(advocateProfiles.userId, [...userIds]));
  return new Map(rows.map((row) => [row.userId, row]));
}

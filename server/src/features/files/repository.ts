import { and, eq, inArray, lt, not } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { uploads, type UploadRow } from '../../db/schema.js';
import { enforceQuota } from './quota.js';
import { isReferenced } from './references.js';
import type { StoredFile } from './storage.js';

/** Records a kept file; the rows referring to it are written next, in the same transaction. */
export async function insertUpload(db: Database, file: StoredFile, at: Date): Promise<void> {
  await db.insert(uploads).values({
    name: file.name,
    contentType: file.type.mime,
    size: file.size,
    uploadedBy: file.owner.userId,
    createdAt: at,
  });
}

/** What a transaction changed in the files its rows refer to. */
export interface FileChange {
  /** The file it recorded (insertUpload), checked against its owner's quotas. */
  added?: StoredFile;
  /** Names its rows referred to before the change and may no longer. */
  replaced?: ReadonlyArray<string | null | undefined>;
}

/**
 * The last step of a transaction that changed which files its rows refer to: deletes the rows of
 * the replaced files that nothing refers to any more, then checks the added file against its
 * owner's quotas (a 413 rolls the whole change back). Returns the released names, whose files the
 * caller deletes (UploadStore.remove) once the transaction has committed, never before: a rollback
 * must find them whole.
 */
export async function settleUploads(db: Database, change: FileChange): Promise<string[]> {
  const replaced = (change.replaced ?? []).filter((name): name is string => !!name);
  const released =
    replaced.length === 0
      ? []
      : await db
          .delete(uploads)
          .where(and(inArray(uploads.name, replaced), not(isReferenced)))
          .returning({ name: uploads.name });
  if (change.added) await enforceQuota(db, change.added);
  return released.map((row) => row.name);
}

/**
 * Deletes the rows of files nothing refers to that were recorded before `before`; returns their
 * names. Every upload is recorded in the transaction that refers to it and released by the one
 * that stops referring to it, so these are the files replaced before releasing existed.
 */
export async function releaseUnreferenced(db: Database, before: Date): Promise<string[]> {
  const rows = await db
    .delete(uploads)
    .where(and(lt(uploads.createdAt, before), not(isReferenced)))
    .returning({ name: uploads.name });
  return rows.map((row) => row.name);
}

/** Which of `names` have a row. */
export async function recordedNames(db: Database, names: readonly string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const rows = await db
    .select({ name: uploads.name })
    .from(uploads)
    .where(inArray(uploads.name, [...names]));
  return new Set(rows.map((row) => row.name));
}

export async function findUpload(db: Database, name: string): Promise<UploadRow | undefined> {
  const [row] = await db.select().from(uploads).where(eq(uploads.name, name)).limit(1);
  return row;
}

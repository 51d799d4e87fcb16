// The uploads sweep: deletes what no row refers to and no request can still be using. Releasing
// deletes a replaced file at once (repository.ts settleUploads); this catches the rest: files
// replaced before releasing existed, a released file whose deletion failed, a file kept on disk
// by a request that died before its transaction committed, and staging files of a crashed form.
import type { Database } from '../../db/client.js';
import { recordedNames, releaseUnreferenced } from './repository.js';
import type { UploadStore } from './storage.js';

/**
 * Only files older than this are swept. A request keeps its file for the length of one form and
 * one transaction; a day is beyond any of them, and beyond any clock skew between instances
 * sharing the uploads volume.
 */
export const SWEEP_MIN_AGE_MS = 24 * 60 * 60 * 1000;

/** Names looked up per query. */
const LOOKUP_CHUNK = 1000;

export interface SweepResult {
  /** Rows (and their files) of files nothing refers to. */
  released: number;
  /** Stored files without a row. */
  orphaned: number;
  /** Staging files left by forms that never finished. */
  staged: number;
}

export async function sweepUploads(
  db: Database,
  store: UploadStore,
  now: Date,
): Promise<SweepResult> {
  const before = new Date(now.getTime() - SWEEP_MIN_AGE_MS);
  const released = await releaseUnreferenced(db, before);
  await store.remove(released);

  const { stored, staged } = await store.filesOlderThan(before);
  const orphaned: string[] = [];
  for (let start = 0; start < stored.length; start += LOOKUP_CHUNK) {
    const chunk = stored.slice(start, start + LOOKUP_CHUNK);
    const recorded = await recordedNames(db, chunk);
    orphaned.push(...chunk.filter((name) => !recorded.has(name)));
  }
  await store.remove(orphaned);
  await Promise.all(staged.map((filePath) => store.discard(filePath)));
  return { released: released.length, orphaned: orphaned.length, staged: staged.length };
}

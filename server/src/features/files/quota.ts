// Storage quotas: the bytes a user and a brand keep, counted from the uploads table at the end of
// the transaction that adds a file, once the rows it replaces are released. Counting after the
// change means replacing a 50 MB video with another needs no room for both. The check runs under
// transaction-scoped advisory locks (the user's, then the brand's), so two uploads at once cannot
// both pass on the same free room: the second waits and then counts the first.
import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { brands, campaigns, uploads } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';
import type { StoredFile } from './storage.js';

/** First keys of the advisory locks serializing quota checks; the second is the user or brand id. */
const USER_QUOTA_LOCK = 0x7571_7573; // 'uqus'
const BRAND_QUOTA_LOCK = 0x7571_6272; // 'uqbr'

/** Who a file is stored for: the uploader, and the brand whose rows will refer to it. */
export interface UploadOwner {
  userId: number;
  /** Unset for files of no brand (a profile picture) and of a brand being created. */
  brandId?: number;
}

/** 1234567 → '1.2 MB': the units a person reads quotas in (MB as the upload limits count it). */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = unit === 0 || value >= 10 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${shown} ${units[unit]}`;
}

async function lock(tx: Database, key: number, id: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${key}::integer, ${id}::integer)`);
}

/** Bytes of every stored file the user uploaded. */
async function userUsage(tx: Database, userId: number): Promise<number> {
  const [row] = await tx
    .select({ bytes: sql<number>`coalesce(sum(${uploads.size}), 0)::float8` })
    .from(uploads)
    .where(eq(uploads.uploadedBy, userId));
  return Number(row.bytes);
}

/** Bytes of the files the brand's rows refer to: its document and its campaigns' videos. */
async function brandUsage(tx: Database, brandId: number): Promise<number> {
  const names = tx
    .select({ name: brands.cacFile })
    .from(brands)
    .where(eq(brands.id, brandId))
    .union(
      tx.select({ name: campaigns.video }).from(campaigns).where(eq(campaigns.brandId, brandId)),
    );
  const [row] = await tx
    .select({ bytes: sql<number>`coalesce(sum(${uploads.size}), 0)::float8` })
    .from(uploads)
    .where(inArray(uploads.name, names));
  return Number(row.bytes);
}

function overQuota(file: StoredFile, used: number, quota: number, whose: string): HttpError {
  // What was stored before this file, so the numbers read as the room the person had.
  const before = Math.max(0, used - file.size);
  const message =
    `Storage quota reached: ${formatBytes(before)} of ${formatBytes(quota)} used for ${whose}; ` +
    `this file is ${formatBytes(file.size)}`;
  return new HttpError(413, message, { [file.field]: [message] });
}

/**
 * Refuses (413, naming the file's field) when, with `file` recorded and every replaced file
 * released, its owner's files exceed a quota. Call last in the transaction that records it.
 */
export async function enforceQuota(tx: Database, file: StoredFile): Promise<void> {
  const { owner, quota } = file;
  const { userId, brandId } = owner;
  await lock(tx, USER_QUOTA_LOCK, userId);
  if (brandId !== undefined) await lock(tx, BRAND_QUOTA_LOCK, brandId);
  const byUser = await userUsage(tx, userId);
  if (byUser > quota.perUserBytes)
    throw overQuota(file, byUser, quota.perUserBytes, 'your account');
  if (brandId === undefined) return;
  const byBrand = await brandUsage(tx, brandId);
  if (byBrand > quota.perBrandBytes)
    throw overQuota(file, byBrand, quota.perBrandBytes, 'this brand');
}

import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  apiKeys,
  brands,
  userRoles,
  users,
  type ApiKeyKind,
  type ApiKeyRow,
} from '../../db/schema.js';
import { preparedPerDatabase } from '../../lib/prepared.js';

export async function insertApiKey(
  db: Database,
  key: {
    brandId: number;
    kind: ApiKeyKind;
    prefix: string;
    hash: string;
    createdBy: number;
    at: Date;
  },
): Promise<ApiKeyRow> {
  const [row] = await db
    .insert(apiKeys)
    .values({
      brandId: key.brandId,
      kind: key.kind,
      prefix: key.prefix,
      keyHash: key.hash,
      createdBy: key.createdBy,
      createdAt: key.at,
    })
    .returning();
  return row;
}

export async function listApiKeys(db: Database, brandId: number): Promise<ApiKeyRow[]> {
  return db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.brandId, brandId))
    .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
}

/** Revokes the brand's key; false when the brand has no such key. Revoking twice keeps the first time. */
export async function revokeApiKey(
  db: Database,
  brandId: number,
  keyId: number,
  at: Date,
): Promise<boolean> {
  const revoked = await db
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, ${at.toISOString()}::timestamptz)` })
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.brandId, brandId)))
    .returning({ id: apiKeys.id });
  return revoked.length > 0;
}

// A key speaks for its brand's owner: it stops working while the owner is deactivated or no
// longer holds the Brand Owner role, as their own sign-in would.
const liveKeyQuery = preparedPerDatabase((db) =>
  db
    .select({ id: apiKeys.id, brandId: apiKeys.brandId, kind: apiKeys.kind })
    .from(apiKeys)
    .innerJoin(brands, eq(brands.id, apiKeys.brandId))
    .innerJoin(users, eq(users.id, brands.ownerId))
    .where(
      and(
        eq(apiKeys.keyHash, sql.placeholder('hash')),
        isNull(apiKeys.revokedAt),
        eq(users.isActive, true),
        sql`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id} and ${userRoles.role} = 'brand_owner')`,
      ),
    )
    .limit(1)
    .prepare('find_live_key'),
);

/**
 * The live key with this hash. Read on every use, never cached, so a revoked key stops working
 * at once on every instance. Prepared: it runs on every conversion.
 */
export async function findLiveKey(
  db: Database,
  hash: string,
): Promise<Pick<ApiKeyRow, 'id' | 'brandId' | 'kind'> | undefined> {
  const [row] = await liveKeyQuery(db).execute({ hash });
  return row;
}

import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  apiKeys,
  brandMembers,
  userRoles,
  users,
  type ApiKeyKind,
  type ApiKeyRow,
} from '../../db/schema.js';
import { preparedPerDatabase } from '../../lib/prepared.js';
import { rowsOf, type Tx } from '../../lib/sql.js';

export async function insertApiKey(
  db: Pick<Database, 'insert'>,
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

/**
 * Revokes the brand's key; undefined when the brand has no such key. Revoking twice keeps the
 * first time (`changed` is false then).
 */
export async function revokeApiKey(
  db: Tx,
  brandId: number,
  keyId: number,
  at: Date,
): Promise<{ id: number; prefix: string; changed: boolean } | undefined> {
  const [row] = await rowsOf<{ id: number; prefix: string; changed: boolean }>(
    db,
    sql`update api_keys k set revoked_at = coalesce(k.revoked_at, ${at.toISOString()}::timestamptz)
      from (select id, revoked_at is null as changed from api_keys where id = ${keyId}::integer
        and brand_id = ${brandId}::integer for update) old
      where k.id = old.id
      returning k.id, k.prefix, old.changed`,
  );
  return row;
}

// A key belongs to its brand, not to the member who made it (removing them does not stop it). It
// speaks for the brand's owners: it stops working while no owner is active and holds the Brand
// Owner role, as their own sign-in would.
const liveKeyQuery = preparedPerDatabase((db) =>
  db
    .select({ id: apiKeys.id, brandId: apiKeys.brandId, kind: apiKeys.kind })
    .from(apiKeys)
    .where(
      and(
        eq(apiKeys.keyHash, sql.placeholder('hash')),
        isNull(apiKeys.revokedAt),
        sql`exists (select 1 from ${brandMembers} m join ${users} u on u.id = m.user_id
          where m.brand_id = ${apiKeys.brandId} and m.role = 'owner' and u.is_active
            and exists (select 1 from ${userRoles} r where r.user_id = u.id and r.role = 'brand_owner'))`,
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

// Small helpers for raw SQL, the same on node-postgres and PGlite.
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.js';

/** A transaction handle or the database: raw queries run inside either. */
export type Tx = Pick<Database, 'execute'>;

/** An int[] parameter (`= any(…)`), sent as one array literal whatever the driver. */
export const intArray = (ids: readonly number[]): SQL =>
  sql`${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[]`;

/** The rows of a raw query (both drivers answer `{ rows }`). */
export async function rowsOf<T>(db: Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows?: T[] };
  return result.rows ?? [];
}

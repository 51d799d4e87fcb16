// Small helpers for raw SQL, the same on node-postgres and PGlite.
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.js';

/** A transaction handle or the database: raw queries run inside either. */
export type Tx = Pick<Database, 'execute'>;

/** An int[] parameter (`= any(…)`), sent as one array literal whatever the driver. */
export const intArray = (ids: readonly number[]): SQL =>
  sql`${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[]`;

/** The rows of a driver's result (node-postgres and PGlite both answer `{ rows }`). */
export function resultRows<T>(result: unknown): T[] {
  const rows = (result as { rows?: unknown }).rows;
  return Array.isArray(rows) ? (rows as T[]) : [];
}

/** The rows of a raw query. */
export async function rowsOf<T>(db: Tx, query: SQL): Promise<T[]> {
  return resultRows<T>(await db.execute(query));
}

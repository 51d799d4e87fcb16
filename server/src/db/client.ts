// One Database type for both drivers: embedded PGlite (default) and node-postgres (DATABASE_URL).
// Queries are written once against PgDatabase, so the same code and migrations run on both.
// The server's embedded PGlite runs on a worker thread (pglite-thread.ts); tests may hand in an
// in-process instance (pgliteHandle).
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { migrateNodePg, migratePglite } from './migrate.js';
import { PGliteThread } from './pglite-thread.js';
import * as schema from './schema.js';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /** Applies pending migrations from server/drizzle. */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * Bulk load: `statement` is a `COPY … FROM '/dev/blob'`, `data` its rows in COPY's text
   * format. Several times cheaper per row than INSERT on PGlite. Absent on node-postgres (COPY
   * there needs a stream library; PostgreSQL's INSERT is cheap enough): callers then INSERT.
   */
  copyFrom?: (statement: string, data: string) => Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… → node-postgres pool; otherwise PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; undefined → in memory. */
  pgliteDir?: string | undefined;
  /** node-postgres pool size (default 10). */
  poolMax?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolMax ?? 10 });
    // An idle connection dropped by the server (restart, failover) is reported here; without a
    // listener it would crash the process. The pool opens a new one on the next query.
    pool.on('error', (err) => console.error('database connection lost:', err.message));
    const db = drizzlePg({ client: pool, schema });
    return {
      db,
      kind: 'postgres',
      migrate: () => migrateNodePg(db),
      close: () => pool.end(),
    };
  }
  if (options.pgliteDir) mkdirSync(options.pgliteDir, { recursive: true });
  const thread = await PGliteThread.start(options.pgliteDir);
  // The driver (and copyFrom) only call query() and transaction(), which PGliteThread provides
  // with PGlite's signatures and result shape.
  return pgliteDatabase(thread as unknown as PGlite, () => thread.close());
}

/** Wraps an already created PGlite instance (tests start theirs from a migrated snapshot). */
export function pgliteHandle(client: PGlite): DatabaseHandle {
  return pgliteDatabase(client, () => client.close());
}

function pgliteDatabase(client: PGlite, close: () => Promise<void>): DatabaseHandle {
  const db = drizzlePglite({ client, schema });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db),
    close,
    copyFrom: async (statement, data) => {
      await client.query(statement, [], { blob: new Blob([data]) });
    },
  };
}

/** Cheapest possible round trip, for the health probe. */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}

// One Database type for both drivers: embedded PGlite (default) and node-postgres (DATABASE_URL).
// Queries are written once against PgDatabase, so the same code and migrations run on both.
// The server's embedded PGlite runs on a worker thread (pglite-thread.ts); tests may hand in an
// in-process instance (pgliteHandle).
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { migrateNodePg, migratePglite } from './migrate.js';
import { PGliteThread } from './pglite-thread.js';
import * as schema from './schema.js';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  /** The primary: every write, and every read that must see the caller's own last write. */
  db: Database;
  /**
   * Statistics and lists that are pure reads: a replica (DATABASE_READ_URL) when one is set,
   * else the same handle as `db`. A replica lags the primary by its replication delay.
   */
  readDb: Database;
  kind: DatabaseKind;
  /**
   * Applies pending migrations from server/drizzle, then runs `then` (the first start's demo
   * seeding). On PostgreSQL both happen under one session advisory lock, so instances starting
   * together take turns: the first migrates and seeds, the others find it done.
   */
  migrate(then?: () => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… → node-postgres pool; otherwise PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; undefined → in memory. */
  pgliteDir?: string | undefined;
  /** postgres://… of a read replica for `readDb`; undefined → readDb is db. Needs databaseUrl. */
  readUrl?: string | undefined;
  /** node-postgres pool size (default 10), of each pool. */
  poolMax?: number;
}

/** Key of the advisory lock that serializes migrating and seeding across instances. */
const MIGRATE_LOCK = 0x6d69_6772; // 'migr'

async function migrateUnderLock(
  pool: pg.Pool,
  db: NodePgDatabase<typeof schema>,
  then: (() => Promise<void>) | undefined,
): Promise<void> {
  // A session lock on a connection of its own: the migrator runs its transaction on another
  // connection of the pool, while this one holds the turn.
  const holder = await pool.connect();
  try {
    await holder.query('select pg_advisory_lock($1)', [MIGRATE_LOCK]);
    await migrateNodePg(db);
    await then?.();
  } finally {
    await holder.query('select pg_advisory_unlock($1)', [MIGRATE_LOCK]).catch(() => undefined);
    holder.release();
  }
}

function postgresPool(url: string, max: number, label: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection dropped by the server (restart, failover) is reported here; without a
  // listener it would crash the process. The pool opens a new one on the next query.
  pool.on('error', (err) => console.error(`${label} connection lost:`, err.message));
  // A connection checked out of the pool (a transaction between its statements, a COPY, the
  // migration lock) has no pool listener: when the server goes away it emits 'error' on the
  // client itself, which without a listener killed the process (1 in 10 PostgreSQL restarts
  // under load). Its queries fail with the error; the pool drops it when it is released.
  pool.on('connect', (client) => {
    client.on('error', (err) => console.error(`${label} connection in use lost:`, err.message));
  });
  return pool;
}

/**
 * The replica's pool, tried once: a wrong DATABASE_READ_URL stops the start with an error naming
 * it, instead of failing the first statistics request.
 */
async function openReadPool(url: string, max: number): Promise<pg.Pool> {
  const pool = postgresPool(url, max, 'read replica');
  try {
    await pool.query('select 1');
  } catch (err) {
    await pool.end();
    throw new Error(
      `DATABASE_READ_URL: cannot query the read replica (${(err as Error).message})`,
      { cause: err },
    );
  }
  return pool;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const max = options.poolMax ?? 10;
    const readPool = options.readUrl ? await openReadPool(options.readUrl, max) : undefined;
    const pool = postgresPool(options.databaseUrl, max, 'database');
    const db = drizzlePg({ client: pool, schema });
    return {
      db,
      readDb: readPool ? drizzlePg({ client: readPool, schema }) : db,
      kind: 'postgres',
      migrate: (then) => migrateUnderLock(pool, db, then),
      close: async () => {
        await Promise.all([pool.end(), readPool?.end()]);
      },
    };
  }
  if (options.readUrl)
    throw new Error('DATABASE_READ_URL needs DATABASE_URL (PGlite has no replica)');
  if (options.pgliteDir) mkdirSync(options.pgliteDir, { recursive: true });
  const thread = await PGliteThread.start(options.pgliteDir);
  // The driver (and the click store's COPY) only call query() and transaction(), which
  // PGliteThread provides with PGlite's signatures and result shape.
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
    readDb: db,
    kind: 'pglite',
    // PGlite is one process's own database: nobody to take turns with.
    migrate: async (then) => {
      await migratePglite(db);
      await then?.();
    },
    close,
  };
}

/** Cheapest possible round trip, for the health probe. */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}

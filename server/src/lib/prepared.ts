// Named prepared statements for the hot paths: node-postgres then parses a statement once per
// connection, and PostgreSQL plans it once it settles on a generic plan, instead of both on every
// call (PGlite ignores the name). A name must always go with the same SQL text; values are bound
// parameters (or placeholders), so they may differ.
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.js';
import { resultRows } from './sql.js';

const dialect = new PgDialect();

/** Runs raw `query` as the prepared statement `name`; its rows as the driver gives them. */
export async function executeNamed<T>(db: Database, name: string, query: SQL): Promise<T[]> {
  return resultRows<T>(
    await db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false).execute(),
  );
}

/**
 * A query built and prepared once per database handle (its SQL is not rebuilt on every call);
 * the query takes its values through sql.placeholder().
 */
export function preparedPerDatabase<T>(build: (db: Database) => T): (db: Database) => T {
  const byDatabase = new WeakMap<Database, T>();
  return (db) => {
    let prepared = byDatabase.get(db);
    if (!prepared) {
      prepared = build(db);
      byDatabase.set(db, prepared);
    }
    return prepared;
  };
}

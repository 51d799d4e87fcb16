// The database of a command-line tool: the configured one (DATABASE_URL, else the PGlite database
// in DATA_DIR), migrated before the tool's work and closed after it, whatever happens.
import { loadConfig } from '../config.js';
import { openDatabase, type DatabaseHandle } from './client.js';

export async function withMigratedDatabase(
  work: (database: DatabaseHandle) => Promise<void>,
): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: `${config.dataDir}/pglite`,
  });
  try {
    await database.migrate();
    await work(database);
  } finally {
    await database.close();
  }
}

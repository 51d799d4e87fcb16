// Production entry point: config from the environment, migrate, seed an empty database, listen,
// and shut down cleanly on SIGINT/SIGTERM.
import path from 'node:path';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { maintainClickPartitions } from './features/click-partitions/maintain.js';
import { DEMO_ACCOUNTS, isDatabaseEmpty, seedDemoData } from './seed/demo.js';
import { seedDemoActivity } from './seed/activity.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Configuration error: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    readUrl: config.databaseReadUrl,
    poolMax: config.dbPoolMax,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  // An empty database gets the demo accounts and ninety days of their activity, so the demo
  // dashboards are not empty. Seeding runs in the migrations' turn: instances starting together
  // on one PostgreSQL seed once.
  let seeded = false;
  await database.migrate(async () => {
    if (!(await isDatabaseEmpty(database.db))) return;
    await seedDemoData(database.db);
    await seedDemoActivity(database, new Date());
    seeded = true;
  });
  const app = await buildApp({ config, database });
  if (seeded) {
    app.log.info(
      { accounts: DEMO_ACCOUNTS.map((a) => a.email) },
      'empty database: demo accounts created',
    );
  }

  // The current and the coming month's click partitions exist before the first click (and the
  // demo's past clicks move from clicks_default into their months); hourly after that. A failure
  // (the clicks table locked past the job's lock timeout) does not stop the start: clicks then
  // wait in clicks_default until a later run moves them.
  try {
    await maintainClickPartitions(database.db, new Date(), {
      retentionMonths: config.clickRetentionMonths,
    });
  } catch (err) {
    app.log.error({ err }, 'click partition maintenance failed at start-up');
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const forceExit = setTimeout(() => process.exit(1), 10_000);
    forceExit.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info({ database: database.kind, docs: '/api/docs' }, 'server ready');
}

await main();

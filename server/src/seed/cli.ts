// `npm run seed -w server`: migrate, then create the demo accounts (idempotent).
import { withMigratedDatabase } from '../db/cli.js';
import { DEMO_ACCOUNTS, seedDemoData } from './demo.js';
import { seedDemoActivity } from './activity.js';

await withMigratedDatabase(async (database) => {
  const created = await seedDemoData(database.db);
  if (await seedDemoActivity(database, new Date()))
    console.log('Seeded ninety days of demo activity for the demo brand and advocates.');
  console.log(`Seeded ${database.kind} database: ${created.length} account(s) created.`);
  for (const account of DEMO_ACCOUNTS)
    console.log(`  ${account.label.padEnd(24)} ${account.email} / ${account.password}`);
});

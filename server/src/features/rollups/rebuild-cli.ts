// `npm run rollups:rebuild -w server`: recomputes every statistics rollup from the raw events of
// the configured database (DATABASE_URL, else the PGlite database in DATA_DIR).
import { withMigratedDatabase } from '../../db/cli.js';
import { rebuildRollups } from './rebuild.js';

await withMigratedDatabase(async (database) => {
  const started = Date.now();
  const result = await rebuildRollups(database.db, (step, ms) =>
    console.log(`  ${step}: ${(ms / 1000).toFixed(1)} s`),
  );
  console.log(
    `Rebuilt the rollups of the ${database.kind} database in ${((Date.now() - started) / 1000).toFixed(1)} s: ` +
      `${result.clickRows} click rows, ${result.conversionRows} conversion rows, ${result.sketchRows} visitor sketches.`,
  );
});

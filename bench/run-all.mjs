// `npm run bench`: every benchmark in turn, each printing its own table.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const benches = [
  'bundle-size.mjs',
  'auth-bench.mjs',
  'redirect-bench.mjs',
  'conversions-bench.mjs',
];
let failed = false;
for (const bench of benches) {
  console.log(`\n=== ${bench}`);
  const { status } = spawnSync(process.execPath, [join(here, bench)], { stdio: 'inherit' });
  failed ||= status !== 0;
}
process.exit(failed ? 1 : 0);

// Builds the page script served at /sdk/v1.js and enforces its size budget.
//   node scripts/build.mjs [--outfile path]   (default dist/v1.js)
// Prints the raw and gzipped sizes; exits 1 when the gzipped bundle exceeds the budget, because
// the script sits on merchants' landing and checkout pages.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const GZIP_BUDGET_BYTES = 4096;

const sdkDir = fileURLToPath(new URL('..', import.meta.url));
const flag = process.argv.indexOf('--outfile');
const outfile = flag > 0 ? process.argv[flag + 1] : `${sdkDir}dist/v1.js`;

await build({
  entryPoints: [`${sdkDir}src/browser/v1.ts`],
  outfile,
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: 'es2018',
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
});

const code = readFileSync(outfile);
const gzipped = gzipSync(code, { level: 9 }).length;
console.log(
  `sdk: ${outfile} ${code.length} B, ${gzipped} B gzipped (budget ${GZIP_BUDGET_BYTES} B)`,
);
if (gzipped > GZIP_BUDGET_BYTES) {
  console.error(`sdk: bundle over budget by ${gzipped - GZIP_BUDGET_BYTES} B`);
  process.exit(1);
}

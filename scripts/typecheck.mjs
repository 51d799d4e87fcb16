// Type-checks every TypeScript package (each has its own tsconfig.json), failing on the first error.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const packages = [
  'contract',
  'shared-api',
  'shared-ui',
  'sdk',
  'server',
  'shell',
  'remote-auth',
  'remote-user',
  'remote-brand',
  'remote-advocate',
  'e2e',
  'bench',
];
let failed = false;
for (const pkg of packages) {
  if (!existsSync(`${pkg}/tsconfig.json`)) continue;
  try {
    execFileSync(process.execPath, [tsc, '-p', `${pkg}/tsconfig.json`, '--noEmit'], {
      stdio: 'inherit',
    });
    console.log(`typecheck ok: ${pkg}`);
  } catch {
    failed = true;
    console.error(`typecheck FAILED: ${pkg}`);
  }
}
process.exit(failed ? 1 : 0);

// The OpenAPI document as a client developer meets it: exported from the route schemas, linted
// with Redocly's recommended rules (redocly.yaml says which two are off and why; a warning fails
// as an error does), turned into TypeScript types by openapi-typescript and compiled with a small
// openapi-fetch consumer. Usage: npm run openapi:check -w server
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const server = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const client = path.join(server, 'openapi-client');
const document = path.join(client, 'openapi.json');
const bin = (name) => path.join(server, '..', 'node_modules', '.bin', name);
// The export builds the app with the default configuration: a throwaway DATA_DIR keeps its
// generated secret out of the tree.
const env = { ...process.env, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'openapi-')) };
const run = (command, args, options = {}) =>
  execFileSync(command, args, { cwd: server, env, stdio: 'inherit', ...options });

run(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/openapi/export.ts', document]);

let report;
try {
  report = run(bin('redocly'), ['lint', document, '--config', 'redocly.yaml', '--format', 'json'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
} catch (err) {
  report = err.stdout; // exit 1 on errors: report them below
}
const { totals, problems } = JSON.parse(String(report));
for (const problem of problems)
  console.error(`${problem.severity} ${problem.ruleId}: ${problem.message} (${problem.location?.[0]?.pointer ?? ''})`);
if (totals.errors > 0 || totals.warnings > 0) {
  console.error(`OpenAPI lint: ${totals.errors} errors, ${totals.warnings} warnings`);
  process.exit(1);
}
console.log(`OpenAPI lint: 0 errors, 0 warnings (${totals.ignored} ignored)`);

run(bin('openapi-typescript'), [document, '-o', path.join(client, 'schema.d.ts')]);
run(process.execPath, [
  path.join(server, '..', 'node_modules', 'typescript', 'bin', 'tsc'),
  '-p',
  path.join(client, 'tsconfig.json'),
]);
console.log('OpenAPI document: lint clean; openapi-typescript client generated and compiled');

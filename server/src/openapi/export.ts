// Writes the OpenAPI document the running server publishes at /api/docs/json to a file, for the
// linter and the client generator in CI: `npm run openapi:check -w server`.
// Usage: tsx src/openapi/export.ts <out.json>
import { writeFileSync } from 'node:fs';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';

const out = process.argv[2];
if (!out) {
  console.error('usage: export.ts <out.json>');
  process.exit(2);
}
// The document comes from the route schemas alone: an empty in-memory database will do.
const database = await openDatabase({});
const app = await buildApp({
  config: { ...loadConfig({ DATA_DIR: process.env.DATA_DIR ?? '.data' }), logLevel: 'silent' },
  database,
  logger: false,
});
await app.ready();
writeFileSync(out, `${JSON.stringify(app.swagger(), null, 2)}\n`);
await app.close();
await database.close();
console.log(`OpenAPI document written to ${out}`);

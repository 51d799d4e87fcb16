// The contract's route map (contract/src/routes.ts), which types the front end's fake API in
// component tests, checked against the OpenAPI document the server publishes: every entry is an
// operation of the server with that method and path, answering its success status with the very
// reply schema the map names, and taking the body the map names. A map that drifts from the server
// fails here; a schema changed on the server changes the map's types with it.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { API_ROUTES } from 'contract';
import { buildTestApp, openTestDatabase, type TestApp, type TestDatabase } from './test/helpers.js';

interface Operation {
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
type Document = { paths: Record<string, Record<string, Operation>> };

/**
 * A TypeBox schema as it appears in the OpenAPI document: symbol keys dropped, and `const: x`
 * written `enum: [x]` (OpenAPI 3.0 has no const).
 */
const asJson = (schema: unknown): unknown =>
  JSON.parse(JSON.stringify(schema), (_key, value: unknown) => {
    if (value === null || typeof value !== 'object' || !('const' in value)) return value;
    const { const: only, ...rest } = value as Record<string, unknown>;
    return { ...rest, enum: [only] };
  });

/** The schema of the first content type of `content` (JSON, multipart or text). */
const schemaOf = (content: Record<string, { schema?: unknown }> | undefined) =>
  Object.values(content ?? {})[0]?.schema;

let db: TestDatabase;
let t: TestApp;
let doc: Document;

before(async () => {
  db = await openTestDatabase();
  t = await buildTestApp(db);
  await t.app.ready();
  doc = t.app.swagger() as unknown as Document;
});
after(async () => {
  await db.dispose();
});

describe('the contract route map', () => {
  for (const [key, spec] of Object.entries(API_ROUTES)) {
    it(`${key} is the server's operation with the map's schemas`, () => {
      const [method, path] = key.split(' ');
      const operation = doc.paths[`/api/v1/${path}`]?.[method.toLowerCase()];
      assert.ok(operation, `no ${method} /api/v1/${path} in the OpenAPI document`);
      const success = operation.responses?.[String(spec.status)];
      assert.ok(success, `${key} does not answer ${spec.status}`);
      assert.deepEqual(schemaOf(success.content), asJson(spec.reply), `${key}: reply schema`);
      const body = 'body' in spec ? spec.body : undefined;
      assert.deepEqual(
        schemaOf(operation.requestBody?.content),
        body === undefined ? undefined : asJson(body),
        `${key}: request body schema`,
      );
      for (const [status, schema] of Object.entries('errors' in spec ? spec.errors : {})) {
        assert.deepEqual(schemaOf(operation.responses?.[status]?.content), asJson(schema));
      }
    });
  }
});

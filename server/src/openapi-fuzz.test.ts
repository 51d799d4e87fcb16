// Every operation of the OpenAPI document, fed what a careless or hostile client sends: wrong
// types, oversize text, control characters, unknown fields, malformed JSON, odd path and query
// values, as an anonymous caller and as a signed-in brand owner and advocate. Whatever the input,
// the answer is never a 5xx: bad input is the client's error, and says so.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  actor,
  buildTestApp,
  createBrandAs,
  createProductAs,
  openTestDatabase,
  type Actor,
  type TestApp,
  type TestDatabase,
} from './test/helpers.js';

interface JsonSchema {
  type?: string;
  format?: string;
  pattern?: string;
  enum?: unknown[];
  minimum?: number;
  exclusiveMinimum?: number | boolean;
  minLength?: number;
  maxLength?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
}

interface Operation {
  method: string;
  path: string;
  parameters: Array<{ name: string; in: string; schema?: JsonSchema }>;
  body: JsonSchema | undefined;
  multipart: boolean;
}

let unique = 0;
/** A value `schema` accepts, as a form or a client would fill it in. */
function sampleOf(schema: JsonSchema | undefined): unknown {
  if (!schema) return 'fuzz';
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return sampleOf(branches.find((branch) => branch.type !== 'null') ?? branches[0]);
  if (schema.enum) return schema.enum[0];
  switch (schema.type) {
    case 'string': {
      unique += 1;
      if (schema.format === 'email') return `fuzz${unique}@example.com`;
      if (schema.format === 'date') return '2030-01-01';
      if (schema.format === 'date-time') return '2030-01-01T00:00:00Z';
      if (schema.pattern?.includes('https?')) return 'https://example.com/fuzz';
      if (schema.pattern?.includes('[+0-9]')) return '+1 555 0100';
      if (schema.pattern?.includes('{6}')) return '123456';
      if (schema.pattern?.startsWith('^[1-9]')) return '1';
      const text = `fuzz${unique}`;
      return schema.minLength && schema.minLength > text.length
        ? text.padEnd(schema.minLength, 'x')
        : text.slice(0, schema.maxLength ?? text.length);
    }
    case 'integer':
      return Math.max(1, schema.minimum ?? 1);
    case 'number':
      return 10;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return Object.fromEntries(
        (schema.required ?? []).map((name) => [name, sampleOf(schema.properties?.[name])]),
      );
    default:
      return 'fuzz';
  }
}

type Document = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Operation['parameters'];
        requestBody?: {
          content?: Record<string, { schema?: JsonSchema }>;
        };
      }
    >
  >;
};

function operationsOf(doc: Document): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const content = op.requestBody?.content ?? {};
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        body: content['application/json']?.schema ?? content['multipart/form-data']?.schema,
        multipart: Object.keys(content).some((type) => type.startsWith('multipart/')),
      });
    }
  }
  return operations;
}

const LONG = 'x'.repeat(200_000);
/** Values of the wrong kind for any field. */
const HOSTILE_VALUES: unknown[] = [
  null,
  -1,
  1.5,
  1e308,
  true,
  [],
  {},
  '',
  LONG,
  'nul\u0000byte',
  "'; drop table users; --",
  '../../etc/passwd',
  '9'.repeat(40),
  { $gt: '' },
];
const PATH_VALUES = ['1', '0', '-1', '2147483648', '99999999999999999999', 'abc', '%00', '1.5'];

let db: TestDatabase;
let t: TestApp;
let callers: Array<{ name: string; headers: Record<string, string> }>;
let operations: Operation[];

before(async () => {
  db = await openTestDatabase();
  // A built shell, as in production: its static wildcard is where a request that misses every
  // API route would land (and get the page's HTML).
  const shell = path.join(mkdtempSync(path.join(tmpdir(), 'fuzz-shell-')), 'dist');
  mkdirSync(shell);
  writeFileSync(path.join(shell, 'index.html'), '<!doctype html><title>Shell</title>');
  t = await buildTestApp(db, { staticDir: shell });
  const owner: Actor = await actor(t, db);
  const advocate: Actor = await actor(t, db, { roles: ['advocate'] });
  const brandId = await createBrandAs(t, owner);
  await createProductAs(t, owner, brandId);
  callers = [
    { name: 'anonymous', headers: {} },
    { name: 'brand owner', headers: owner.auth },
    { name: 'advocate', headers: advocate.auth },
  ];
  await t.app.ready();
  operations = operationsOf(t.app.swagger() as unknown as Document).filter(
    (op) => op.path.startsWith('/api/v1/') && !op.path.includes('/docs'),
  );
});
after(async () => {
  await db.dispose();
});

function urlFor(op: Operation, pathValue: string, query: Record<string, string> = {}): string {
  const path = op.path.replace(/\{[^}]+\}/g, encodeURIComponent(pathValue));
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
}

describe('every operation of the OpenAPI document, fed bad input', () => {
  it('covers the API', () => {
    assert.ok(operations.length >= 30, `only ${operations.length} operations found`);
  });

  it('answers an over-long path parameter with a 400 naming it, never the page', async () => {
    const checked: string[] = [];
    const wrong: string[] = [];
    for (const op of operations) {
      const names = op.parameters.filter((p) => p.in === 'path').map((p) => p.name);
      if (names.length === 0) continue;
      // Longer than any id or name a schema admits (the router's default limit was 100).
      const url = urlFor(op, '1'.repeat(300));
      const res = await t.app.inject({
        method: op.method as 'GET',
        url,
        headers: callers[1]!.headers,
        ...(['POST', 'PUT', 'PATCH'].includes(op.method) ? { payload: {} } : {}),
      });
      checked.push(`${op.method} ${op.path}`);
      const body = String(res.headers['content-type']).startsWith('application/json')
        ? (res.json() as { errors?: Record<string, unknown> })
        : undefined;
      if (res.statusCode !== 400 || !names.some((name) => body?.errors?.[name]))
        wrong.push(`${op.method} ${op.path}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    assert.ok(checked.length >= 20, `only ${checked.length} operations take a path parameter`);
    assert.deepEqual(wrong, []);
  });

  it('never answers 5xx', async () => {
    const failures: string[] = [];
    let sent = 0;
    const send = async (
      op: Operation,
      caller: (typeof callers)[number],
      url: string,
      payload?: string,
      contentType = 'application/json',
    ) => {
      sent += 1;
      const res = await t.app.inject({
        method: op.method as 'GET',
        url,
        headers: {
          ...caller.headers,
          ...(payload !== undefined ? { 'content-type': contentType } : {}),
        },
        ...(payload !== undefined ? { payload } : {}),
      });
      if (res.statusCode >= 500)
        failures.push(
          `${op.method} ${url.slice(0, 120)} as ${caller.name}${payload !== undefined ? ` with ${payload.slice(0, 80)}` : ''}: ${res.statusCode} ${res.body.slice(0, 200)}`,
        );
    };

    for (const op of operations) {
      const hasBody = ['POST', 'PUT', 'PATCH'].includes(op.method);
      for (const caller of callers) {
        for (const pathValue of op.path.includes('{') ? PATH_VALUES : ['1']) {
          await send(op, caller, urlFor(op, pathValue), hasBody ? '{}' : undefined);
        }
        for (const parameter of op.parameters.filter((p) => p.in === 'query')) {
          for (const value of ['-1', 'abc', '1.5', LONG.slice(0, 5000), '\u0000', ''])
            await send(op, caller, urlFor(op, '1', { [parameter.name]: value }));
        }
        if (!hasBody) continue;
        for (const raw of ['{', '[]', '"text"', 'null', '{"__proto__":{"x":1}}', LONG])
          await send(op, caller, urlFor(op, '1'), raw);
        await send(op, caller, urlFor(op, '1'), 'a=1', 'application/x-www-form-urlencoded');
        await send(op, caller, urlFor(op, '1'), '{"unknown_field": 1}');
        // A valid body with one field spoilt at a time, so the bad value gets past the others.
        const valid = { ...(sampleOf({ ...op.body, type: 'object' }) as Record<string, unknown>) };
        for (const name of Object.keys(valid))
          if (name.endsWith('_confirmation'))
            valid[name] = valid[name.replace(/_confirmation$/, '')];
        for (const name of Object.keys(op.body?.properties ?? {})) {
          for (const value of HOSTILE_VALUES)
            await send(op, caller, urlFor(op, '1'), JSON.stringify({ ...valid, [name]: value }));
        }
        if (op.multipart)
          await send(
            op,
            caller,
            urlFor(op, '1'),
            '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n\u0000\r\n--x--\r\n',
            'multipart/form-data; boundary=x',
          );
      }
    }
    assert.ok(sent > 1000, `sent only ${sent} requests`);
    assert.deepEqual(failures, [], `${failures.length} of ${sent} requests failed on the server`);
  });
});

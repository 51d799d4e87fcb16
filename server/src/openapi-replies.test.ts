// What a validating proxy checks: every reply the server sends has its status and media type
// documented for that operation in the OpenAPI document. The routes that answer something other
// than JSON (a script, an uploaded file, a CSV) are the ones that drifted: their JSON errors were
// listed as text/csv, their content as application/json, their 206 and 416 not at all.
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { ProfileView } from 'contract';
import type { LightMyRequestResponse } from 'fastify';
import {
  multipartPayload,
  SAMPLE_FILES,
  testConfig,
  withBrandWorld,
  type BrandWorld,
  type TestApp,
} from './test/helpers.js';

interface Operation {
  responses?: Record<string, { content?: Record<string, unknown> }>;
}
type Document = { paths: Record<string, Record<string, Operation>> };

const sdkDir = path.join(testConfig().dataDir, 'sdk');
mkdirSync(sdkDir, { recursive: true });
const sdkScriptFile = path.join(sdkDir, 'v1.js');

let t: TestApp;
let w: BrandWorld;
withBrandWorld((world) => ({ t, w } = world), { sdkScriptFile });

/** Asserts that `reply` (to `path` of the document) is documented with its status and media type. */
function assertDocumented(reply: LightMyRequestResponse, documentedPath: string): void {
  const doc = t.app.swagger() as unknown as Document;
  const operation = doc.paths[documentedPath]?.get;
  assert.ok(operation, `no GET ${documentedPath} in the document`);
  const status = String(reply.statusCode);
  const documented = operation.responses?.[status];
  assert.ok(documented, `GET ${documentedPath} answered ${status}, which is not documented`);
  const mediaType = String(reply.headers['content-type']).split(';')[0].trim();
  assert.ok(
    Object.hasOwn(documented.content ?? {}, mediaType),
    `GET ${documentedPath} ${status} sent ${mediaType}; documented: ${Object.keys(documented.content ?? {}).join(', ')}`,
  );
}

describe('replies of the non-JSON routes match the OpenAPI document', () => {
  it('/sdk/v1.js: the script, or a JSON 404 when it is not built', async () => {
    writeFileSync(sdkScriptFile, 'window.advocately = {};\n');
    const script = await t.app.inject({ method: 'GET', url: '/sdk/v1.js' });
    assert.equal(script.statusCode, 200);
    assertDocumented(script, '/sdk/v1.js');
    rmSync(sdkScriptFile);
    const missing = await t.app.inject({ method: 'GET', url: '/sdk/v1.js' });
    assert.equal(missing.statusCode, 404);
    assertDocumented(missing, '/sdk/v1.js');
  });

  it('/files/{name}: the file, a range of it, and JSON 404, 416 and 400', async () => {
    const saved = await t.call<ProfileView>('PUT', 'advocate/profile/', {
      as: w.advocate,
      form: await multipartPayload(
        { full_name: 'Pic Person' },
        { picture: { content: SAMPLE_FILES.png, filename: 'me.png', type: 'image/png' } },
      ),
    });
    assert.equal(saved.statusCode, 200, saved.body);
    const url = saved.json().picture_url ?? '';
    const get = (target: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: target, headers });
    const replies = [
      [await get(url), 200],
      [await get(url, { range: 'bytes=0-9' }), 206],
      [await get(url, { range: 'bytes=5000-6000' }), 416],
      [await get(url.replace(/sig=[^&]+/, 'sig=forged')), 404],
      [await get(`/api/v1/files/${'x'.repeat(65)}`), 400],
    ] as const;
    for (const [reply, status] of replies) {
      assert.equal(reply.statusCode, status, reply.body);
      assertDocumented(reply, '/api/v1/files/{name}');
    }
  });

  it('the payout CSV export: text/csv, and its errors in JSON', async () => {
    const base = `/api/v1/brand/${w.brandId}/payouts/export/`;
    const replies = [
      [
        await t.app.inject({
          method: 'GET',
          url: `${base}?format=paypal&currency=USD`,
          headers: w.owner.auth,
        }),
        200,
      ],
      [
        await t.app.inject({
          method: 'GET',
          url: `${base}?format=csv&currency=USD`,
          headers: w.owner.auth,
        }),
        400,
      ],
      [await t.app.inject({ method: 'GET', url: `${base}?format=paypal&currency=USD` }), 401],
      [
        await t.app.inject({
          method: 'GET',
          url: `${base}?format=paypal&currency=USD`,
          headers: w.other.auth,
        }),
        404,
      ],
    ] as const;
    for (const [reply, status] of replies) {
      assert.equal(reply.statusCode, status, reply.body);
      assertDocumented(reply, '/api/v1/brand/{id}/payouts/export/');
    }
  });
});

import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { buildTestApp, openTestDatabase, type TestDatabase } from '../../test/helpers.js';

let db: TestDatabase;
before(async () => {
  db = await openTestDatabase();
});
after(async () => {
  await db.dispose();
});

describe('GET /sdk/v1.js', () => {
  it('serves the built SDK as JavaScript, to any origin, cached for an hour', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sdk-'));
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, 'v1.js');
    writeFileSync(file, '(()=>{window.Advocately={}})();');
    const t = await buildTestApp(db, { sdkScriptFile: file });
    const res = await t.app.inject({
      method: 'GET',
      url: '/sdk/v1.js',
      headers: { origin: 'https://merchant.example' },
    });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'application/javascript; charset=utf-8');
    assert.equal(res.headers['access-control-allow-origin'], '*');
    assert.equal(res.headers['cache-control'], 'public, max-age=3600');
    assert.equal(res.body, '(()=>{window.Advocately={}})();');
    await t.app.close();
  });

  it('404 with a clear message when the SDK is not built', async () => {
    const t = await buildTestApp(db);
    const res = await t.app.inject({ method: 'GET', url: '/sdk/v1.js' });
    assert.equal(res.statusCode, 404);
    assert.match(res.json().detail, /not built/);
    await t.app.close();
  });
});

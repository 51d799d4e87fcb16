// Security headers as a browser receives them: pages of the shell carry a policy that admits the
// manifest's remotes and nothing else; every response forbids sniffing and framing; HSTS only
// when the product is served over https.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { THEME_SCRIPT_SOURCE } from '../features/web/first-paint.js';
import { buildTestApp, openTestDatabase, type TestDatabase } from '../test/helpers.js';

let db: TestDatabase;
let staticDir: string;

before(async () => {
  db = await openTestDatabase();
  staticDir = mkdtempSync(path.join(tmpdir(), 'shell-'));
  writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Shell</title>');
  writeFileSync(path.join(staticDir, 'main.0123abcd.js'), 'console.log(1);');
  writeFileSync(path.join(staticDir, 'main.0123abcd.js.map'), '{"sources":["secret.ts"]}');
});
after(async () => {
  await db.dispose();
});

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: unknown): Map<string, string[]> {
  assert.equal(typeof header, 'string', 'a Content-Security-Policy header');
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values]),
  );
}

describe('security headers', () => {
  it("gives a shell page a policy admitting this origin and the manifest's remotes only", async () => {
    const { app } = await buildTestApp(db, {
      staticDir,
      remotesManifest: JSON.stringify({
        remote_auth: 'https://auth.cdn.example/remoteEntry.js',
        remote_brand: 'https://brand.cdn.example/v2/remoteEntry.js',
      }),
    });
    const res = await app.inject({ method: 'GET', url: '/brand/dashboard' });
    assert.equal(res.statusCode, 200);
    const csp = directives(res.headers['content-security-policy']);
    assert.deepEqual(csp.get('script-src'), [
      "'self'",
      THEME_SCRIPT_SOURCE,
      'https://auth.cdn.example',
      'https://brand.cdn.example',
    ]);
    assert.deepEqual(csp.get('frame-ancestors'), ["'none'"]);
    assert.deepEqual(csp.get('object-src'), ["'none'"]);
    assert.equal(res.headers['x-frame-options'], 'DENY');
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    assert.equal(res.headers['referrer-policy'], 'strict-origin-when-cross-origin');
    assert.equal(res.headers['strict-transport-security'], undefined, 'no HSTS over http');
  });

  it('admits the default remotes on the request host when no manifest is configured', async () => {
    const { app } = await buildTestApp(db, { staticDir });
    const res = await app.inject({
      method: 'GET',
      url: '/',
      headers: { host: 'localhost:8000' },
    });
    const scripts = directives(res.headers['content-security-policy']).get('script-src');
    assert.ok(scripts?.includes('http://localhost:8003'));
  });

  it('sends no page policy with JSON, but forbids sniffing there too', async () => {
    const { app } = await buildTestApp(db, { staticDir });
    const res = await app.inject({ method: 'GET', url: '/api/v1/health/' });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-security-policy'], undefined);
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
  });

  it('requires https for a year when the product is served over https', async () => {
    const { app } = await buildTestApp(db, { staticDir, publicUrl: 'https://shop.example.com' });
    const res = await app.inject({ method: 'GET', url: '/' });
    assert.match(String(res.headers['strict-transport-security']), /max-age=31536000/);
  });

  it('serves the bundles but not their source maps', async () => {
    const { app } = await buildTestApp(db, { staticDir });
    const script = await app.inject({ method: 'GET', url: '/main.0123abcd.js' });
    assert.equal(script.statusCode, 200);
    const map = await app.inject({ method: 'GET', url: '/main.0123abcd.js.map' });
    assert.equal(map.statusCode, 404);
    assert.ok(!map.body.includes('secret.ts'));
  });

  it('lets merchant sites load the SDK script', async () => {
    const { app } = await buildTestApp(db, { staticDir });
    const res = await app.inject({ method: 'GET', url: '/sdk/v1.js' });
    assert.equal(res.headers['cross-origin-resource-policy'], 'cross-origin');
  });
});

import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { buildApp } from '../../app.js';
import { openDatabase } from '../../db/client.js';
import {
  buildTestApp,
  openTestDatabase,
  testConfig,
  type TestDatabase,
} from '../../test/helpers.js';

let db: TestDatabase;

before(async () => {
  db = await openTestDatabase();
});
after(async () => {
  await db.dispose();
});

describe('GET health/', () => {
  it('reports ok and the database kind', async () => {
    const { app } = await buildTestApp(db);
    const res = await app.inject({ method: 'GET', url: '/api/v1/health/' });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), {
      status: 'ok',
      database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
    });
    await app.close();
  });

  it('503 when the database does not answer', async () => {
    const broken = await openDatabase({});
    const app = await buildApp({ config: testConfig(), database: broken, logger: false });
    await broken.close();
    const res = await app.inject({ method: 'GET', url: '/api/v1/health' });
    assert.equal(res.statusCode, 503);
    assert.deepEqual(res.json(), {
      status: 'unavailable',
      database: 'pglite',
      // The embedded database's own reason, which names no secret (a PostgreSQL connection
      // error could name a host or user, so there it stays 'unreachable').
      problems: ['database: the embedded database is closed'],
    });
    // Share links do not need the database: their check still passes.
    const links = await app.inject({ method: 'GET', url: '/api/v1/health/?for=redirects' });
    assert.equal(links.statusCode, 200);
    assert.deepEqual(links.json(), { status: 'ok', database: 'pglite' });
    await app.close();
  });

  it('400 naming the parameter for an unknown scope', async () => {
    const { app } = await buildTestApp(db);
    const res = await app.inject({ method: 'GET', url: '/api/v1/health/?for=everything' });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.json(), {
      detail: 'for: must be redirects',
      errors: { for: ['must be redirects'] },
    });
    await app.close();
  });
});

describe('GET /remotes.json', () => {
  it('defaults to ports 8001-8004 on the request host, uncached', async () => {
    const { app } = await buildTestApp(db);
    const res = await app.inject({
      method: 'GET',
      url: '/remotes.json',
      headers: { host: 'example.test:8000' },
    });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['cache-control'], 'no-store');
    assert.deepEqual(res.json(), {
      remote_auth: 'http://example.test:8001/remoteEntry.js',
      remote_user: 'http://example.test:8002/remoteEntry.js',
      remote_brand: 'http://example.test:8003/remoteEntry.js',
      remote_advocate: 'http://example.test:8004/remoteEntry.js',
    });
    await app.close();
  });

  it('serves REMOTES_MANIFEST inline JSON, or a file re-read on every request', async () => {
    const inline = await buildTestApp(db, {
      remotesManifest: '{"remote_auth":"https://cdn.test/auth/remoteEntry.js"}',
    });
    assert.deepEqual((await inline.app.inject({ method: 'GET', url: '/remotes.json' })).json(), {
      remote_auth: 'https://cdn.test/auth/remoteEntry.js',
    });
    await inline.app.close();

    const config = testConfig();
    const file = path.join(config.dataDir, 'remotes.json');
    writeFileSync(file, JSON.stringify({ remote_brand: 'http://a.test/remoteEntry.js' }));
    const fromFile = await buildTestApp(db, { remotesManifest: file });
    assert.equal(
      (await fromFile.app.inject({ method: 'GET', url: '/remotes.json' })).json().remote_brand,
      'http://a.test/remoteEntry.js',
    );
    writeFileSync(file, JSON.stringify({ remote_brand: 'http://b.test/remoteEntry.js' }));
    assert.equal(
      (await fromFile.app.inject({ method: 'GET', url: '/remotes.json' })).json().remote_brand,
      'http://b.test/remoteEntry.js',
    );
    await fromFile.app.close();
  });
});

describe('not found and the shell', () => {
  it('unknown API routes are a JSON 404', async () => {
    const { app } = await buildTestApp(db);
    for (const url of ['/api/v1/nope/', '/api/v2/token/', '/brand/dashboard']) {
      const res = await app.inject({ method: 'GET', url });
      assert.equal(res.statusCode, 404, url);
      assert.deepEqual(res.json(), { detail: 'Not found' });
    }
    assert.equal((await app.inject({ method: 'DELETE', url: '/api/v1/token/' })).statusCode, 404);
    await app.close();
  });

  it('serves the built shell with an SPA fallback outside /api/, /r/ and /sdk/', async () => {
    const config = testConfig();
    const staticDir = path.join(config.dataDir, 'shell');
    mkdirSync(staticDir);
    writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>shell</title>');
    writeFileSync(path.join(staticDir, 'main.js'), 'console.log(1)');
    const { app } = await buildTestApp(db, { staticDir });

    const page = await app.inject({ method: 'GET', url: '/brand/dashboard?x=1' });
    assert.equal(page.statusCode, 200);
    assert.match(String(page.headers['content-type']), /text\/html/);
    assert.match(page.body, /<title>shell<\/title>/);
    assert.equal((await app.inject({ method: 'GET', url: '/' })).statusCode, 200);
    const asset = await app.inject({ method: 'GET', url: '/main.js' });
    assert.equal(asset.body, 'console.log(1)');
    for (const url of ['/api/v1/missing/', '/sdk/v9.js']) {
      const res = await app.inject({ method: 'GET', url });
      assert.equal(res.statusCode, 404, url);
      assert.deepEqual(res.json(), { detail: 'Not found' });
    }
    // An unknown share link is a page of its own, never the shell.
    const link = await app.inject({ method: 'GET', url: '/r/abc' });
    assert.equal(link.statusCode, 404);
    assert.match(link.body, /This link is not valid/);
    assert.equal((await app.inject({ method: 'GET', url: '/api/v1/health/' })).json().status, 'ok');
    await app.close();
  });
});

describe('what crawlers and browsers read before the page runs', () => {
  it('serves a robots.txt that lets pages be crawled but not the API or share links', async () => {
    const { app } = await buildTestApp(db);
    const res = await app.inject({ method: 'GET', url: '/robots.txt' });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^text\/plain/);
    assert.deepEqual(res.body.trim().split('\n'), [
      'User-agent: *',
      'Disallow: /api/',
      'Disallow: /r/',
    ]);
    await app.close();
  });

  it("writes the remotes into the page and announces the page's own remote", async () => {
    const config = testConfig();
    const staticDir = path.join(config.dataDir, 'shell');
    mkdirSync(staticDir);
    writeFileSync(
      path.join(staticDir, 'index.html'),
      '<!doctype html><html><head><title>shell</title></head><body></body></html>',
    );
    const manifest = {
      remote_auth: 'https://auth.cdn.test/remoteEntry.js',
      remote_brand: 'https://brand.cdn.test/</script>/remoteEntry.js',
    };
    const { app } = await buildTestApp(db, {
      staticDir,
      remotesManifest: JSON.stringify(manifest),
    });

    const login = await app.inject({ method: 'GET', url: '/auth/login?next=1' });
    assert.equal(login.statusCode, 200);
    assert.equal(login.headers['cache-control'], 'no-cache');
    const block = /<script type="application\/json" id="remotes-manifest">(.*?)<\/script>/.exec(
      login.body,
    );
    assert.ok(block, 'the manifest block');
    // A URL cannot close the block early, and the JSON still reads back as the manifest.
    assert.doesNotMatch(block[1], /<\//);
    assert.deepEqual(JSON.parse(block[1]), manifest);
    assert.match(
      login.body,
      /<link rel="preconnect" href="https:\/\/auth.cdn.test" crossorigin>\n<link rel="preload" as="script" href="https:\/\/auth.cdn.test\/remoteEntry.js">\n/,
    );
    assert.doesNotMatch(login.body, /brand\.cdn\.test"/);
    // Still a shell page under the Content-Security-Policy.
    assert.match(
      String(login.headers['content-security-policy']),
      /script-src 'self' 'sha256-[^']+' https:\/\/auth/,
    );

    // The landing page draws no remote: the manifest only, no hints.
    const home = await app.inject({ method: 'GET', url: '/' });
    assert.equal(home.statusCode, 200);
    assert.match(home.body, /id="remotes-manifest"/);
    assert.doesNotMatch(home.body, /rel="preload"|rel="preconnect"/);
    await app.close();
  });

  it("paints the screen's frame from the HTML: heading and intro, cookie notice until consent", async () => {
    const config = testConfig();
    const staticDir = path.join(config.dataDir, 'shell');
    mkdirSync(staticDir);
    writeFileSync(
      path.join(staticDir, 'index.html'),
      '<!doctype html><html><head><title>shell</title></head><body><div id="root"></div></body></html>',
    );
    const { app } = await buildTestApp(db, { staticDir });
    const frame = (body: string) =>
      /<body><div id="first-paint" aria-hidden="true">(.*?)<\/div><div id="root">/.exec(body)?.[1];

    const login = await app.inject({ method: 'GET', url: '/auth/login' });
    const loginFrame = frame(login.body);
    assert.ok(loginFrame, 'the frame comes first in the body, before the React root');
    assert.match(loginFrame, /Sign in to your account/);
    assert.match(loginFrame, /Welcome back! Enter your details to continue\./);
    assert.match(loginFrame, /Don&#39;t have an account\? <b>Sign Up<\/b>/);
    assert.match(loginFrame, /We use cookies/);
    // Its theme script is the page's one inline script, admitted by the policy's hash.
    const inline = /<script>(.*?)<\/script>/.exec(login.body)?.[1] ?? '';
    const hash = `'sha256-${createHash('sha256').update(inline).digest('base64')}'`;
    assert.ok(String(login.headers['content-security-policy']).includes(hash));

    const signup = await app.inject({
      method: 'GET',
      url: '/auth/signup',
      cookies: { cookie_consent: 'true' },
    });
    const signupFrame = frame(signup.body);
    assert.match(signupFrame ?? '', /Sign up to join the product/);
    assert.doesNotMatch(signupFrame ?? '', /We use cookies/, 'no notice once consented');

    const dashboard = await app.inject({ method: 'GET', url: '/brand/dashboard' });
    assert.match(frame(dashboard.body) ?? '', /class="fp-work"/);

    const home = await app.inject({ method: 'GET', url: '/' });
    assert.doesNotMatch(home.body, /first-paint/);

    // Written per request, and compressed for browsers that accept it.
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const packed = await app.inject({
        method: 'GET',
        url: '/auth/login',
        headers: { 'accept-encoding': `${encoding}, deflate` },
      });
      assert.equal(packed.headers['content-encoding'], encoding);
      assert.equal(decode(packed.rawPayload).toString('utf8'), login.body);
    }
    await app.close();
  });
});

describe('OpenAPI and CORS', () => {
  it('publishes the OpenAPI document built from the route schemas', async () => {
    const { app } = await buildTestApp(db);
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    assert.equal(res.statusCode, 200);
    const doc = res.json();
    assert.equal(doc.openapi, '3.1.0');
    for (const route of [
      '/api/v1/token/',
      '/api/v1/user/register/',
      '/api/v1/user/me/',
      '/api/v1/auth/send-otp',
      '/api/v1/role/remove/',
    ]) {
      assert.ok(doc.paths[route], route);
    }
    const login = doc.paths['/api/v1/token/'].post;
    assert.deepEqual(login.requestBody.content['application/json'].schema.required, [
      'email',
      'password',
    ]);
    assert.ok(login.responses['401']);
    // What client generators name their methods after, and what a public call needs.
    assert.equal(login.operationId, 'postToken');
    assert.deepEqual(login.security, []);
    assert.equal(
      doc.paths['/api/v1/brand/{id}/campaigns/'].get.operationId,
      'getBrandByIdCampaigns',
    );
    const ui = await app.inject({ method: 'GET', url: '/api/docs' });
    assert.ok(ui.statusCode < 400);
    await app.close();
  });

  it("draws the API reference in the product's colours and the visitor's theme", async () => {
    const { app } = await buildTestApp(db);
    const page = await app.inject({ method: 'GET', url: '/api/docs/' });
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /<title>Advocately API<\/title>/);
    assert.match(page.body, /advocately\.css/);
    assert.match(page.body, /advocately-theme\.js/);
    const css = await app.inject({ method: 'GET', url: '/api/docs/static/theme/advocately.css' });
    assert.equal(css.statusCode, 200);
    // shared-ui's tokens: light by default, dark under data-theme='dark'.
    assert.match(css.body, /:root \{[^}]*--adv-bg: #f6f6fa;/);
    assert.match(css.body, /html\[data-theme='dark'\] \{[^}]*--adv-bg: #0d0d13;/);
    const script = await app.inject({
      method: 'GET',
      url: '/api/docs/static/theme/advocately-theme.js',
    });
    assert.equal(script.statusCode, 200);
    assert.match(script.body, /localStorage\.getItem\('theme'\)/);
    await app.close();
  });

  it('allows credentialed calls from the standalone remotes only', async () => {
    const { app } = await buildTestApp(db);
    const allowed = await app.inject({
      method: 'OPTIONS',
      url: '/api/v1/user/me/',
      headers: { origin: 'http://localhost:8003', 'access-control-request-method': 'GET' },
    });
    assert.equal(allowed.headers['access-control-allow-origin'], 'http://localhost:8003');
    assert.equal(allowed.headers['access-control-allow-credentials'], 'true');
    const denied = await app.inject({
      method: 'OPTIONS',
      url: '/api/v1/user/me/',
      headers: { origin: 'http://evil.test', 'access-control-request-method': 'GET' },
    });
    assert.equal(denied.headers['access-control-allow-origin'], undefined);
    await app.close();
  });
});

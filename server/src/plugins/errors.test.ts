// Input no route can store and logs that keep secrets out: control characters are a 400 naming
// the field on every route and encoding; log lines never carry tokens, cookies or the values
// bound to a failed query.
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, beforeEach, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { buildApp, type App } from '../app.js';
import { loggerOptions } from '../lib/logging.js';
import {
  actor,
  buildTestApp,
  callApi,
  createBrandAs,
  multipartPayload,
  openTestDatabase,
  testConfig,
  type Actor,
  type TestApp,
  type TestDatabase,
} from '../test/helpers.js';

let db: TestDatabase;
let t: TestApp;
let owner: Actor;

before(async () => {
  db = await openTestDatabase();
});
after(async () => {
  await db.dispose();
});
beforeEach(async () => {
  await db.truncate();
  t = await buildTestApp(db);
  owner = await actor(t, db);
});

const NUL = '\u0000';

describe('control characters in input', () => {
  it('answers 400 naming the field on registration, without signing in', async () => {
    const res = await callApi(t, 'POST', 'user/register/', undefined, {
      username: `eve${NUL}`,
      email: 'eve@example.com',
      password: 'Password1!',
      password_confirmation: 'Password1!',
    });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.json().errors, { username: ['must not contain control characters'] });
  });

  it('names nested and list fields, and rejects escape and backspace as well as NUL', async () => {
    const brandId = await createBrandAs(t, owner);
    const res = await callApi(t, 'POST', 'campaign/create/', owner, {
      brand: brandId,
      title: 'Spring',
      description: `bad\u001b[31m`,
    });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(Object.keys(res.json().errors), ['description']);
    const product = await callApi(t, 'POST', 'product/create/', owner, {
      name: `Shoe\b`,
      price: 5,
      currency: 'USD',
      status: 'active',
      brand_id: brandId,
    });
    assert.equal(product.statusCode, 400);
    assert.deepEqual(Object.keys(product.json().errors), ['name']);
  });

  it('keeps tabs and newlines, which people do type', async () => {
    const brandId = await createBrandAs(t, owner, { description: 'Line one\n\tLine two\r\n' });
    const res = await callApi(t, 'GET', `brand/${brandId}/`, owner);
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().brand.description, 'Line one\n\tLine two');
  });

  it('checks multipart form fields and query strings too', async () => {
    const form = await multipartPayload({ brand_name: `Acme${NUL}` });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/brand/create/',
      payload: form.payload,
      headers: { ...owner.auth, ...form.headers },
    });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.json().errors, { brand_name: ['must not contain control characters'] });

    const brandId = await createBrandAs(t, owner);
    const query = await callApi(t, 'GET', `brand/${brandId}/products/?status=active%00`, owner);
    assert.equal(query.statusCode, 400);
  });
});

describe('deeply nested JSON', () => {
  it('is a 400 on any JSON route, signed in or not, not a stack overflow', async () => {
    const deep = '['.repeat(10_000) + ']'.repeat(10_000);
    for (const [url, as, body] of [
      ['user/register/', undefined, `{"username":${deep},"email":"e@example.com"}`],
      ['campaign/create/', owner, `{"title":"Spring","description":${deep}}`],
      ['token/', undefined, deep],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/${url}`,
        payload: body,
        headers: { 'content-type': 'application/json', ...as?.auth },
      });
      assert.equal(res.statusCode, 400, url);
      assert.deepEqual(res.json(), { detail: 'JSON body nests deeper than 32 levels' }, url);
    }
    // Shallow nesting, brackets inside strings and escaped quotes are not depth.
    const fine = await callApi(t, 'POST', 'campaign/create/', owner, {
      brand: await createBrandAs(t, owner),
      title: `${'['.repeat(100)} "\\" {`,
    });
    assert.equal(fine.statusCode, 201, fine.body);
  });
});

describe('what the log never shows', () => {
  async function appWithLog(): Promise<{ app: App; lines: () => string }> {
    let text = '';
    const stream = new Writable({
      write(chunk, _encoding, done) {
        text += String(chunk);
        done();
      },
    });
    const app = await buildApp({
      config: testConfig(),
      database: db.handle,
      logger: { ...loggerOptions('info'), stream },
    });
    // A handler failing the way a database error does: the query's bound values on the error
    // and in its message, as drizzle writes them.
    app.get('/api/v1/test-failing-query/', async () => {
      throw Object.assign(
        new Error(
          'Failed query: insert into users …\nparams: eve@example.com,scrypt$secret-password-hash',
        ),
        {
          params: ['eve@example.com', 'scrypt$secret-password-hash'],
          cause: Object.assign(new Error('invalid byte sequence'), { parameters: ['s3cret'] }),
        },
      );
    });
    await app.ready();
    return { app, lines: () => text };
  }

  it("drops a failed query's parameters, tokens and cookies from log lines", async () => {
    const { app, lines } = await appWithLog();
    try {
      const res = await app.inject({
        method: 'GET',
        url: '/api/v1/test-failing-query/',
        headers: {
          authorization: 'Bearer top-secret-token',
          cookie: 'refresh_token=cookie-secret',
        },
      });
      assert.equal(res.statusCode, 500);
      assert.deepEqual(res.json(), { detail: 'Internal server error' });
      const log = lines();
      assert.match(log, /unhandled error/);
      assert.match(log, /Failed query/);
      for (const secret of [
        'secret-password-hash',
        'eve@example.com',
        's3cret',
        'top-secret-token',
        'cookie-secret',
      ])
        assert.ok(!log.includes(secret), `the log shows ${secret}`);
    } finally {
      await app.close();
    }
  });
});

describe('a registration failing in the database', () => {
  it('logs the failed query without the email, the username or the password hash', async () => {
    let text = '';
    const stream = new Writable({
      write(chunk, _encoding, done) {
        text += String(chunk);
        done();
      },
    });
    const app = await buildApp({
      config: testConfig(),
      database: db.handle,
      logger: { ...loggerOptions('info'), stream },
    });
    // The users table gone for a moment: the insert fails as it does with the database away,
    // a DrizzleQueryError whose message and stack list the bound values.
    await db.handle.db.execute(sql`alter table users rename to users_away`);
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/user/register/',
        payload: {
          username: 'evelyn-private',
          email: 'evelyn.private@example.com',
          password: 'Password1!',
          password_confirmation: 'Password1!',
        },
      });
      assert.equal(res.statusCode, 500);
      assert.match(text, /Failed query/);
      assert.match(text, /params: \[redacted\]/);
      for (const secret of ['evelyn-private', 'evelyn.private@example.com', 'scrypt$'])
        assert.ok(!text.includes(secret), `the log shows ${secret}: ${text}`);
    } finally {
      await db.handle.db.execute(sql`alter table users_away rename to users`);
      await app.close();
    }
  });
});

describe('integers in paths and query strings', () => {
  it("reads only decimal digits as an id: '1.5', '+1', '0x1' and '1e0' name no brand", async () => {
    const brandId = await createBrandAs(t, owner);
    assert.equal((await callApi(t, 'GET', `brand/${brandId}/`, owner)).statusCode, 200);
    for (const id of ['1.5', '+1', '0x1', '1e0', '01']) {
      const res = await callApi(t, 'GET', `brand/${encodeURIComponent(id)}/`, owner);
      assert.equal(res.statusCode, 400, `brand/${id}/`);
      assert.deepEqual(res.json().errors, { id: ['must be an integer'] });
    }
  });
});

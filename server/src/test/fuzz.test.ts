// Hostile and sloppy input against every route of the auth/user/roles API: nothing a client
// sends may produce a 5xx, and every error must be JSON with a `detail` sentence.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { InjectOptions } from 'fastify';
import { buildTestApp, createTestUser, login, openTestDatabase, type TestApp, type TestDatabase } from './helpers.js';

interface Route {
  method: 'GET' | 'POST';
  url: string;
  auth: boolean;
}

const ROUTES: Route[] = [
  { method: 'POST', url: '/api/v1/token/', auth: false },
  { method: 'POST', url: '/api/v1/token/refresh/', auth: false },
  { method: 'POST', url: '/api/v1/token/logout/', auth: false },
  { method: 'POST', url: '/api/v1/user/register/', auth: false },
  { method: 'GET', url: '/api/v1/user/me/', auth: true },
  { method: 'POST', url: '/api/v1/user/update/', auth: true },
  { method: 'POST', url: '/api/v1/user/delete/', auth: true },
  { method: 'POST', url: '/api/v1/auth/send-otp', auth: false },
  { method: 'POST', url: '/api/v1/auth/verify-otp', auth: false },
  { method: 'POST', url: '/api/v1/auth/forgot-password', auth: false },
  { method: 'POST', url: '/api/v1/auth/reset-password', auth: false },
  { method: 'GET', url: '/api/v1/user/active-role/', auth: true },
  { method: 'POST', url: '/api/v1/user/active-role/', auth: true },
  { method: 'POST', url: '/api/v1/roles/upgrade/advocate/', auth: true },
  { method: 'POST', url: '/api/v1/role/remove/', auth: true },
  { method: 'GET', url: '/api/v1/health/', auth: false },
];

const FIELDS = ['email', 'password', 'password_confirmation', 'username', 'first_name', 'last_name', 'is_active', 'user_id', 'otp', 'role'];
const WRONG_VALUES: unknown[] = [null, 12345, -1, 1.5, true, [], ['a'], {}, { $gt: '' }, '', ' ', '\u0000', 'x'.repeat(10_000), 2 ** 53, '1e309'];
const MEGABYTE = 'a'.repeat(1024 * 1024);

type Case = { name: string; options: Omit<InjectOptions, 'method' | 'url'> };

function cases(): Case[] {
  const json = (payload: string): Case['options'] => ({ payload, headers: { 'content-type': 'application/json' } });
  const list: Case[] = [
    { name: 'malformed JSON', options: json('{"email": "a@b.test",') },
    { name: 'truncated JSON', options: json('{') },
    { name: 'JSON array', options: json('[1,2,3]') },
    { name: 'JSON string', options: json('"hello"') },
    { name: 'JSON null', options: json('null') },
    { name: 'JSON number', options: json('42') },
    { name: 'prototype pollution', options: json('{"__proto__": {"isStaff": true}, "email": "a@b.test"}') },
    { name: 'constructor pollution', options: json('{"constructor": {"prototype": {"x": 1}}}') },
    { name: 'empty body with JSON type', options: json('') },
    { name: 'missing fields', options: { payload: {} } },
    { name: 'unknown fields', options: { payload: { hello: 'world', admin: true, is_staff: true } } },
    { name: 'text/plain body', options: { payload: 'email=a@b.test', headers: { 'content-type': 'text/plain' } } },
    { name: 'form body', options: { payload: 'email=a%40b.test', headers: { 'content-type': 'application/x-www-form-urlencoded' } } },
    { name: '1 MB string field', options: { payload: { email: MEGABYTE, password: MEGABYTE } } },
    { name: 'query string junk', options: { query: { email: ['a', 'b'], user_id: 'x' }, payload: {} } },
    { name: 'odd authorization header', options: { payload: {}, headers: { authorization: 'Bearer ' + 'x'.repeat(5000) } } },
    { name: 'refresh cookie junk', options: { payload: {}, cookies: { refresh_token: 'x'.repeat(4000) } } },
  ];
  for (const value of WRONG_VALUES) {
    list.push({
      name: `every field = ${JSON.stringify(value)?.slice(0, 20)}`,
      options: { payload: Object.fromEntries(FIELDS.map((field) => [field, value])) },
    });
  }
  return list;
}

let db: TestDatabase;
let t: TestApp;

before(async () => {
  db = await openTestDatabase();
  t = await buildTestApp(db);
});
after(async () => {
  await t.app.close();
  await db.dispose();
});

describe('fuzz: no client input produces a 5xx', () => {
  for (const route of ROUTES) {
    it(`${route.method} ${route.url}`, async () => {
      // A user of its own per route: some cases (user/delete/) legitimately deactivate it.
      const user = await createTestUser(db, { roles: ['advocate'] });
      const session = await login(t.app, user);
      for (const { name, options } of cases()) {
        for (const authenticated of route.auth ? [false, true] : [false]) {
          const headers = { ...(authenticated ? session.auth : {}), ...(options.headers ?? {}) };
          const res = await t.app.inject({
            method: route.method,
            url: route.url,
            ...options,
            headers,
            ...(route.method === 'GET' ? { payload: undefined } : {}),
          });
          const label = `${route.method} ${route.url} [${name}${authenticated ? ', authenticated' : ''}] → ${res.statusCode} ${res.body.slice(0, 200)}`;
          assert.ok(res.statusCode < 500, label);
          const body: unknown = JSON.parse(res.body);
          if (res.statusCode >= 400) {
            assert.equal(typeof (body as { detail?: unknown }).detail, 'string', label);
            assert.doesNotMatch(res.body, /at .+\.(ts|js):\d+/, `no stack traces: ${label}`);
          }
        }
      }
    });
  }

  it('oversize bodies get 413', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/token/', payload: { email: MEGABYTE, password: 'x' } });
    assert.equal(res.statusCode, 413);
    assert.deepEqual(res.json(), { detail: 'Request body is too large' });
  });

  it('malformed JSON gets a 400 saying so', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/token/',
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.json(), { detail: 'Malformed JSON body' });
  });

  it('wrong types are 400s naming the field (no coercion of JSON bodies)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/token/', payload: { email: 'a@b.test', password: 12345678 } });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.json(), { detail: 'password: must be a string', errors: { password: ['must be a string'] } });
  });

  it('unknown fields are ignored, not trusted', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/register/',
      payload: { username: 'sneaky', email: 'sneaky@example.test', password: 'Password1!', password_confirmation: 'Password1!', is_staff: true, roles: ['Advocate'] },
    });
    assert.equal(res.statusCode, 201);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/user/me/', headers: { authorization: `Bearer ${res.json().access}` } });
    assert.equal(me.json().data.is_staff, false);
    assert.deepEqual(me.json().data.roles, []);
  });
});

// Hostile and sloppy input against every route of the API: nothing a client sends may produce a
// 5xx, and every error must be JSON with a `detail` sentence.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { readdirSync } from 'node:fs';
import type { InjectOptions } from 'fastify';
import {
  buildTestApp,
  createBrandAs,
  createCampaignAs,
  createTestUser,
  joinAs,
  login,
  multipartPayload,
  openTestDatabase,
  SAMPLE_FILES,
  signIn,
  type TestApp,
  type TestDatabase,
} from './helpers.js';

interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** `{brand}`, `{product}` and `{campaign}` become objects owned by the calling user. */
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
  { method: 'POST', url: '/api/v1/brand/create/', auth: true },
  { method: 'GET', url: '/api/v1/brand/list/', auth: true },
  { method: 'GET', url: '/api/v1/brand/{brand}/', auth: true },
  { method: 'GET', url: '/api/v1/brand/{brand}/products/', auth: true },
  { method: 'POST', url: '/api/v1/product/create/', auth: true },
  { method: 'GET', url: '/api/v1/product/{product}/', auth: true },
  { method: 'PUT', url: '/api/v1/product/{product}/update/', auth: true },
  { method: 'DELETE', url: '/api/v1/product/{product}/delete/', auth: true },
  { method: 'GET', url: '/api/v1/brand/{brand}/campaigns/', auth: true },
  { method: 'POST', url: '/api/v1/campaign/create/', auth: true },
  { method: 'PATCH', url: '/api/v1/campaign/update/{campaign}/', auth: true },
  { method: 'DELETE', url: '/api/v1/campaign/delete/{campaign}/', auth: true },
  { method: 'GET', url: '/api/v1/campaign/list/', auth: true },
  { method: 'GET', url: '/api/v1/campaign/{campaign}/', auth: true },
  { method: 'GET', url: '/api/v1/files/x.pdf', auth: false },
  { method: 'POST', url: '/api/v1/join-campaign/', auth: true },
  { method: 'POST', url: '/api/v1/sdk-log-conversion/', auth: true },
  { method: 'GET', url: '/api/v1/brand/{brand}/api-keys/', auth: true },
  { method: 'POST', url: '/api/v1/brand/{brand}/api-keys/', auth: true },
  { method: 'DELETE', url: '/api/v1/brand/{brand}/api-keys/1/', auth: true },
  { method: 'GET', url: '/api/v1/campaign/{campaign}/stats/', auth: true },
  { method: 'GET', url: '/sdk/v1.js', auth: false },
];

/** Routes reading multipart forms. */
const FORM_ROUTES: Route[] = ROUTES.filter((route) =>
  /brand\/create|campaign\/(create|update)/.test(route.url),
);

const FIELDS = [
  'email',
  'password',
  'password_confirmation',
  'username',
  'first_name',
  'last_name',
  'is_active',
  'user_id',
  'otp',
  'role',
  'brand_name',
  'brand_type',
  'brand_size',
  'phone_no',
  'website_url',
  'instagram_url',
  'discord_url',
  'X_url',
  'description',
  'name',
  'price',
  'currency',
  'status',
  'brand_id',
  'unique_id',
  'source_product_id',
  'image_url',
  'product_url',
  'brand',
  'title',
  'category',
  'target_customers',
  'location',
  'gender',
  'age_range',
  'budget_limit',
  'duration',
  'product_ids',
  'commission_type',
  'commission_value',
  'id',
  'source',
  'campaign_id',
  'advocate_id',
  'kind',
  'conversionRef',
  'campaignId',
  'affiliateId',
  'sessionId',
  'eventType',
  'value',
  'rewardAmount',
  'productId',
  'via',
  'clickId',
];
const WRONG_VALUES: unknown[] = [
  null,
  12345,
  -1,
  1.5,
  true,
  [],
  ['a'],
  {},
  { $gt: '' },
  '',
  ' ',
  '\u0000',
  'x'.repeat(10_000),
  2 ** 53,
  '1e309',
];
const MEGABYTE = 'a'.repeat(1024 * 1024);

type Case = { name: string; options: Omit<InjectOptions, 'method' | 'url'> };

function cases(): Case[] {
  const json = (payload: string): Case['options'] => ({
    payload,
    headers: { 'content-type': 'application/json' },
  });
  const list: Case[] = [
    { name: 'malformed JSON', options: json('{"email": "a@b.test",') },
    { name: 'truncated JSON', options: json('{') },
    { name: 'JSON array', options: json('[1,2,3]') },
    { name: 'JSON string', options: json('"hello"') },
    { name: 'JSON null', options: json('null') },
    { name: 'JSON number', options: json('42') },
    {
      name: 'prototype pollution',
      options: json('{"__proto__": {"isStaff": true}, "email": "a@b.test"}'),
    },
    { name: 'constructor pollution', options: json('{"constructor": {"prototype": {"x": 1}}}') },
    { name: 'empty body with JSON type', options: json('') },
    { name: 'missing fields', options: { payload: {} } },
    {
      name: 'unknown fields',
      options: { payload: { hello: 'world', admin: true, is_staff: true } },
    },
    {
      name: 'text/plain body',
      options: { payload: 'email=a@b.test', headers: { 'content-type': 'text/plain' } },
    },
    {
      name: 'form body',
      options: {
        payload: 'email=a%40b.test',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
    },
    { name: '1 MB string field', options: { payload: { email: MEGABYTE, password: MEGABYTE } } },
    {
      name: 'query string junk',
      options: {
        query: {
          email: ['a', 'b'],
          user_id: 'x',
          status: ['a', 'b'],
          limit: '1e9',
          exp: 'x',
          sig: '',
        },
        payload: {},
      },
    },
    {
      name: 'odd authorization header',
      options: { payload: {}, headers: { authorization: 'Bearer ' + 'x'.repeat(5000) } },
    },
    {
      name: 'refresh cookie junk',
      options: { payload: {}, cookies: { refresh_token: 'x'.repeat(4000) } },
    },
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

/** The route's URL with its placeholders filled by a brand, product and campaign of `user`. */
async function fixtureUrl(route: Route, user: { id: number }): Promise<string> {
  if (!/\{(brand|product|campaign)\}/.test(route.url)) return route.url;
  const owner = { id: user.id, auth: (await signIn(t.app, user)).auth };
  const brand = await createBrandAs(t, owner, { brand_name: 'Fuzz' });
  const product = await t.app.inject({
    method: 'POST',
    url: '/api/v1/product/create/',
    headers: owner.auth,
    payload: { name: 'P', price: 1, currency: 'USD', status: 'active', brand_id: brand },
  });
  const campaign = await t.app.inject({
    method: 'POST',
    url: '/api/v1/campaign/create/',
    headers: owner.auth,
    payload: { brand },
  });
  return route.url
    .replace('{brand}', String(brand))
    .replace('{product}', String(product.json().data.product.id))
    .replace('{campaign}', String(campaign.json().campaign.id));
}

describe('fuzz: no client input produces a 5xx', () => {
  for (const route of ROUTES) {
    it(`${route.method} ${route.url}`, async () => {
      // A user of its own per route: some cases (user/delete/) legitimately deactivate it.
      const user = await createTestUser(db, { roles: ['advocate'] });
      const session = await login(t.app, user);
      const url = await fixtureUrl(route, user);
      for (const { name, options } of cases()) {
        for (const authenticated of route.auth ? [false, true] : [false]) {
          const headers = { ...(authenticated ? session.auth : {}), ...(options.headers ?? {}) };
          const res = await t.app.inject({
            method: route.method,
            url,
            ...options,
            headers,
            ...(route.method === 'GET' ? { payload: undefined } : {}),
          });
          const label = `${route.method} ${url} [${name}${authenticated ? ', authenticated' : ''}] → ${res.statusCode} ${res.body.slice(0, 200)}`;
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

  for (const route of FORM_ROUTES) {
    it(`${route.method} ${route.url} with hostile multipart bodies`, async () => {
      const user = await createTestUser(db);
      const url = await fixtureUrl(route, user);
      const { auth } = await signIn(t.app, user);
      const valid = await multipartPayload({ brand_name: 'x' });
      const boundary = valid.headers['content-type'].split('boundary=')[1];
      const forms = [
        await multipartPayload(
          Object.fromEntries(FIELDS.map((field) => [field, '\u0000'.repeat(3)])),
        ),
        await multipartPayload(
          Object.fromEntries(FIELDS.map((field) => [field, 'x'.repeat(70_000)])),
        ),
        await multipartPayload({
          __proto__: 'x',
          constructor: 'y',
          product_ids: '{"__proto__":{"x":1}}',
        }),
        await multipartPayload({
          product_ids: '[1e999, -1, "a"]',
          brand: '1e999',
          price: 'NaN',
          duration: 'Infinity',
        }),
        await multipartPayload(
          {},
          {
            video: { content: SAMPLE_FILES.mp4, filename: 'a' },
            brand_CAC: { content: SAMPLE_FILES.pdf, filename: 'b' },
          },
        ),
        await multipartPayload(
          {},
          {
            video: { content: Buffer.alloc(0), filename: '' },
            brand_CAC: { content: Buffer.alloc(3), filename: '' },
          },
        ),
        {
          payload: Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="brand_name"\r\n\r\nunterminated`,
          ),
          headers: valid.headers,
        },
        {
          payload: Buffer.from('garbage'),
          headers: { 'content-type': 'multipart/form-data; boundary=' },
        },
        { payload: Buffer.from(''), headers: valid.headers },
      ];
      for (const [index, form] of forms.entries()) {
        const res = await t.app.inject({
          method: route.method,
          url,
          payload: form.payload,
          headers: { ...auth, ...form.headers },
        });
        const label = `${route.method} ${url} [form ${index}] → ${res.statusCode} ${res.body.slice(0, 200)}`;
        assert.ok(res.statusCode < 500, label);
        if (res.statusCode >= 400) assert.equal(typeof res.json().detail, 'string', label);
      }
      assert.deepEqual(
        readdirSync(`${t.app.deps.uploads.dir}/.staging`),
        [],
        'nothing left staged',
      );
    });
  }

  it('GET/HEAD /r/{code}: junk codes, queries and headers never produce a 5xx', async () => {
    const owner = await createTestUser(db, { roles: ['advocate'] });
    const ownerActor = { id: owner.id, auth: (await signIn(t.app, owner)).auth };
    const brand = await createBrandAs(t, ownerActor, { brand_name: 'Redirect fuzz' });
    const campaign = await createCampaignAs(t, ownerActor, brand, {
      product_url: 'https://shop.example/x?a=1#f',
    });
    const real = (await joinAs(t, ownerActor, campaign)).get(null) ?? assert.fail('no link');
    const codes = [
      real,
      'AAAAAAAAAAAAAAAA',
      'a',
      '%20',
      '..%2F..%2Fetc',
      '\u0000'.repeat(3),
      'x'.repeat(32),
      '%E2%80%AE',
      '{code}',
    ];
    const headerSets: Record<string, string>[] = [
      {},
      { 'user-agent': '' },
      { 'user-agent': 'x'.repeat(8000), referer: 'not a url' },
      { referer: 'http://[::1', 'x-forwarded-for': 'garbage, ,' },
      { referer: 'javascript:alert(1)', 'user-agent': 'Mozilla/5.0' },
    ];
    for (const code of codes) {
      for (const headers of headerSets) {
        for (const method of ['GET', 'HEAD'] as const) {
          const res = await t.app.inject({
            method,
            url: `/r/${encodeURIComponent(code)}?utm_source=a&utm_source=b&via=%ZZ`,
            headers,
          });
          assert.ok(res.statusCode < 500, `${method} /r/${code} → ${res.statusCode}`);
        }
      }
    }
  });

  it('oversize bodies get 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/token/',
      payload: { email: MEGABYTE, password: 'x' },
    });
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
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/token/',
      payload: { email: 'a@b.test', password: 12345678 },
    });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.json(), {
      detail: 'password: must be a string',
      errors: { password: ['must be a string'] },
    });
  });

  it('unknown fields are ignored, not trusted', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/register/',
      payload: {
        username: 'sneaky',
        email: 'sneaky@example.test',
        password: 'Password1!',
        password_confirmation: 'Password1!',
        is_staff: true,
        roles: ['Advocate'],
      },
    });
    assert.equal(res.statusCode, 201);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user/me/',
      headers: { authorization: `Bearer ${res.json().access}` },
    });
    assert.equal(me.json().data.is_staff, false);
    assert.deepEqual(me.json().data.roles, []);
  });
});

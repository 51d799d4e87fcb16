import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { describe, it } from 'node:test';
import type {
  ActiveRoleReply,
  BrandListReply,
  BrandReply,
  CreateBrandReply,
  ErrorReply,
  MeReply,
} from 'contract';
import { count } from 'drizzle-orm';
import { brands } from '../../db/schema.js';
import {
  actor,
  brandWorld,
  createBrandAs,
  multipartPayload,
  SAMPLE_FILES,
  signIn,
  type Actor,
  type TestApp,
  type TestDatabase,
  withTestApp,
} from '../../test/helpers.js';

let db: TestDatabase;
let t: TestApp;

withTestApp((world) => ({ db, t } = world));

async function createMultipart(
  who: Actor,
  fields: Record<string, string>,
  files: Parameters<typeof multipartPayload>[1] = {},
) {
  const form = await multipartPayload(fields, files);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/brand/create/',
    payload: form.payload,
    headers: { ...who.auth, ...form.headers },
  });
}
const brandCount = async () => (await db.handle.db.select({ n: count() }).from(brands))[0].n;
/** Files kept or staged under DATA_DIR/uploads (none may outlive a failed request). */
const storedFiles = () => ({
  kept: readdirSync(t.app.deps.uploads.dir).filter((name) => !name.startsWith('.')),
  staged: readdirSync(`${t.app.deps.uploads.dir}/.staging`),
});

const FULL = {
  brand_name: '  Acme Foods ',
  brand_type: 'company',
  brand_size: '51-200',
  phone_no: '+234 (801) 234-5678',
  website_url: 'https://acme.example',
  instagram_url: 'https://instagram.com/acme',
  discord_url: 'https://discord.gg/acme',
  X_url: 'https://x.com/acme',
  description: 'Snacks',
};

describe('POST brand/create/', () => {
  it('creates the brand, grants Brand Owner, activates it for the session and lists it in brand_ids', async () => {
    const user = await actor(t, db, { roles: ['advocate'] });
    assert.equal(
      (await t.call<ActiveRoleReply>('GET', 'user/active-role/', { as: user })).json().active_role,
      'advocate',
    );

    const res = await t.call<CreateBrandReply>('POST', 'brand/create/', { as: user, body: FULL });
    assert.equal(res.statusCode, 201);
    const body = res.json();
    assert.deepEqual(body, {
      status: 'success',
      message: 'Brand application successful',
      brand: {
        id: body.brand.id,
        brand_name: 'Acme Foods',
        brand_type: 'company',
        brand_size: '51-200',
        phone_no: '+234 (801) 234-5678',
        website_url: 'https://acme.example',
        instagram_url: 'https://instagram.com/acme',
        discord_url: 'https://discord.gg/acme',
        X_url: 'https://x.com/acme',
        description: 'Snacks',
        brand_CAC: null,
        owner_id: user.id,
        created_at: '2030-01-01T12:00:00.000Z',
        // The program page's address comes from the name; no logo or questions until edited.
        slug: 'acme-foods',
        logo: null,
        application_questions: [],
      },
      roles: ['Brand Owner', 'Advocate'],
      active_role: 'brand_owner',
    });

    const role = (await t.call<ActiveRoleReply>('GET', 'user/active-role/', { as: user })).json();
    assert.equal(role.active_role, 'brand_owner');
    assert.deepEqual(role.roles, ['Brand Owner', 'Advocate']);
    const second = await createBrandAs(t, user, { brand_name: 'Second' });
    assert.deepEqual(
      (await t.call<MeReply>('GET', 'user/me/', { as: user })).json().data.brand_ids,
      [body.brand.id, second],
    );
  });

  it('needs only brand_name; optional fields come back null', async () => {
    const user = await actor(t, db);
    const res = await t.call<CreateBrandReply>('POST', 'brand/create/', {
      as: user,
      body: { brand_name: 'Solo' },
    });
    assert.equal(res.statusCode, 201);
    const brand = res.json().brand;
    for (const field of [
      'brand_type',
      'brand_size',
      'phone_no',
      'website_url',
      'instagram_url',
      'discord_url',
      'X_url',
      'description',
      'brand_CAC',
    ] as const) {
      assert.equal(brand[field], null, field);
    }
  });

  it('validates with the messages the forms show', async () => {
    const user = await actor(t, db);
    const res = await t.call<ErrorReply>('POST', 'brand/create/', {
      as: user,
      body: {
        brand_name: '   ',
        phone_no: '12-ab',
        website_url: 'https://localhost',
        brand_type: 'agency',
        brand_size: '1-10',
        X_url: 'javascript:alert(1)',
      },
    });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.json().errors, {
      brand_name: ['Brand name is required'],
      phone_no: ['Enter a valid phone number'],
      website_url: ['Enter a valid URL starting with http:// or https://'],
      brand_type: ['must be one of: company, product'],
      brand_size: ['must be one of: 2-50, 51-200, 201-500, 500+'],
      X_url: ['Enter a valid URL starting with http:// or https://'],
    });
    const missing = await t.call('POST', 'brand/create/', { as: user, body: {} });
    assert.deepEqual(missing.json(), {
      detail: 'brand_name: Brand name is required',
      errors: { brand_name: ['Brand name is required'] },
    });
    assert.equal(await brandCount(), 0);
    assert.equal(
      (await t.call<MeReply>('GET', 'user/me/', { as: user })).json().data.roles.length,
      0,
      'no role without a brand',
    );
  });

  it('accepts the phone and URL forms the rules allow', async () => {
    const user = await actor(t, db);
    for (const [phone_no, website_url] of [
      ['0801 234 5678', 'http://acme.co.uk/path?q=1'],
      ['+1-555-0100', 'https://shop.acme.example:8443/'],
    ]) {
      assert.equal(
        (
          await t.call('POST', 'brand/create/', {
            as: user,
            body: { brand_name: 'B', phone_no, website_url },
          })
        ).statusCode,
        201,
        `${phone_no} ${website_url}`,
      );
    }
  });

  it('adds https:// to a website typed without it, in JSON and in a form', async () => {
    const user = await actor(t, db);
    const json = await t.call<CreateBrandReply>('POST', 'brand/create/', {
      as: user,
      body: { brand_name: 'Lumen Roast', website_url: 'lumenroast.test' },
    });
    assert.equal(json.statusCode, 201, json.body);
    assert.equal(json.json().brand.website_url, 'https://lumenroast.test');
    const form = await createMultipart(user, {
      brand_name: 'Lumen Form',
      website_url: 'www.lumenroast.test/shop',
    });
    assert.equal(form.statusCode, 201, form.body);
    assert.equal(
      form.json<CreateBrandReply>().brand.website_url,
      'https://www.lumenroast.test/shop',
    );
    // A value that is no host is still refused, naming the field.
    const bad = await t.call<{ errors: Record<string, string[]> }>('POST', 'brand/create/', {
      as: user,
      body: { brand_name: 'B', website_url: 'lumenroast' },
    });
    assert.equal(bad.statusCode, 400);
    assert.deepEqual(bad.json().errors.website_url, [
      'Enter a valid URL starting with http:// or https://',
    ]);
  });

  it('requires authentication', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/brand/create/',
      payload: { brand_name: 'x' },
    });
    assert.equal(res.statusCode, 401);
  });
});

describe('POST brand/create/ multipart', () => {
  it('stores the CAC document (PDF or image by content) and returns a signed URL to it', async () => {
    const user = await actor(t, db);
    for (const [kind, content, type] of [
      ['pdf', SAMPLE_FILES.pdf, 'application/pdf'],
      ['png', SAMPLE_FILES.png, 'image/png'],
      ['jpeg', SAMPLE_FILES.jpeg, 'image/jpeg'],
    ] as const) {
      // The client's name and type are ignored: only the content decides.
      const res = await createMultipart(
        user,
        { ...FULL, brand_name: `Brand ${kind}` },
        { brand_CAC: { content, filename: '../../etc/passwd', type: 'text/plain' } },
      );
      assert.equal(res.statusCode, 201, res.body);
      const brand = res.json().brand;
      assert.equal(brand.brand_name, `Brand ${kind}`);
      assert.equal(brand.brand_size, '51-200');
      assert.match(
        brand.brand_CAC,
        /^\/api\/v1\/files\/[A-Za-z0-9_-]{24}\.(pdf|png|jpg)\?exp=\d+&sig=[A-Za-z0-9_-]+$/,
      );
      const file = await t.app.inject({ method: 'GET', url: brand.brand_CAC });
      assert.equal(file.statusCode, 200);
      assert.equal(file.headers['content-type'], type);
      assert.match(
        String(file.headers['content-disposition']),
        /^inline; filename="(document|image)\.(pdf|png|jpg)"$/,
      );
      assert.equal(file.headers['x-content-type-options'], 'nosniff');
      assert.deepEqual(file.rawPayload, content);
    }
    assert.equal(storedFiles().kept.length, 3);
    assert.ok(storedFiles().kept.every((name) => !name.includes('passwd')));
    assert.deepEqual(storedFiles().staged, []);
    assert.deepEqual(
      (await t.call<ActiveRoleReply>('GET', 'user/active-role/', { as: user })).json().active_role,
      'brand_owner',
    );
  });

  it('works without a file, and validates fields exactly like JSON', async () => {
    const user = await actor(t, db);
    assert.equal(
      (await createMultipart(user, { brand_name: 'Plain form', website_url: '' })).statusCode,
      201,
      'empty fields are omitted',
    );
    const res = await createMultipart(
      user,
      { brand_name: ' ', phone_no: 'abc', website_url: 'ftp://acme.example', brand_type: 'agency' },
      { brand_CAC: { content: SAMPLE_FILES.pdf, filename: 'cac.pdf' } },
    );
    assert.equal(res.statusCode, 400);
    const json = await t.call<CreateBrandReply>('POST', 'brand/create/', {
      as: user,
      body: {
        brand_name: ' ',
        phone_no: 'abc',
        website_url: 'ftp://acme.example',
        brand_type: 'agency',
      },
    });
    assert.deepEqual(res.json(), json.json());
    assert.deepEqual(storedFiles(), { kept: [], staged: [] }, 'the rejected request left no file');
  });

  it('415 for a renamed executable (content, not name, decides), nothing stored', async () => {
    const user = await actor(t, db);
    const res = await createMultipart(
      user,
      { brand_name: 'Sneaky' },
      { brand_CAC: { content: SAMPLE_FILES.exe, filename: 'cac.pdf', type: 'application/pdf' } },
    );
    assert.equal(res.statusCode, 415);
    assert.deepEqual(res.json().errors, {
      brand_CAC: ['Must be an image (PNG, JPEG, GIF, WebP) or a PDF'],
    });
    const video = await createMultipart(
      user,
      { brand_name: 'Video' },
      { brand_CAC: { content: SAMPLE_FILES.mp4, filename: 'cac.png' } },
    );
    assert.equal(video.statusCode, 415, 'a video is not a CAC document');
    assert.equal(await brandCount(), 0);
    assert.deepEqual(storedFiles(), { kept: [], staged: [] });
  });

  it('413 above 5 MB, nothing stored', async () => {
    const user = await actor(t, db);
    const big = Buffer.concat([SAMPLE_FILES.pdf, Buffer.alloc(5 * 1024 * 1024)]);
    const res = await createMultipart(
      user,
      { brand_name: 'Big' },
      { brand_CAC: { content: big, filename: 'cac.pdf' } },
    );
    assert.equal(res.statusCode, 413);
    assert.deepEqual(res.json().errors, { brand_CAC: ['The file is larger than 5 MB'] });
    assert.equal(await brandCount(), 0);
    assert.deepEqual(storedFiles(), { kept: [], staged: [] });
  });

  it('400 for a file in another field or a second file', async () => {
    const user = await actor(t, db);
    const res = await createMultipart(
      user,
      { brand_name: 'x' },
      { logo: { content: SAMPLE_FILES.png, filename: 'a.png' } },
    );
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.json().errors, { logo: ['Unexpected file'] });
    assert.deepEqual(storedFiles(), { kept: [], staged: [] });
  });

  it('400 (never 500) for broken multipart bodies', async () => {
    const user = await actor(t, db);
    for (const [contentType, payload] of [
      ['multipart/form-data', 'no boundary'],
      [
        'multipart/form-data; boundary=xyz',
        '--xyz\r\nContent-Disposition: form-data; name="brand_name"\r\n\r\nAcme',
      ],
      ['multipart/form-data; boundary=xyz', '--xyz\r\nbroken header\r\n\r\n--xyz--'],
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/brand/create/',
        payload,
        headers: { ...user.auth, 'content-type': contentType },
      });
      assert.ok(
        res.statusCode >= 400 && res.statusCode < 500,
        `${payload} → ${res.statusCode} ${res.body}`,
      );
      assert.equal(typeof res.json().detail, 'string');
    }
  });
});

describe('GET brand/list/ and brand/{id}/', () => {
  it('lists the caller’s own brands; staff see all', async () => {
    const w = await brandWorld(t, db);
    const own = await t.call<BrandListReply>('GET', 'brand/list/', { as: w.owner });
    assert.equal(own.statusCode, 200);
    assert.equal(own.json().status, 'success');
    assert.deepEqual(
      own.json().brands.map((b: { id: number }) => b.id),
      [w.brandId],
    );
    assert.deepEqual((await t.call('GET', 'brand/list/', { as: w.advocate })).json(), {
      status: 'success',
      brands: [],
    });
    assert.deepEqual(
      (await t.call<BrandListReply>('GET', 'brand/list/', { as: w.staff }))
        .json()
        .brands.map((b: { id: number }) => b.id),
      [w.brandId, w.otherBrandId],
    );
    assert.equal((await t.call('GET', 'brand/list/')).statusCode, 401);
  });

  it('shows a brand to its owner and staff only; others get 404 with the brand screens’ shape', async () => {
    const w = await brandWorld(t, db);
    const own = await t.call<BrandReply>('GET', `brand/${w.brandId}/`, { as: w.owner });
    assert.equal(own.statusCode, 200);
    assert.equal(own.json().brand.brand_name, 'Owner Brand');
    assert.equal((await t.call('GET', `brand/${w.brandId}/`, { as: w.staff })).statusCode, 200);
    for (const who of [w.other, w.advocate]) {
      const res = await t.call('GET', `brand/${w.brandId}/`, { as: who });
      assert.equal(res.statusCode, 404);
      assert.deepEqual(res.json(), {
        status: 'error',
        message: 'Brand not found',
        detail: 'Brand not found',
      });
    }
    assert.equal((await t.call('GET', 'brand/99999/', { as: w.owner })).statusCode, 404);
    assert.equal((await t.call('GET', `brand/${w.brandId}/`)).statusCode, 401);
    assert.equal((await t.call('GET', 'brand/abc/', { as: w.owner })).statusCode, 400);
  });
});

describe('signed CAC URLs', () => {
  async function brandWithDocument(who: Actor): Promise<string> {
    const res = await createMultipart(
      who,
      { brand_name: 'Doc' },
      { brand_CAC: { content: SAMPLE_FILES.pdf, filename: 'cac.pdf' } },
    );
    return res.json().brand.brand_CAC as string;
  }

  it('are minted per reply for the owner and staff, and fail when tampered with or expired', async () => {
    const owner = await actor(t, db);
    const staff = await actor(t, db, { isStaff: true });
    const url = await brandWithDocument(owner);
    const id = (await t.call<BrandListReply>('GET', 'brand/list/', { as: owner })).json().brands[0]
      .id;
    const staffUrl = (await t.call<BrandReply>('GET', `brand/${id}/`, { as: staff })).json().brand
      .brand_CAC;
    assert.equal((await t.app.inject({ method: 'GET', url: staffUrl ?? '' })).statusCode, 200);

    const [path, query] = url.split('?');
    const params = new URLSearchParams(query);
    const sig = params.get('sig') ?? '';
    const exp = Number(params.get('exp'));
    const flip = (text: string) =>
      text.slice(0, -2) + (text.at(-2) === 'A' ? 'B' : 'A') + text.at(-1);
    for (const tampered of [
      `${path}?exp=${exp}&sig=${flip(sig)}`,
      `${path}?exp=${exp + 300}&sig=${sig}`,
      `${path}?exp=${exp}`,
      path,
      `${path.replace(/\.pdf$/, '.png')}?${query}`,
      `/api/v1/files/..%2F..%2Fjwt-secret?${query}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url: tampered });
      assert.equal(res.statusCode, 404, tampered);
      assert.deepEqual(res.json(), { detail: 'Not found' });
    }
    t.clock.advance(59 * 60 * 1000);
    assert.equal(
      (await t.app.inject({ method: 'GET', url })).statusCode,
      200,
      'valid for about an hour',
    );
    t.clock.advance(10 * 60 * 1000);
    assert.equal((await t.app.inject({ method: 'GET', url })).statusCode, 404, 'expired');
    // The access token has expired by now too: sign in again.
    const again = await signIn(t.app, owner);
    const fresh = (await t.call<BrandListReply>('GET', 'brand/list/', { as: again })).json()
      .brands[0].brand_CAC;
    assert.equal(
      (await t.app.inject({ method: 'GET', url: fresh ?? '' })).statusCode,
      200,
      'a new reply carries a new URL',
    );
  });
});

// PATCH brand/{id}/ (issue 36): owners and admins edit the brand's details, program page address,
// logo and application questions; the creation's rules answer 400 naming the field.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import type { AuditLogReply, BrandReply, BrandUpdate } from 'contract';
import { MESSAGES } from 'contract/rules';
import {
  createTestUser,
  multipartPayload,
  SAMPLE_FILES,
  signIn,
  withBrandWorld,
  type Actor,
  type BrandWorld,
  type TestApp,
  type TestDatabase,
} from '../../test/helpers.js';
import { rowsOf } from '../../lib/sql.js';
import { SLUG_TAKEN } from './edit.js';

let db: TestDatabase;
let t: TestApp;
let w: BrandWorld;
withBrandWorld((world) => ({ db, t, w } = world));

const patch = (who: Actor, body: BrandUpdate | Record<string, unknown>, brandId = w.brandId) =>
  t.call<BrandReply & { errors?: Record<string, string[]>; detail?: string }>(
    'PATCH',
    `brand/${brandId}/`,
    { as: who, body },
  );

async function member(role: 'admin' | 'finance' | 'analyst'): Promise<Actor> {
  const user = await createTestUser(db, { roles: ['brand_owner'] });
  await db.handle.db.execute(
    sql`insert into brand_members (brand_id, user_id, role, joined_at) values (${w.brandId}, ${user.id}, ${role}, now())`,
  );
  return { id: user.id, auth: (await signIn(t.app, user)).auth };
}

const QUESTIONS = [
  { id: 'audience', label: 'Where is your audience?', type: 'text', required: true },
  {
    id: 'channel',
    label: 'Main channel',
    type: 'choice',
    required: false,
    options: ['Blog', 'YouTube'],
  },
] as const;

describe('PATCH brand/{id}/', () => {
  it('changes the fields sent, keeps the others, and is audited with before and after', async () => {
    const res = await patch(w.owner, {
      brand_name: '  Lumen Roast  ',
      website_url: 'lumenroast.test',
      description: 'Single-origin coffee, roasted weekly.',
      slug: 'lumen-roast',
      application_questions: [...QUESTIONS],
    });
    assert.equal(res.statusCode, 200, res.body);
    const { brand } = res.json();
    assert.equal(brand.brand_name, 'Lumen Roast');
    assert.equal(brand.website_url, 'https://lumenroast.test');
    assert.equal(brand.description, 'Single-origin coffee, roasted weekly.');
    assert.equal(brand.slug, 'lumen-roast');
    assert.deepEqual(brand.application_questions, QUESTIONS);
    const read = await t.call<BrandReply>('GET', `brand/${w.brandId}/`, { as: w.owner });
    assert.deepEqual(read.json().brand, brand);

    // null clears an optional field; the others stay.
    const cleared = await patch(w.owner, { website_url: null });
    assert.equal(cleared.json().brand.website_url, null);
    assert.equal(cleared.json().brand.slug, 'lumen-roast');

    const audit = await t.call<AuditLogReply>('GET', `brand/${w.brandId}/audit-log/`, {
      as: w.owner,
    });
    const updates = audit.json().results.filter((e) => e.action === 'brand.updated');
    assert.equal(updates.length, 2);
    const first = updates.find((e) => (e.after as Record<string, unknown>)?.slug === 'lumen-roast');
    assert.ok(first, JSON.stringify(updates));
    assert.equal((first.after as Record<string, unknown>).brand_name, 'Lumen Roast');
    // One event per edit (the events' order is not their ids' on every database: compare as a set).
    const events = await rowsOf<{ data: { changed: string[] } }>(
      db.handle.db,
      sql`select data from events where type = 'brand.updated'`,
    );
    assert.deepEqual(events.map((e) => [...e.data.changed].sort().join()).sort(), [
      'application_questions,brand_name,description,slug,website_url',
      'website_url',
    ]);
  });

  it('answers 400 naming the field, with the creation’s messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ brand_name: '   ' }, 'brand_name'],
      [{ website_url: 'javascript:alert(1)' }, 'website_url'],
      [{ brand_type: 'cooperative' }, 'brand_type'],
      [{ slug: 'Not A Slug' }, 'slug'],
      [{ application_questions: [{ id: 'q', label: 'Pick', type: 'choice', required: true, options: ['One'] }] }, 'application_questions'],
      [{ application_questions: Array.from({ length: 6 }, (_, i) => ({ id: `q${i}`, label: 'Q', type: 'text', required: false })) }, 'application_questions'],
    ];
    for (const [body, field] of cases) {
      const res = await patch(w.owner, body);
      assert.equal(res.statusCode, 400, `${field}: ${res.body}`);
      assert.ok(Object.keys(res.json().errors ?? {}).includes(field), `${field}: ${res.body}`);
    }
    const blank = await patch(w.owner, { brand_name: '' });
    assert.deepEqual(blank.json().errors?.brand_name, [MESSAGES.brandNameRequired]);
    // Another brand's address is taken.
    assert.equal((await patch(w.other, { slug: 'taken-one' }, w.otherBrandId)).statusCode, 200);
    const taken = await patch(w.owner, { slug: 'taken-one' });
    assert.equal(taken.statusCode, 400);
    assert.deepEqual(taken.json().errors?.slug, [SLUG_TAKEN]);
    // Nothing of the refused edits stuck.
    const read = await t.call<BrandReply>('GET', `brand/${w.brandId}/`, { as: w.owner });
    assert.notEqual(read.json().brand.slug, 'taken-one');
  });

  it('owner and admin edit; finance and analyst are refused naming the role; strangers get 404', async () => {
    assert.equal((await patch(await member('admin'), { description: 'By the admin' })).statusCode, 200);
    for (const role of ['finance', 'analyst'] as const) {
      const res = await patch(await member(role), { description: 'No' });
      assert.equal(res.statusCode, 403, role);
      assert.match(res.json().detail ?? '', /owner or admin role/);
    }
    assert.equal((await patch(w.other, { description: 'Mine now' })).statusCode, 404);
    assert.equal((await patch(w.advocate, { description: 'Mine now' })).statusCode, 404);
    const read = await t.call<BrandReply>('GET', `brand/${w.brandId}/`, { as: w.owner });
    assert.equal(read.json().brand.description, 'By the admin');
  });

  it('sets a logo from a multipart form, refuses a PDF by name, and removes it with logo: null', async () => {
    const form = await multipartPayload(
      { description: 'With a logo' },
      { logo: { content: SAMPLE_FILES.png, filename: 'logo.png', type: 'image/png' } },
    );
    const res = await t.call<BrandReply>('PATCH', `brand/${w.brandId}/`, { as: w.owner, form });
    assert.equal(res.statusCode, 200, res.body);
    const logo = res.json().brand.logo;
    assert.ok(logo, 'a signed logo URL');
    const file = await t.app.inject({ method: 'GET', url: logo });
    assert.equal(file.statusCode, 200);
    assert.equal(file.headers['content-type'], 'image/png');

    const pdf = await multipartPayload(
      {},
      { logo: { content: SAMPLE_FILES.pdf, filename: 'logo.pdf', type: 'application/pdf' } },
    );
    const refused = await t.call<{ errors?: Record<string, string[]> }>('PATCH', `brand/${w.brandId}/`, {
      as: w.owner,
      form: pdf,
    });
    assert.equal(refused.statusCode, 415, refused.body);
    assert.ok(Object.keys(refused.json().errors ?? {}).includes('logo'), refused.body);

    const removed = await patch(w.owner, { logo: null });
    assert.equal(removed.json().brand.logo, null);
    const [{ n }] = await rowsOf<{ n: number }>(
      db.handle.db,
      sql`select count(*)::int as n from uploads where content_type = 'image/png'`,
    );
    assert.equal(n, 0, 'the removed logo is released');
  });
});

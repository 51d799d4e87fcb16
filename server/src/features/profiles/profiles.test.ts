import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ErrorReply, ProfileView } from 'contract';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.js';
import {
  actor,
  multipartPayload,
  SAMPLE_FILES,
  type BrandWorld,
  type TestApp,
  type TestDatabase,
  withBrandWorld,
  type Caller,
} from '../../test/helpers.js';

let db: TestDatabase;
let t: TestApp;
let w: BrandWorld;

withBrandWorld((world) => ({ db, t, w } = world));

/** A multipart save; the reply is the profile unless the test expects an error. */
const putForm = async <Reply = ProfileView>(
  who: Caller,
  fields: Record<string, string>,
  files: Parameters<typeof multipartPayload>[1] = {},
) => {
  return t.call<Reply>('PUT', 'advocate/profile/', {
    as: who,
    form: await multipartPayload(fields, files),
  });
};

describe('advocate/profile/', () => {
  it("starts from the account's name and email, then keeps exactly what was saved", async () => {
    const me = await actor(t, db, { roles: ['advocate'] });
    await db.handle.db
      .update(users)
      .set({ firstName: 'Ada', lastName: 'Obi' })
      .where(eq(users.id, me.id));
    const initial = await t.call<ProfileView>('GET', 'advocate/profile/', { as: me });
    assert.equal(initial.statusCode, 200, initial.body);
    const start = initial.json();
    assert.equal(start.full_name, 'Ada Obi');
    assert.match(start.email, /@/);
    assert.equal(start.picture_url, null);
    assert.equal(start.updated_at, null);

    const saved = await t.call('PUT', 'advocate/profile/', {
      as: me,
      body: {
        full_name: '  Ada O. ',
        description: 'Runner and reviewer',
        email: 'Ada@Example.com',
        telephone: '+234 801 234 5678',
        instagram_url: 'https://instagram.com/ada',
        x_url: 'https://x.com/ada',
      },
    });
    assert.equal(saved.statusCode, 200, saved.body);
    const expected = {
      full_name: 'Ada O.',
      description: 'Runner and reviewer',
      email: 'ada@example.com',
      telephone: '+234 801 234 5678',
      picture_url: null,
      website_url: '',
      instagram_url: 'https://instagram.com/ada',
      x_url: 'https://x.com/ada',
      tiktok_url: '',
      youtube_url: '',
      updated_at: '2030-01-01T12:00:00.000Z',
    };
    assert.deepEqual(saved.json(), expected);
    assert.deepEqual((await t.call('GET', 'advocate/profile/', { as: me })).json(), expected);

    // A field left out of the next save is cleared (the form sends the whole profile).
    const cleared = await t.call<ProfileView>('PUT', 'advocate/profile/', {
      as: me,
      body: { full_name: 'Ada' },
    });
    assert.equal(cleared.json().instagram_url, '');
    assert.equal(cleared.json().email, '');
  });

  it('400 naming the field for a bad email, phone, link or too long text', async () => {
    const bad = await t.call<ErrorReply>('PUT', 'advocate/profile/', {
      as: w.advocate,
      body: {
        email: 'not-an-email',
        telephone: 'call me',
        website_url: 'javascript:alert(1)',
        description: 'x'.repeat(1001),
      },
    });
    assert.equal(bad.statusCode, 400);
    assert.deepEqual(bad.json().errors, {
      email: ['must be a valid email'],
      telephone: ['Enter a valid phone number'],
      website_url: ['Enter a valid URL starting with http:// or https://'],
      description: ['must be at most 1000 characters'],
    });
    const wrongType = await t.call<ErrorReply>('PUT', 'advocate/profile/', {
      as: w.advocate,
      body: { full_name: 5 },
    });
    assert.equal(wrongType.statusCode, 400);
    assert.deepEqual(Object.keys(wrongType.json().errors ?? {}), ['full_name']);
  });

  it('each advocate reads and writes only their own; non-advocates and strangers are refused', async () => {
    const other = await actor(t, db, { roles: ['advocate'] });
    await t.call('PUT', 'advocate/profile/', { as: w.advocate, body: { full_name: 'Mine' } });
    const theirs = (await t.call<ProfileView>('GET', 'advocate/profile/', { as: other })).json();
    assert.notEqual(theirs.full_name, 'Mine');
    assert.equal(theirs.updated_at, null);

    const owner = await t.call('PUT', 'advocate/profile/', {
      as: w.owner,
      body: { full_name: 'Owner' },
    });
    assert.equal(owner.statusCode, 403);
    assert.deepEqual(owner.json(), { detail: 'Only advocates have an advocate profile' });
    assert.equal((await t.call('GET', 'advocate/profile/', { as: w.owner })).statusCode, 403);
    assert.equal((await t.call('GET', 'advocate/profile/')).statusCode, 401);
  });

  it('the picture is judged by its content: an image is kept and served, anything else is 415', async () => {
    const saved = await putForm(
      w.advocate,
      { full_name: 'Pic Person', description: 'hello' },
      { picture: { content: SAMPLE_FILES.png, filename: 'me.gif', type: 'image/gif' } },
    );
    assert.equal(saved.statusCode, 200, saved.body);
    const url = saved.json().picture_url ?? '';
    assert.match(url, /^\/api\/v1\/files\/[A-Za-z0-9_-]{24}\.png\?exp=\d+&sig=/);
    const served = await t.app.inject({ method: 'GET', url });
    assert.equal(served.statusCode, 200);
    assert.equal(served.headers['content-type'], 'image/png');
    assert.deepEqual(served.rawPayload, SAMPLE_FILES.png);

    // A save without a file keeps the picture; remove_picture drops it.
    const kept = await t.call<ProfileView>('PUT', 'advocate/profile/', {
      as: w.advocate,
      body: { full_name: 'P' },
    });
    assert.equal(kept.json().picture_url, url);

    const disguised = await putForm<ErrorReply>(
      w.advocate,
      { full_name: 'Evil' },
      { picture: { content: SAMPLE_FILES.exe, filename: 'me.png', type: 'image/png' } },
    );
    assert.equal(disguised.statusCode, 415);
    assert.deepEqual(disguised.json().errors, {
      picture: ['Must be an image (PNG, JPEG, GIF, WebP)'],
    });
    const pdf = await putForm(
      w.advocate,
      {},
      { picture: { content: SAMPLE_FILES.pdf, filename: 'me.png' } },
    );
    assert.equal(pdf.statusCode, 415);
    // The refused uploads changed nothing.
    const after = (
      await t.call<ProfileView>('GET', 'advocate/profile/', { as: w.advocate })
    ).json();
    assert.equal(after.full_name, 'P');
    assert.equal(after.picture_url, url);

    const removed = await t.call<ProfileView>('PUT', 'advocate/profile/', {
      as: w.advocate,
      body: {
        remove_picture: true,
      },
    });
    assert.equal(removed.json().picture_url, null);
  });

  it('a form with a bad field stores no picture and names the field', async () => {
    const res = await putForm<ErrorReply>(
      w.advocate,
      { telephone: 'nope' },
      { picture: { content: SAMPLE_FILES.jpeg, filename: 'a.jpg' } },
    );
    assert.equal(res.statusCode, 400);
    assert.deepEqual(Object.keys(res.json().errors ?? {}), ['telephone']);
    assert.equal(
      (await t.call<ProfileView>('GET', 'advocate/profile/', { as: w.advocate })).json()
        .picture_url,
      null,
    );
  });
});

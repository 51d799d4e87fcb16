import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type {
  BrandCampaignsReply,
  CampaignListReply,
  CampaignView,
  CampaignWriteReply,
  ErrorReply,
  ProductWriteReply,
} from 'contract';
import { eq } from 'drizzle-orm';
import { campaignProducts, campaigns } from '../../db/schema.js';
import {
  multipartPayload,
  SAMPLE_FILES,
  type Actor,
  type BrandWorld,
  type TestApp,
  type TestDatabase,
  withBrandWorld,
} from '../../test/helpers.js';

let db: TestDatabase;
let t: TestApp;
let w: BrandWorld;
withBrandWorld((world) => ({ db, t, w } = world));

/** A multipart create or update; the reply is the campaign unless the test expects an error. */
async function callForm<Reply = CampaignWriteReply>(
  method: 'POST' | 'PATCH',
  url: string,
  who: Actor,
  fields: Record<string, string>,
  files: Parameters<typeof multipartPayload>[1] = {},
) {
  return t.call<Reply>(method, url, {
    as: who,
    form: await multipartPayload(fields, files),
  });
}

async function product(who: Actor, brandId: number, name = 'Sneaker'): Promise<number> {
  const res = await t.call<ProductWriteReply>('POST', 'product/create/', {
    as: who,
    body: {
      name,
      price: 10,
      currency: 'USD',
      status: 'active',
      brand_id: brandId,
      product_url: `https://shop.example/${name}`,
    },
  });
  assert.equal(res.statusCode, 201, res.body);
  return res.json().data.product.id;
}

async function campaign(
  who: Actor,
  fields: Record<string, unknown> = {},
): Promise<{ id: number; campaign_id: string }> {
  const res = await t.call<CampaignWriteReply>('POST', 'campaign/create/', {
    as: who,
    body: {
      brand: w.brandId,
      title: 'Launch',
      commission_value: 10,
      ...fields,
    },
  });
  assert.equal(res.statusCode, 201, res.body);
  return res.json().campaign;
}

describe('POST campaign/create/', () => {
  it('creates a campaign with its products and the defaults', async () => {
    const p1 = await product(w.owner, w.brandId, 'one');
    const p2 = await product(w.owner, w.brandId, 'two');
    const res = await t.call<CampaignWriteReply>('POST', 'campaign/create/', {
      as: w.owner,
      body: {
        brand: w.brandId,
        title: ' Summer ',
        category: 'Fashion',
        description: 'Big sale',
        target_customers: 'Students',
        location: 'Lagos',
        gender: 'any',
        age_range: '18-25',
        budget_limit: 1000.5,
        product_url: 'https://shop.example/summer',
        duration: 30,
        commission_value: 12.5,
        product_ids: [p2, p1, p2],
      },
    });
    assert.equal(res.statusCode, 201);
    const body = res.json();
    assert.equal(body.status, 'success');
    assert.equal(body.message, 'Campaign created');
    assert.match(body.campaign.campaign_id, /^CMP-[2-9A-HJ-NP-Z]{8}$/);
    assert.deepEqual(body.campaign, {
      id: body.campaign.id,
      campaign_id: body.campaign.campaign_id,
      title: 'Summer',
      category: 'Fashion',
      description: 'Big sale',
      target_customers: 'Students',
      location: 'Lagos',
      gender: 'any',
      age_range: '18-25',
      budget_limit: 1000.5,
      product_url: 'https://shop.example/summer',
      duration: 30,
      status: 'active',
      video: null,
      brand: w.brandId,
      brand_name: 'Owner Brand',
      commission_type: 'percentage',
      commission_value: 12.5,
      event_rewards: {},
      recurring_months: null,
      forbid_paid_ads: false,
      // Anyone may join until the brand asks for applications.
      join_mode: 'open',
      auto_approve: false,
      products: [
        { id: p1, name: 'one', product_url: 'https://shop.example/one' },
        { id: p2, name: 'two', product_url: 'https://shop.example/two' },
      ],
      product_ids: [p1, p2],
      created_at: '2030-01-01T12:00:00.000Z',
    });
    const second = await campaign(w.owner);
    assert.notEqual(second.campaign_id, body.campaign.campaign_id);
  });

  it('needs only brand (no required fields)', async () => {
    const res = await t.call<CampaignWriteReply>('POST', 'campaign/create/', {
      as: w.owner,
      body: { brand: w.brandId },
    });
    assert.equal(res.statusCode, 201);
    assert.equal(res.json().campaign.title, null);
    const missing = await t.call<ErrorReply>('POST', 'campaign/create/', { as: w.owner, body: {} });
    assert.deepEqual(missing.json().errors, { brand: ['is required'] });
  });

  it('validates the numbers, status and reward rule', async () => {
    const res = await t.call<ErrorReply>('POST', 'campaign/create/', {
      as: w.owner,
      body: {
        brand: w.brandId,
        duration: 0,
        budget_limit: -1,
        status: 'draft',
        commission_type: 'bonus',
        commission_value: -2,
        product_url: 'javascript:alert(1)',
        product_ids: 'x',
      },
    });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.json().errors, {
      duration: ['must be at least 1'],
      budget_limit: ['must be at least 0'],
      status: ['must be one of: active, inactive, completed, cancelled'],
      commission_type: ['must be one of: percentage, flat'],
      commission_value: ['must be at least 0'],
      product_url: ['Enter a valid URL starting with http:// or https://'],
      product_ids: ['must be an array'],
    });
    const percent = await t.call<ErrorReply>('POST', 'campaign/create/', {
      as: w.owner,
      body: {
        brand: w.brandId,
        commission_value: 150,
      },
    });
    assert.equal(percent.statusCode, 400);
    assert.deepEqual(percent.json().errors, {
      commission_value: ['must be at most 100 for a percentage'],
    });
    const tinyBudget = await t.call<ErrorReply>('POST', 'campaign/create/', {
      as: w.owner,
      body: { brand: w.brandId, budget_limit: 1e-320 },
    });
    assert.equal(tinyBudget.statusCode, 400);
    assert.deepEqual(tinyBudget.json().errors, { budget_limit: ['must have at most 3 decimals'] });
    const flat = await t.call<CampaignWriteReply>('POST', 'campaign/create/', {
      as: w.owner,
      body: {
        brand: w.brandId,
        commission_type: 'flat',
        commission_value: 150,
      },
    });
    assert.equal(flat.statusCode, 201);
    assert.equal(flat.json().campaign.commission_value, 150);
  });

  it("400 naming product_ids that are not the brand's (other brand, deleted, unknown)", async () => {
    const mine = await product(w.owner, w.brandId);
    const theirs = await product(w.other, w.otherBrandId);
    const gone = await product(w.owner, w.brandId, 'gone');
    await t.call('DELETE', `product/${gone}/delete/`, { as: w.owner });
    const res = await t.call<ErrorReply>('POST', 'campaign/create/', {
      as: w.owner,
      body: {
        brand: w.brandId,
        product_ids: [mine, theirs, gone, 99999],
      },
    });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.json().errors, {
      product_ids: [`Not products of this brand: ${theirs}, ${gone}, 99999`],
    });
  });

  it("404 for a brand the caller doesn't own", async () => {
    for (const who of [w.other, w.advocate]) {
      const res = await t.call('POST', 'campaign/create/', {
        as: who,
        body: {
          brand: w.brandId,
          title: 'Hijack',
        },
      });
      assert.equal(res.statusCode, 404);
      assert.deepEqual(res.json(), { detail: 'Brand not found' });
    }
    assert.equal(
      (await t.call('POST', 'campaign/create/', { as: w.staff, body: { brand: w.brandId } }))
        .statusCode,
      201,
    );
  });
});

describe('drafts: a campaign without a title or a reward', () => {
  it('is saved inactive with a notice, stays out of the advocates list and cannot be joined', async () => {
    const empty = await t.call<CampaignWriteReply>('POST', 'campaign/create/', {
      as: w.owner,
      body: { brand: w.brandId },
    });
    assert.equal(empty.statusCode, 201, empty.body);
    assert.equal(empty.json().campaign.status, 'inactive');
    assert.equal(
      empty.json().notice,
      'Saved as a draft (inactive): add a title and a reward to publish it. Advocates cannot find or join it until then.',
    );
    const noReward = await t.call<CampaignWriteReply>('POST', 'campaign/create/', {
      as: w.owner,
      body: { brand: w.brandId, title: 'Soon', status: 'active' },
    });
    assert.equal(noReward.json().campaign.status, 'inactive');
    assert.match(noReward.json().notice ?? '', /add a reward to publish it/);
    // A reward for one event type is a reward.
    const perEvent = await t.call<CampaignWriteReply>('POST', 'campaign/create/', {
      as: w.owner,
      body: {
        brand: w.brandId,
        title: 'Sign-ups',
        event_rewards: { signup: { commission_type: 'flat', commission_value: 2 } },
      },
    });
    assert.equal(perEvent.json().campaign.status, 'active');
    assert.equal(perEvent.json().notice, undefined);

    const listed = (
      await t.call<CampaignListReply>('GET', 'campaign/list/', { as: w.advocate })
    ).json();
    assert.deepEqual(
      listed.map((c: { id: number }) => c.id),
      [perEvent.json().campaign.id],
    );
    const join = await t.call<ErrorReply>('POST', 'join-campaign/', {
      as: w.advocate,
      body: { id: empty.json().campaign.id, source: 'test' },
    });
    assert.equal(join.statusCode, 400);
  });

  it('goes live on update only once it has both; until then the update keeps it a draft', async () => {
    const id = (
      await t.call<CampaignWriteReply>('POST', 'campaign/create/', {
        as: w.owner,
        body: { brand: w.brandId },
      })
    ).json().campaign.id;
    const titled = await t.call<CampaignWriteReply>('PATCH', `campaign/update/${id}/`, {
      as: w.owner,
      body: { title: 'Autumn', status: 'active' },
    });
    assert.equal(titled.statusCode, 200, titled.body);
    assert.equal(titled.json().campaign.status, 'inactive');
    assert.match(titled.json().notice ?? '', /add a reward/);
    const rewarded = await t.call<CampaignWriteReply>('PATCH', `campaign/update/${id}/`, {
      as: w.owner,
      body: { commission_value: 8, status: 'active' },
    });
    assert.equal(rewarded.json().campaign.status, 'active');
    assert.equal(rewarded.json().notice, undefined);
    const join = await t.call('POST', 'join-campaign/', {
      as: w.advocate,
      body: { id, source: 'test' },
    });
    assert.equal(join.statusCode, 201, join.body);
  });
});

describe('campaign forms (multipart)', () => {
  it('create with a video and product_ids as a JSON string; the video URL is signed for the owner', async () => {
    const p1 = await product(w.owner, w.brandId);
    const res = await callForm(
      'POST',
      'campaign/create/',
      w.owner,
      {
        brand: String(w.brandId),
        title: 'Video',
        commission_value: '10',
        duration: '7',
        budget_limit: '250.75',
        product_ids: JSON.stringify([p1]),
        category: '',
      },
      {
        video: {
          content: SAMPLE_FILES.mp4,
          filename: 'promo.exe',
          type: 'application/x-msdownload',
        },
      },
    );
    assert.equal(res.statusCode, 201, res.body);
    const created = res.json().campaign;
    assert.equal(created.duration, 7);
    assert.equal(created.budget_limit, 250.75);
    assert.equal(created.category, null);
    assert.deepEqual(created.product_ids, [p1]);
    const video = created.video ?? '';
    assert.match(video, /^\/api\/v1\/files\/[A-Za-z0-9_-]{24}\.mp4\?exp=\d+&sig=/);
    const file = await t.app.inject({ method: 'GET', url: video });
    assert.equal(file.statusCode, 200);
    assert.equal(file.headers['content-type'], 'video/mp4');
    assert.equal(file.headers['content-disposition'], 'inline; filename="video.mp4"');
    const range = await t.app.inject({
      method: 'GET',
      url: video,
      headers: { range: 'bytes=4-11' },
    });
    assert.equal(range.statusCode, 206);
    assert.equal(range.headers['content-range'], `bytes 4-11/${SAMPLE_FILES.mp4.length}`);
    assert.equal(range.body, 'ftypisom');

    // Advocates see the campaign, never the video link; a tampered link is a 404.
    const listed = (
      await t.call<CampaignListReply>('GET', 'campaign/list/', { as: w.advocate })
    ).json();
    assert.equal(listed[0].video, null);
    // Change the signature's first character to one it is not (a fixed replacement would
    // leave one signature in 64 untouched).
    const tampered = video.replace(/sig=(.)/, (_match, first: string) =>
      first === 'A' ? 'sig=B' : 'sig=A',
    );
    assert.notEqual(tampered, video);
    assert.equal((await t.app.inject({ method: 'GET', url: tampered })).statusCode, 404);
  });

  it('validates multipart exactly like JSON', async () => {
    const fields = {
      brand: String(w.brandId),
      duration: '0',
      budget_limit: 'lots',
      status: 'draft',
      product_ids: '[1,',
    };
    const form = await callForm('POST', 'campaign/create/', w.owner, fields);
    assert.equal(form.statusCode, 400);
    const json = await t.call('POST', 'campaign/create/', {
      as: w.owner,
      body: {
        brand: w.brandId,
        duration: 0,
        budget_limit: 'lots',
        status: 'draft',
        product_ids: '[1,',
      },
    });
    assert.deepEqual(form.json(), json.json());
  });

  it('415 for a non-video, 413 above 50 MB', async () => {
    const res = await callForm<ErrorReply>(
      'POST',
      'campaign/create/',
      w.owner,
      { brand: String(w.brandId) },
      { video: { content: SAMPLE_FILES.pdf, filename: 'promo.mp4', type: 'video/mp4' } },
    );
    assert.equal(res.statusCode, 415);
    assert.deepEqual(res.json().errors, { video: ['Must be a video (MP4, WebM or QuickTime)'] });
    const big = Buffer.concat([SAMPLE_FILES.mp4, Buffer.alloc(50 * 1024 * 1024)]);
    const tooBig = await callForm(
      'POST',
      'campaign/create/',
      w.owner,
      { brand: String(w.brandId) },
      { video: { content: big, filename: 'promo.mp4' } },
    );
    assert.equal(tooBig.statusCode, 413);
    assert.equal(
      (
        await t.call<BrandCampaignsReply>('GET', `brand/${w.brandId}/campaigns/`, { as: w.owner })
      ).json().campaigns.length,
      0,
    );
  });

  it('update replaces the video through a form', async () => {
    const { id } = await campaign(w.owner);
    const res = await callForm(
      'PATCH',
      `campaign/update/${id}/`,
      w.owner,
      { title: 'With video' },
      { video: { content: SAMPLE_FILES.mp4, filename: 'v.mp4' } },
    );
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().campaign.title, 'With video');
    assert.ok(res.json().campaign.video);
  });
});

describe('PATCH campaign/update/{id}/', () => {
  it('changes only what is sent; product_ids replaces the list; null clears', async () => {
    const p1 = await product(w.owner, w.brandId, 'one');
    const p2 = await product(w.owner, w.brandId, 'two');
    const { id } = await campaign(w.owner, { product_ids: [p1], duration: 10, location: 'Lagos' });
    const res = await t.call<CampaignWriteReply>('PATCH', `campaign/update/${id}/`, {
      as: w.owner,
      body: {
        status: 'inactive',
        product_ids: [p2],
        duration: null,
      },
    });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().message, 'Campaign updated');
    const updated = res.json().campaign;
    assert.equal(updated.status, 'inactive');
    assert.deepEqual(updated.product_ids, [p2]);
    assert.equal(updated.duration, null);
    assert.equal(updated.location, 'Lagos');
    assert.equal(updated.title, 'Launch');
  });

  it('checks the reward rule against the stored values, and product ownership', async () => {
    const { id } = await campaign(w.owner, { commission_type: 'flat', commission_value: 500 });
    const res = await t.call<ErrorReply>('PATCH', `campaign/update/${id}/`, {
      as: w.owner,
      body: {
        commission_type: 'percentage',
      },
    });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.json().errors, {
      commission_value: ['must be at most 100 for a percentage'],
    });
    const theirs = await product(w.other, w.otherBrandId);
    const bad = await t.call<ErrorReply>('PATCH', `campaign/update/${id}/`, {
      as: w.owner,
      body: { product_ids: [theirs] },
    });
    assert.deepEqual(bad.json().errors, { product_ids: [`Not products of this brand: ${theirs}`] });
    const wrong = await t.call<ErrorReply>('PATCH', `campaign/update/${id}/`, {
      as: w.owner,
      body: {
        duration: 0,
        brand: w.otherBrandId,
      },
    });
    assert.deepEqual(wrong.json().errors, { duration: ['must be at least 1'] });
  });
});

describe('DELETE campaign/delete/{id}/', () => {
  it('soft-deletes: gone from every list and read, rows kept', async () => {
    const p1 = await product(w.owner, w.brandId);
    const { id } = await campaign(w.owner, { product_ids: [p1] });
    const res = await t.call('DELETE', `campaign/delete/${id}/`, { as: w.owner });
    assert.deepEqual(res.json(), { status: 'success', message: 'Campaign deleted' });
    assert.equal((await t.call('GET', `campaign/${id}/`, { as: w.owner })).statusCode, 404);
    assert.equal(
      (await t.call('PATCH', `campaign/update/${id}/`, { as: w.owner, body: { title: 'x' } }))
        .statusCode,
      404,
    );
    assert.equal(
      (await t.call('DELETE', `campaign/delete/${id}/`, { as: w.owner })).statusCode,
      404,
    );
    assert.deepEqual(
      (
        await t.call<BrandCampaignsReply>('GET', `brand/${w.brandId}/campaigns/`, { as: w.owner })
      ).json().campaigns,
      [],
    );
    assert.deepEqual((await t.call('GET', 'campaign/list/', { as: w.advocate })).json(), []);
    const [row] = await db.handle.db.select().from(campaigns).where(eq(campaigns.id, id));
    assert.ok(row.deletedAt instanceof Date);
    assert.equal(
      (
        await db.handle.db
          .select()
          .from(campaignProducts)
          .where(eq(campaignProducts.campaignId, id))
      ).length,
      1,
    );
  });
});

describe('GET campaign/list/ and campaign/{id}/', () => {
  it('lists active, live campaigns of every brand, newest first, with brand name and products', async () => {
    const p1 = await product(w.owner, w.brandId);
    const a = await campaign(w.owner, { title: 'A', product_ids: [p1] });
    t.clock.advance(1000);
    await campaign(w.owner, { title: 'Paused', status: 'inactive' });
    t.clock.advance(1000);
    const b = (
      await t.call<CampaignWriteReply>('POST', 'campaign/create/', {
        as: w.other,
        body: { brand: w.otherBrandId, title: 'B', commission_value: 5 },
      })
    ).json().campaign;
    t.clock.advance(1000);
    const gone = await campaign(w.owner, { title: 'Gone' });
    await t.call('DELETE', `campaign/delete/${gone.id}/`, { as: w.owner });
    t.clock.advance(1000);
    await campaign(w.owner, { title: 'Done', status: 'completed' });

    const res = await t.call<CampaignListReply>('GET', 'campaign/list/', { as: w.advocate });
    assert.equal(res.statusCode, 200);
    const list = res.json();
    assert.deepEqual(
      list.map((c: { id: number }) => c.id),
      [b.id, a.id],
    );
    assert.equal(list[0].brand_name, 'Other Brand');
    assert.deepEqual(list[1].products, [
      { id: p1, name: 'Sneaker', product_url: 'https://shop.example/Sneaker' },
    ]);
    assert.equal((await t.call('GET', 'campaign/list/')).statusCode, 401);
  });

  it('a deleted product disappears from its campaigns', async () => {
    const p1 = await product(w.owner, w.brandId, 'one');
    const p2 = await product(w.owner, w.brandId, 'two');
    const { id } = await campaign(w.owner, { product_ids: [p1, p2] });
    await t.call('DELETE', `product/${p1}/delete/`, { as: w.owner });
    assert.deepEqual(
      (await t.call<CampaignView>('GET', `campaign/${id}/`, { as: w.advocate })).json().product_ids,
      [p2],
    );
  });

  it('owner and staff read any status; others only active campaigns', async () => {
    const active = await campaign(w.owner);
    const inactive = await campaign(w.owner, { status: 'inactive' });
    for (const who of [w.owner, w.staff, w.other, w.advocate]) {
      const res = await t.call<CampaignView>('GET', `campaign/${active.id}/`, { as: who });
      assert.equal(res.statusCode, 200);
      assert.equal(res.json().campaign_id, active.campaign_id, 'a bare campaign object');
    }
    for (const who of [w.owner, w.staff])
      assert.equal((await t.call('GET', `campaign/${inactive.id}/`, { as: who })).statusCode, 200);
    for (const who of [w.other, w.advocate]) {
      const res = await t.call('GET', `campaign/${inactive.id}/`, { as: who });
      assert.equal(res.statusCode, 404);
      assert.deepEqual(res.json(), { detail: 'Not found' });
    }
    assert.equal((await t.call('GET', `campaign/${active.id}/`)).statusCode, 401);
  });
});

describe('ownership matrix', () => {
  it('owner and staff may manage; another owner and an advocate get 404; anonymous 401', async () => {
    const cases: Array<{
      name: string;
      run: (who: Actor | undefined) => Promise<{ statusCode: number; body: string }>;
      ok: number;
    }> = [
      {
        name: 'brand campaigns',
        run: (who) => t.call('GET', `brand/${w.brandId}/campaigns/`, { as: who }),
        ok: 200,
      },
      {
        name: 'create',
        run: (who) =>
          t.call('POST', 'campaign/create/', { as: who, body: { brand: w.brandId, title: 'x' } }),
        ok: 201,
      },
      {
        name: 'read inactive',
        run: async (who) =>
          t.call('GET', `campaign/${(await campaign(w.owner, { status: 'inactive' })).id}/`, {
            as: who,
          }),
        ok: 200,
      },
      {
        name: 'update',
        run: async (who) =>
          t.call('PATCH', `campaign/update/${(await campaign(w.owner)).id}/`, {
            as: who,
            body: {
              title: 'Hijacked',
            },
          }),
        ok: 200,
      },
      {
        name: 'delete',
        run: async (who) =>
          t.call('DELETE', `campaign/delete/${(await campaign(w.owner)).id}/`, { as: who }),
        ok: 200,
      },
    ];
    for (const { name, run, ok } of cases) {
      for (const [label, who, expected] of [
        ['owner', w.owner, ok],
        ['staff', w.staff, ok],
        ['other owner', w.other, 404],
        ['advocate', w.advocate, 404],
        ['anonymous', undefined, 401],
      ] as const) {
        const res = await run(who);
        assert.equal(res.statusCode, expected, `${name} as ${label}: ${res.body}`);
        if (expected === 404)
          assert.doesNotMatch(res.body, /Launch|Owner Brand/, 'no data leaks in the 404');
      }
    }
    const listed = (
      await t.call<BrandCampaignsReply>('GET', `brand/${w.brandId}/campaigns/`, { as: w.owner })
    ).json().campaigns;
    const titles = listed.map((c) => c.title);
    assert.equal(
      titles.filter((title) => title === 'Hijacked').length,
      2,
      'only the owner and staff updates landed',
    );
  });
});

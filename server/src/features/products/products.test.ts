import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ErrorReply, ProductListReply, ProductReply, ProductWriteReply } from 'contract';
import { eq } from 'drizzle-orm';
import { products } from '../../db/schema.js';
import {
  createBrandAs,
  type Actor,
  type BrandWorld,
  type TestApp,
  type TestDatabase,
  withBrandWorld,
} from '../../test/helpers.js';
import { NON_PUBLIC_HOSTS, PUBLIC_HOSTS, targetUrl } from '../../test/address-rule-cases.js';

let db: TestDatabase;
let t: TestApp;
let w: BrandWorld;
withBrandWorld((world) => ({ db, t, w } = world));

const VALID = { name: 'Sneaker', price: 49.99, currency: 'USD', status: 'active' };

async function createProduct(who: Actor, fields: Record<string, unknown> = {}): Promise<number> {
  const res = await t.call<ProductWriteReply>('POST', 'product/create/', {
    as: who,
    body: {
      ...VALID,
      brand_id: w.brandId,
      ...fields,
    },
  });
  if (res.statusCode !== 201)
    throw new Error(`product/create failed: ${res.statusCode} ${res.body}`);
  return res.json().data.product.id;
}

describe('POST product/create/', () => {
  it('creates a product with every field', async () => {
    const res = await t.call<ProductWriteReply>('POST', 'product/create/', {
      as: w.owner,
      body: {
        name: ' Sneaker ',
        price: 49.99,
        currency: 'NGN',
        status: 'out_of_stock',
        brand_id: String(w.brandId),
        unique_id: 'SKU-1',
        source_product_id: 'shop-42',
        description: 'Red',
        image_url: 'https://cdn.example/s.png',
        product_url: 'https://shop.example/s',
      },
    });
    assert.equal(res.statusCode, 201);
    const body = res.json();
    assert.deepEqual(body, {
      status: 'success',
      message: 'Product created',
      data: {
        product: {
          id: body.data.product.id,
          name: 'Sneaker',
          brand_id: w.brandId,
          brand_name: 'Owner Brand',
          unique_id: 'SKU-1',
          source_product_id: 'shop-42',
          description: 'Red',
          price: 49.99,
          currency: 'NGN',
          status: 'out_of_stock',
          image_url: 'https://cdn.example/s.png',
          product_url: 'https://shop.example/s',
          created_at: '2030-01-01T12:00:00.000Z',
        },
      },
    });
  });

  it('takes the only brand of the caller when brand_id is left out', async () => {
    const res = await t.call<ProductWriteReply>('POST', 'product/create/', {
      as: w.owner,
      body: { ...VALID, description: '  ' },
    });
    assert.equal(res.statusCode, 201);
    assert.equal(res.json().data.product.brand_id, w.brandId);
    assert.equal(res.json().data.product.description, null, 'blank text is stored as null');
    await createBrandAs(t, w.owner, { brand_name: 'Second' });
    const ambiguous = await t.call<ErrorReply>('POST', 'product/create/', {
      as: w.owner,
      body: VALID,
    });
    assert.equal(ambiguous.statusCode, 400);
    assert.deepEqual(ambiguous.json().errors, { brand_id: ['is required'] });
  });

  it('refuses sub-cent prices', async () => {
    // Within a cent's rounding noise of 0 yet not 0: stored as 0 they broke the price check.
    for (const price of [5e-324, 1e-320, 1e-9]) {
      const res = await t.call<ErrorReply>('POST', 'product/create/', {
        as: w.owner,
        body: { ...VALID, brand_id: w.brandId, price },
      });
      assert.equal(res.statusCode, 400, String(price));
      assert.deepEqual(res.json().errors, { price: ['must have at most 3 decimals'] });
    }
  });

  it('validates with the messages the forms show', async () => {
    const missing = await t.call<ErrorReply>('POST', 'product/create/', {
      as: w.owner,
      body: { brand_id: w.brandId },
    });
    assert.equal(missing.statusCode, 400);
    assert.deepEqual(missing.json().errors, {
      name: ['Name is required'],
      price: ['Price must be greater than 0'],
      currency: ['Currency is required'],
      status: ['Status is required'],
    });
    const bad = await t.call<ErrorReply>('POST', 'product/create/', {
      as: w.owner,
      body: {
        name: '   ',
        price: 0,
        currency: 'JPY',
        status: 'sold',
        brand_id: w.brandId,
        product_url: 'javascript:alert(1)',
        image_url: 'data:image/png;base64,AAAA',
      },
    });
    assert.deepEqual(bad.json().errors, {
      name: ['Name is required'],
      price: ['Price must be greater than 0'],
      currency: ['must be one of: USD, NGN, EUR, GBP'],
      status: ['must be one of: active, inactive, discontinued, out_of_stock'],
      product_url: ['Enter a valid URL starting with http:// or https://'],
      image_url: ['Enter a valid URL starting with http:// or https://'],
    });
    for (const price of [1.234, -5, '10']) {
      const res = await t.call('POST', 'product/create/', {
        as: w.owner,
        body: {
          ...VALID,
          price,
          brand_id: w.brandId,
        },
      });
      assert.equal(res.statusCode, 400, String(price));
    }
    assert.deepEqual(
      (
        await t.call<ErrorReply>('POST', 'product/create/', {
          as: w.owner,
          body: {
            ...VALID,
            price: 1.234,
            brand_id: w.brandId,
          },
        })
      ).json().errors,
      {
        price: ['must have at most 2 decimals in USD'],
      },
    );
    for (const price of [0.01, 0.1 + 0.2 - 0.3 + 19.99, 9_999_999_999.99]) {
      const res = await t.call('POST', 'product/create/', {
        as: w.owner,
        body: {
          ...VALID,
          price,
          brand_id: w.brandId,
        },
      });
      assert.equal(res.statusCode, 201, `${price}: ${res.body}`);
    }
  });

  it("404 for another owner's brand", async () => {
    const res = await t.call('POST', 'product/create/', {
      as: w.other,
      body: { ...VALID, brand_id: w.brandId },
    });
    assert.equal(res.statusCode, 404);
    assert.deepEqual(res.json(), { detail: 'Brand not found' });
    assert.equal(
      (
        await t.call('POST', 'product/create/', {
          as: w.advocate,
          body: { ...VALID, brand_id: w.brandId },
        })
      ).statusCode,
      404,
    );
    assert.equal(
      (
        await t.call('POST', 'product/create/', {
          as: w.staff,
          body: { ...VALID, brand_id: w.brandId },
        })
      ).statusCode,
      201,
      'staff may',
    );
    assert.equal(
      (
        await t.call<ProductListReply>('POST', 'product/create/', {
          body: { ...VALID, brand_id: w.brandId },
        })
      ).statusCode,
      401,
    );
  });
});

describe('GET brand/{id}/products/', () => {
  it('lists newest first with status filter, limit and the total count', async () => {
    const ids: number[] = [];
    for (const status of ['active', 'inactive', 'active', 'discontinued', 'active']) {
      ids.push(await createProduct(w.owner, { name: `P${ids.length}`, status }));
      t.clock.advance(1000);
    }
    await createProduct(w.other, { brand_id: w.otherBrandId });

    const all = await t.call<ProductListReply>('GET', `brand/${w.brandId}/products/`, {
      as: w.owner,
    });
    assert.equal(all.statusCode, 200);
    assert.equal(all.json().status, 'success');
    assert.deepEqual(
      all.json().data.products.map((p: { id: number }) => p.id),
      [...ids].reverse(),
    );
    assert.equal(all.json().data.count, 5);

    const active = (
      await t.call<ProductListReply>('GET', `brand/${w.brandId}/products/?status=active&limit=2`, {
        as: w.owner,
      })
    ).json().data;
    assert.deepEqual(
      active.products.map((p: { id: number }) => p.id),
      [ids[4], ids[2]],
    );
    assert.equal(active.count, 3, 'count is every match, not the page');

    assert.equal(
      (await t.call('GET', `brand/${w.brandId}/products/?status=sold`, { as: w.owner })).statusCode,
      400,
    );
    assert.equal(
      (await t.call('GET', `brand/${w.brandId}/products/?limit=500`, { as: w.owner })).statusCode,
      400,
    );
  });
});

describe("a product's link target (the share links' target)", () => {
  const URL_REFUSED = ['Enter a valid URL starting with http:// or https://'];

  it('refuses every non-public host on create and on edit, with a 400 naming the field', async () => {
    const id = await createProduct(w.owner, { product_url: targetUrl('shop.example.com') });
    for (const [host, means] of NON_PUBLIC_HOSTS) {
      const url = targetUrl(host);
      const created = await t.call<ErrorReply>('POST', 'product/create/', {
        as: w.owner,
        body: { ...VALID, brand_id: w.brandId, product_url: url, image_url: url },
      });
      assert.equal(created.statusCode, 400, `${host} (${means})`);
      assert.deepEqual(
        created.json().errors,
        { product_url: URL_REFUSED, image_url: URL_REFUSED },
        `${host} (${means})`,
      );
      const edited = await t.call<ErrorReply>('PUT', `product/${id}/update/`, {
        as: w.owner,
        body: { ...VALID, product_url: url },
      });
      assert.equal(edited.statusCode, 400, `${host} (${means})`);
      assert.deepEqual(edited.json().errors, { product_url: URL_REFUSED }, `${host} (${means})`);
    }
    const [stored] = await db.handle.db.select().from(products).where(eq(products.id, id));
    assert.equal(
      stored.productUrl,
      targetUrl('shop.example.com'),
      'the refused edits changed nothing',
    );
  });

  it('accepts ordinary public hosts, the e2e shop among them', async () => {
    const id = await createProduct(w.owner);
    for (const host of PUBLIC_HOSTS) {
      const url = targetUrl(host);
      await createProduct(w.owner, { product_url: url });
      const edited = await t.call<ProductWriteReply>('PUT', `product/${id}/update/`, {
        as: w.owner,
        body: { ...VALID, product_url: url },
      });
      assert.equal(edited.statusCode, 200, `${host}: ${edited.body}`);
      assert.equal(edited.json().data.product.product_url, url);
    }
  });
});

describe('PUT product/{id}/update/', () => {
  it('replaces the required fields; optional ones left out are kept, null clears them', async () => {
    const id = await createProduct(w.owner, {
      description: 'Old',
      product_url: 'https://shop.example/a',
      unique_id: 'SKU',
    });
    const res = await t.call<ProductWriteReply>('PUT', `product/${id}/update/`, {
      as: w.owner,
      body: {
        name: 'Renamed',
        description: 'New',
        price: 10,
        currency: 'EUR',
        status: 'discontinued',
      },
    });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().status, 'success');
    assert.equal(res.json().message, 'Product updated');
    const product = res.json().data.product;
    assert.deepEqual(
      [
        product.name,
        product.description,
        product.price,
        product.currency,
        product.status,
        product.product_url,
        product.unique_id,
      ],
      ['Renamed', 'New', 10, 'EUR', 'discontinued', 'https://shop.example/a', 'SKU'],
    );
    const cleared = await t.call<ProductWriteReply>('PUT', `product/${id}/update/`, {
      as: w.owner,
      body: {
        ...VALID,
        product_url: null,
        description: '',
      },
    });
    assert.equal(cleared.json().data.product.product_url, null);
    assert.equal(cleared.json().data.product.description, null);
    assert.equal(
      (await t.call<ProductReply>('GET', `product/${id}/`, { as: w.owner })).json().data.product
        .name,
      'Sneaker',
    );
  });

  it('validates like create', async () => {
    const id = await createProduct(w.owner);
    const res = await t.call<ErrorReply>('PUT', `product/${id}/update/`, {
      as: w.owner,
      body: {
        name: '',
        price: -1,
        currency: 'USD',
        status: 'active',
        product_url: 'ftp://x.example',
      },
    });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.json().errors, {
      name: ['Name is required'],
      price: ['Price must be greater than 0'],
      product_url: ['Enter a valid URL starting with http:// or https://'],
    });
  });
});

describe('DELETE product/{id}/delete/', () => {
  it('soft-deletes: gone from reads and lists, the row stays', async () => {
    const id = await createProduct(w.owner);
    const keep = await createProduct(w.owner, { name: 'Kept' });
    const res = await t.call('DELETE', `product/${id}/delete/`, { as: w.owner });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), { status: 'success', message: 'Product deleted' });
    assert.equal((await t.call('GET', `product/${id}/`, { as: w.owner })).statusCode, 404);
    assert.equal(
      (await t.call('PUT', `product/${id}/update/`, { as: w.owner, body: VALID })).statusCode,
      404,
    );
    assert.equal(
      (await t.call('DELETE', `product/${id}/delete/`, { as: w.owner })).statusCode,
      404,
    );
    const list = (
      await t.call<ProductListReply>('GET', `brand/${w.brandId}/products/`, { as: w.owner })
    ).json().data;
    assert.deepEqual(
      list.products.map((p: { id: number }) => p.id),
      [keep],
    );
    assert.equal(list.count, 1);
    const [row] = await db.handle.db.select().from(products).where(eq(products.id, id));
    assert.equal(row.name, 'Sneaker');
    assert.ok(row.deletedAt instanceof Date);
  });
});

describe('ownership matrix', () => {
  it('owner and staff may read and change; another owner and an advocate get 404; anonymous 401', async () => {
    const cases: Array<{
      name: string;
      run: (who: Actor | undefined) => Promise<{ statusCode: number; body: string }>;
      ok: number;
    }> = [
      {
        name: 'list',
        run: (who) => t.call('GET', `brand/${w.brandId}/products/`, { as: who }),
        ok: 200,
      },
      {
        name: 'create',
        run: (who) =>
          t.call('POST', 'product/create/', { as: who, body: { ...VALID, brand_id: w.brandId } }),
        ok: 201,
      },
      {
        name: 'read',
        run: async (who) => t.call('GET', `product/${await createProduct(w.owner)}/`, { as: who }),
        ok: 200,
      },
      {
        name: 'update',
        run: async (who) =>
          t.call('PUT', `product/${await createProduct(w.owner)}/update/`, {
            as: who,
            body: VALID,
          }),
        ok: 200,
      },
      {
        name: 'delete',
        run: async (who) =>
          t.call('DELETE', `product/${await createProduct(w.owner)}/delete/`, { as: who }),
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
          assert.doesNotMatch(res.body, /Sneaker|Owner Brand/, 'no data leaks in the 404');
      }
    }
    const kept = await createProduct(w.owner);
    assert.equal((await t.call('GET', `product/${kept}/`, { as: w.other })).statusCode, 404);
    assert.equal(
      (await t.call<ProductReply>('GET', `product/${kept}/`, { as: w.owner })).json().data.product
        .name,
      'Sneaker',
      'failed writes changed nothing',
    );
  });
});

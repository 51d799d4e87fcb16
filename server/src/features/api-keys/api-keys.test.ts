import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ApiKeyListReply, CreatedApiKeyReply } from 'contract';
import { apiKeys } from '../../db/schema.js';
import { sha256 } from '../../lib/crypto.js';
import {
  type BrandWorld,
  type TestApp,
  type TestDatabase,
  withBrandWorld,
} from '../../test/helpers.js';

let db: TestDatabase;
let t: TestApp;
let w: BrandWorld;
withBrandWorld((world) => ({ db, t, w } = world));

describe('brand API keys', () => {
  it('creates secret and publishable keys, shows the key once, stores only its hash, lists prefixes', async () => {
    const created = await t.call<CreatedApiKeyReply>('POST', `brand/${w.brandId}/api-keys/`, {
      as: w.owner,
      body: { kind: 'secret' },
    });
    assert.equal(created.statusCode, 201);
    const { key, secret } = created.json();
    assert.match(secret, /^sk_live_[A-Za-z0-9_-]{32}$/);
    assert.deepEqual(key, {
      id: key.id,
      kind: 'secret',
      prefix: secret.slice(0, 12),
      created_at: '2030-01-01T12:00:00.000Z',
    });
    const publishable = (
      await t.call<CreatedApiKeyReply>('POST', `brand/${w.brandId}/api-keys/`, {
        as: w.staff,
        body: { kind: 'publishable' },
      })
    ).json();
    assert.match(publishable.secret, /^pk_live_/);

    const [row] = await db.handle.db.select().from(apiKeys).orderBy(apiKeys.id);
    assert.equal(row.keyHash, sha256(secret));
    assert.doesNotMatch(
      JSON.stringify(await db.handle.db.select().from(apiKeys)),
      new RegExp(secret.slice(12)),
    );

    const list = await t.call('GET', `brand/${w.brandId}/api-keys/`, { as: w.owner });
    assert.deepEqual(list.json(), {
      keys: [
        { ...key, revoked_at: null },
        { ...publishable.key, revoked_at: null },
      ],
    });
    assert.doesNotMatch(list.body, new RegExp(secret.slice(12)));

    t.clock.advance(1000);
    assert.equal(
      (await t.call('DELETE', `brand/${w.brandId}/api-keys/${key.id}/`, { as: w.owner }))
        .statusCode,
      200,
    );
    const after = (
      await t.call<ApiKeyListReply>('GET', `brand/${w.brandId}/api-keys/`, { as: w.owner })
    ).json().keys;
    assert.equal(after[0].revoked_at, '2030-01-01T12:00:01.000Z');
  });

  it('owner and staff only (404 for others); bad kind is a 400; unknown key 404', async () => {
    for (const who of [w.other, w.advocate]) {
      assert.equal(
        (await t.call('GET', `brand/${w.brandId}/api-keys/`, { as: who })).statusCode,
        404,
      );
      const res = await t.call('POST', `brand/${w.brandId}/api-keys/`, {
        as: who,
        body: { kind: 'secret' },
      });
      assert.deepEqual([res.statusCode, res.json()], [404, { detail: 'Brand not found' }]);
    }
    assert.equal((await t.call('GET', `brand/${w.brandId}/api-keys/`)).statusCode, 401);
    assert.equal(
      (
        await t.call('POST', `brand/${w.brandId}/api-keys/`, {
          as: w.owner,
          body: { kind: 'admin' },
        })
      ).statusCode,
      400,
    );
    const { key } = (
      await t.call<CreatedApiKeyReply>('POST', `brand/${w.brandId}/api-keys/`, {
        as: w.owner,
        body: { kind: 'secret' },
      })
    ).json();
    assert.equal(
      (await t.call('DELETE', `brand/${w.otherBrandId}/api-keys/${key.id}/`, { as: w.other }))
        .statusCode,
      404,
      "another brand's key",
    );
    assert.equal(
      (await t.call('DELETE', `brand/${w.brandId}/api-keys/${key.id}/`, { as: w.other }))
        .statusCode,
      404,
    );
    assert.deepEqual(
      (await t.call('DELETE', `brand/${w.brandId}/api-keys/999/`, { as: w.owner })).json(),
      {
        detail: 'Key not found',
      },
    );
  });
});

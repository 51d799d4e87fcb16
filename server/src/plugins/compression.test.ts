// API replies are compressed for clients that accept it, and arrive unchanged when unpacked.
import assert from 'node:assert/strict';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, it } from 'node:test';
import type { CampaignListReply } from 'contract';
import { createCampaignAs, withBrandWorld, type TestWorld } from '../test/helpers.js';

describe('API reply compression', () => {
  let t: TestWorld['t'];
  let w: TestWorld['w'];
  withBrandWorld((world) => ({ t, w } = world));

  /** A campaign list of a few kilobytes. */
  async function bigList(): Promise<string> {
    for (let i = 0; i < 8; i++) {
      await createCampaignAs(t, w.owner, w.brandId, {
        title: `Campaign ${i}`,
        description: 'A long description of what advocates share and why. '.repeat(6),
      });
    }
    const plain = await t.call<CampaignListReply>('GET', 'campaign/list/', { as: w.owner });
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.ok(plain.body.length > 4096, `a list of ${plain.body.length} bytes`);
    return plain.body;
  }

  it('sends brotli to a client that accepts it, and the same JSON unpacked', async () => {
    const body = await bigList();
    const res = await t.call('GET', 'campaign/list/', {
      as: w.owner,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-encoding'], 'br');
    assert.match(String(res.headers.vary), /accept-encoding/i);
    assert.ok(res.rawPayload.length < body.length / 3, `${res.rawPayload.length} bytes`);
    assert.equal(brotliDecompressSync(res.rawPayload).toString(), body);
  });

  it('sends gzip to a client that accepts only gzip', async () => {
    const body = await bigList();
    const res = await t.call('GET', 'campaign/list/', {
      as: w.owner,
      headers: { 'accept-encoding': 'gzip' },
    });
    assert.equal(res.headers['content-encoding'], 'gzip');
    assert.equal(gunzipSync(res.rawPayload).toString(), body);
  });

  it('leaves small replies and errors as they are', async () => {
    const res = await t.call('GET', 'campaign/list/', {
      as: w.advocate,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-encoding'], undefined);
    const missing = await t.call('GET', 'campaign/999999/stats/', {
      as: w.owner,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    assert.equal(missing.statusCode, 404);
    assert.equal(missing.headers['content-encoding'], undefined);
    assert.match(missing.body, /"detail":/);
  });
});

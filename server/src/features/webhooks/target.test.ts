// Webhook targets follow the contract's one address rule (the share-link targets' too): every
// refused notation is a 400 naming `url` on create and on edit, ordinary public hosts are saved,
// and the sender judges the addresses a name resolves to with the same rule.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CreatedWebhookReply, ErrorReply, WebhookReply } from 'contract';
import { NON_PUBLIC_HOSTS, PUBLIC_HOSTS, targetUrl } from '../../test/address-rule-cases.js';
import { callApi, withBrandWorld, type BrandWorld, type TestApp } from '../../test/helpers.js';
import { isNonPublicAddress, PRIVATE_MESSAGE, targetUrlProblem } from './target.js';

let t: TestApp;
let w: BrandWorld;
// The production setting: private targets refused.
withBrandWorld((world) => ({ t, w } = world), { webhooksAllowPrivateUrls: false });

const base = () => `brand/${w.brandId}/webhooks/`;

async function create(url: string) {
  return callApi(t, 'POST', base(), w.owner, { url, events: ['payout.paid'] });
}

describe('webhook targets', () => {
  it('refuses every non-public notation on create and on edit, with a 400 naming url', async () => {
    const saved = await create(targetUrl('hooks.example.com'));
    assert.equal(saved.statusCode, 201, saved.body);
    const id = saved.json<CreatedWebhookReply>().webhook.id;
    for (const [host, means] of NON_PUBLIC_HOSTS) {
      const url = targetUrl(host);
      for (const res of [
        await create(url),
        await callApi(t, 'PATCH', `${base()}${id}/`, w.owner, { url }),
      ]) {
        assert.equal(res.statusCode, 400, `${host} (${means}): ${res.body}`);
        assert.ok(res.json<ErrorReply>().errors?.url, `${host} (${means}): ${res.body}`);
      }
    }
    const stored = await callApi(t, 'GET', base(), w.owner);
    assert.deepEqual(
      stored.json<{ webhooks: Array<{ url: string }> }>().webhooks.map((h) => h.url),
      [targetUrl('hooks.example.com')],
      'nothing refused was stored',
    );
  });

  it('accepts ordinary public hosts, on create and on edit', async () => {
    const first = await create(targetUrl(PUBLIC_HOSTS[0]));
    assert.equal(first.statusCode, 201, first.body);
    const id = first.json<CreatedWebhookReply>().webhook.id;
    for (const host of PUBLIC_HOSTS) {
      const edited = await callApi(t, 'PATCH', `${base()}${id}/`, w.owner, {
        url: targetUrl(host),
      });
      assert.equal(edited.statusCode, 200, `${host}: ${edited.body}`);
      assert.equal(edited.json<WebhookReply>().webhook.url, targetUrl(host));
    }
  });

  it('says why a host is refused', () => {
    assert.equal(targetUrlProblem('http://foo.localhost/hook', false), PRIVATE_MESSAGE);
    assert.equal(targetUrlProblem('http://198.51.100.7/hook', false), PRIVATE_MESSAGE);
    assert.equal(targetUrlProblem('http://8.8.8.8/hook', false), null);
    // WEBHOOKS_ALLOW_PRIVATE_URLS lifts the address rule, not the URL rule.
    assert.equal(targetUrlProblem('http://127.0.0.1:9000/hook', true), null);
    assert.notEqual(targetUrlProblem('ftp://127.0.0.1/hook', true), null);
  });

  it('judges the addresses a name resolves to by the same rule at delivery', () => {
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '100.64.0.1',
      '192.0.2.1',
      '198.51.100.7',
      '203.0.113.9',
      '198.18.0.1',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::ffff:10.0.0.1',
      '::ffff:8.8.8.8',
      '64:ff9b::a00:1',
      'fe80::1',
      'fe80::1%eth0',
      'fd12::1',
      '2001:db8::1',
    ])
      assert.equal(isNonPublicAddress(address), true, address);
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:2800:220:1::1', 'hooks.example.com'])
      assert.equal(isNonPublicAddress(address), false, address);
  });
});

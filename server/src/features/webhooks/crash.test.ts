// A server killed with SIGKILL between two attempts of a delivery: after the restart the retry
// is made, with the same webhook-id and a valid signature, and the acknowledged delivery is
// never made again. Killed in the middle of 120 deliveries (issue 33): started again on its
// DATA_DIR, the instance takes back its own claims at once (not when they expire), every event
// arrives, and only the attempts under way at the kill are repeated. A real server process
// (test/server-process.ts), on PGlite or PostgreSQL.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { Webhook } from 'standardwebhooks';
import type { CreatedWebhookReply } from 'contract';
import {
  campaignOverHttp,
  cleanups,
  exited,
  httpApi,
  registerOverHttp,
  serverEnv,
  startServerProcess,
} from '../../test/server-process.js';
import { startReceiver } from '../events/test-support.js';
import { INTERRUPTED, PER_WEBHOOK_CAP } from './deliveries.js';

const until = async (what: string, ok: () => boolean, ms = 60_000) => {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe('webhook delivery across kill -9', () => {
  it('retries after a restart, with the same webhook-id, and never repeats an acknowledged one', async () => {
    let onFirst: () => void = () => {};
    const firstArrived = new Promise<void>((resolve) => (onFirst = resolve));
    const receiver = await startReceiver((n) => {
      if (n === 1) onFirst();
      return n === 1 ? 500 : 200;
    });
    after(() => receiver.close());
    const env = {
      ...(await serverEnv('webhook_crash')),
      WEBHOOKS_ALLOW_PRIVATE_URLS: 'true',
      WEBHOOK_RETRY_SCHEDULE: '3s,3s',
    };

    let server = await startServerProcess(env);
    cleanups.push(async () => void server.child.kill('SIGKILL'));
    const owner = await registerOverHttp(server.base, 'hook_owner');
    const { brand } = await httpApi<{ brand: { id: number } }>(
      server.base,
      'POST',
      'brand/create/',
      { brand_name: 'Hook Brand' },
      owner,
    );
    const { secret } = await httpApi<CreatedWebhookReply>(
      server.base,
      'POST',
      `brand/${brand.id}/webhooks/`,
      { url: receiver.url, events: ['advocate.joined'] },
      owner,
    );
    const { campaign } = await httpApi<{ campaign: { id: number } }>(
      server.base,
      'POST',
      'campaign/create/',
      { brand: brand.id, title: 'Crash', commission_value: 10 },
      owner,
    );
    const advocate = await registerOverHttp(server.base, 'hook_advocate');
    await httpApi(server.base, 'POST', 'roles/upgrade/advocate/', {}, advocate);
    await httpApi(server.base, 'POST', 'join-campaign/', { id: campaign.id }, advocate);

    // The first attempt fails (500) and is recorded; the server dies before its retry is due.
    await firstArrived;
    const hooks = await httpApi<{ webhooks: Array<{ id: number }> }>(
      server.base,
      'GET',
      `brand/${brand.id}/webhooks/`,
      undefined,
      owner,
    );
    const logUrl = `brand/${brand.id}/webhooks/${hooks.webhooks[0].id}/deliveries/`;
    const attempts = () =>
      httpApi<{ results: Array<{ attempt: number; status_code: number }> }>(
        server.base,
        'GET',
        logUrl,
        undefined,
        owner,
      );
    for (let recorded = false; !recorded;) {
      recorded = (await attempts()).results.length > 0;
      if (!recorded) await new Promise((r) => setTimeout(r, 20));
    }
    server.child.kill('SIGKILL');
    await exited(server.child);
    assert.equal(receiver.received.length, 1);

    server = await startServerProcess(env);
    await until('the retry', () => receiver.received.length >= 2);
    // Acknowledged: nothing more comes, though the schedule had one more retry.
    await new Promise((r) => setTimeout(r, 4_500));
    assert.equal(receiver.received.length, 2);
    const [first, second] = receiver.received;
    assert.equal(first.headers['webhook-id'], second.headers['webhook-id']);
    assert.equal(first.body, second.body);
    const payload = new Webhook(secret).verify(
      second.body,
      second.headers as Record<string, string>,
    ) as { type: string };
    assert.equal(payload.type, 'advocate.joined');

    const log = await attempts();
    assert.deepEqual(
      log.results.map((a) => [a.attempt, a.status_code]),
      [
        [2, 200],
        [1, 500],
      ],
    );
    server.child.kill('SIGTERM');
    await exited(server.child);
  });

  it('killed mid-delivery of 120 events: restarted, it resends at once and repeats only what was under way', async () => {
    // Each delivery takes the receiver 300 ms, so attempts are under way when the server dies.
    const receiver = await startReceiver(() => 200, 300);
    after(() => receiver.close());
    const env = {
      ...(await serverEnv('webhook_crash_many')),
      WEBHOOKS_ALLOW_PRIVATE_URLS: 'true',
    };
    let server = await startServerProcess(env);
    cleanups.push(async () => void server.child.kill('SIGKILL'));
    const shop = await campaignOverHttp(server.base, 'crash_many');
    const { webhook } = await httpApi<CreatedWebhookReply>(
      server.base,
      'POST',
      `brand/${shop.brandId}/webhooks/`,
      { url: receiver.url, events: ['conversion.created'] },
      shop.owner,
    );
    const report = async (ref: string) => {
      const res = await fetch(`${server.base}/api/v1/sdk-log-conversion/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${shop.secret}`, 'content-type': 'application/json' },
        body: JSON.stringify({ conversionRef: ref, via: shop.code, value: 10 }),
      });
      assert.equal(res.status, 201, await res.text());
    };
    for (let i = 0; i < 120; i += 10) {
      await Promise.all(Array.from({ length: 10 }, (_, j) => report(`order-${i + j}`)));
    }

    await until('some deliveries', () => receiver.received.length >= 30);
    server.child.kill('SIGKILL');
    await exited(server.child);
    const beforeKill = receiver.received.length;
    assert.ok(beforeKill < 120, 'killed mid-delivery');

    server = await startServerProcess(env);
    const restarted = performance.now();
    const ids = () => new Set(receiver.received.map((r) => r.headers['webhook-id']));
    await until('every event', () => ids().size === 120);
    const lastArrival = Math.max(...receiver.received.map((r) => r.at));
    // Its claims would have lasted until they expired; taken back at once, the rest take the
    // time of their attempts (8 at a time, 300 ms each) and little more.
    assert.ok(
      lastArrival - restarted < 10_000,
      `last delivery ${Math.round(lastArrival - restarted)} ms after the restart`,
    );
    await new Promise((r) => setTimeout(r, 1_000));
    const duplicates = receiver.received.length - 120;
    assert.ok(
      duplicates <= PER_WEBHOOK_CAP,
      `${duplicates} repeated: at most the attempts under way at the kill`,
    );

    // The attempts cut off by the kill are in the log as interrupted, one for each repeat or more.
    const log = await httpApi<{ results: Array<{ error: string | null; status_code: number }> }>(
      server.base,
      'GET',
      `brand/${shop.brandId}/webhooks/${webhook.id}/deliveries/?per_page=100&page=1`,
      undefined,
      shop.owner,
    );
    const page2 = await httpApi<{ results: Array<{ error: string | null; status_code: number }> }>(
      server.base,
      'GET',
      `brand/${shop.brandId}/webhooks/${webhook.id}/deliveries/?per_page=100&page=2`,
      undefined,
      shop.owner,
    );
    const attempts = [...log.results, ...page2.results];
    const interrupted = attempts.filter((a) => a.error === INTERRUPTED).length;
    assert.ok(
      interrupted >= duplicates && interrupted <= PER_WEBHOOK_CAP,
      `${interrupted} interrupted`,
    );
    assert.equal(attempts.filter((a) => a.status_code === 200).length, 120);
    server.child.kill('SIGTERM');
    await exited(server.child);
  });
});

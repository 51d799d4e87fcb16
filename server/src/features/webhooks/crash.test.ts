// A server killed with SIGKILL between two attempts of a delivery: after the restart the retry
// is made, with the same webhook-id and a valid signature, and the acknowledged delivery is
// never made again. A real server process (test/server-process.ts), on PGlite or PostgreSQL.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { Webhook } from 'standardwebhooks';
import type { CreatedWebhookReply } from 'contract';
import {
  cleanups,
  exited,
  httpApi,
  registerOverHttp,
  serverEnv,
  startServerProcess,
} from '../../test/server-process.js';
import { startReceiver } from '../events/test-support.js';

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
});

// Issue 33: one brand's hung endpoint must not delay another brand's webhooks. Brand X has a
// webhook on an endpoint that accepts connections and never answers (200 deliveries pending) and
// one on an endpoint that refuses connections (its retries come due during the test); brand Y's
// healthy endpoint still gets each of its events within 2 s (p99). The app listens, so its own
// timers dispatch and deliver, and its clock follows real time, so retries come due as they would.
import assert from 'node:assert/strict';
import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '../../lib/sql.js';
import {
  withBrandWorld,
  type BrandWorld,
  type TestApp,
  type TestDatabase,
} from '../../test/helpers.js';
import {
  addWebhook,
  campaignWithAdvocate,
  startReceiver,
  type Receiver,
} from '../events/test-support.js';
import { PER_WEBHOOK_CAP, TIMEOUTS_BEFORE_BACKOFF } from './deliveries.js';

let db: TestDatabase;
let t: TestApp;
let w: BrandWorld;
withBrandWorld((world) => ({ db, t, w } = world), { webhooksAllowPrivateUrls: true });

/** An endpoint that accepts connections and never answers. */
async function hungEndpoint() {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.resume(); // reads and drops the request, so a client's close is seen
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    connections: () => connections,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A port nothing listens on: connections are refused at once. */
async function refusingUrl() {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `http://127.0.0.1:${port}/hooks`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(what: string, ok: () => boolean | Promise<boolean>, ms = 120_000) {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

let hung: Awaited<ReturnType<typeof hungEndpoint>>;
let healthy: Receiver;
before(async () => {
  hung = await hungEndpoint();
  healthy = await startReceiver();
});
after(async () => {
  await hung.close();
  await healthy.close();
});

describe('webhook delivery is fair between endpoints', () => {
  it("a healthy endpoint's p99 stays under 2 s beside a hung one with 200 pending deliveries", async () => {
    const hungHook = await addWebhook(t, w.owner, w.brandId, hung.url, ['conversion.created']);
    await addWebhook(t, w.owner, w.brandId, await refusingUrl(), ['conversion.created']);
    await addWebhook(t, w.other, w.otherBrandId, healthy.url, ['conversion.created']);
    const x = await campaignWithAdvocate(t, w.owner, w.brandId, w.advocate);
    const y = await campaignWithAdvocate(t, w.other, w.otherBrandId, w.advocate);
    const hungHookId = hungHook.webhook.id;
    const countOf = async (where: SQL) =>
      Number(
        (
          await rowsOf<{ n: string | number }>(
            db.handle.db,
            sql`select count(*) as n from webhook_deliveries
              where webhook_id = ${hungHookId}::integer and ${where}`,
          )
        )[0].n,
      );
    const pendingOfHung = () => countOf(sql`status = 'pending'`);
    /** The hung endpoint's attempts under way (claims not yet ended), across the lanes. */
    const underWayAtHung = () =>
      countOf(sql`claimed_until > ${t.clock().toISOString()}::timestamptz`);

    // The server's timers run from here, on a clock that follows real time.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    let last = Date.now();
    const ticking = setInterval(() => {
      const now = Date.now();
      t.clock.advance(now - last);
      last = now;
    }, 20);
    after(() => clearInterval(ticking));

    for (let i = 0; i < 200; i += 10) {
      await Promise.all(Array.from({ length: 10 }, (_, j) => x.report(`x-${i + j}`)));
    }
    await until(
      'the 200 deliveries to the hung endpoint',
      async () => (await pendingOfHung()) === 200,
    );
    await until('the hung endpoint to be tried', () => hung.connections() > 0);

    // Brand Y's events, over the 10 s the hung endpoint's first attempts take to time out and
    // while the refused endpoint's retries come due (5 s after their first attempts).
    const reportedAt = new Map<string, number>();
    const heldByHung: number[] = [];
    for (let i = 0; i < 48; i++) {
      await y.report(`y-${i}`);
      reportedAt.set(`y-${i}`, performance.now());
      heldByHung.push(await underWayAtHung());
      await sleep(250);
    }
    const arrivedAt = new Map<string, number>();
    await until('every event of brand Y', () => {
      for (const { body, at } of healthy.received.slice(arrivedAt.size)) {
        const ref = (JSON.parse(body) as { data: { conversion: { reference: string } } }).data
          .conversion.reference;
        arrivedAt.set(ref, at);
      }
      return arrivedAt.size >= reportedAt.size;
    });
    const lags = [...reportedAt]
      .map(([ref, at]) => (arrivedAt.get(ref) ?? Infinity) - at)
      .sort((a, b) => a - b);
    const p99 = lags[Math.min(lags.length - 1, Math.floor(lags.length * 0.99))];

    assert.ok(
      p99 < 2_000,
      `healthy endpoint p99 ${Math.round(p99)} ms (p50 ${Math.round(lags[lags.length >> 1])} ms)`,
    );
    assert.equal(
      await pendingOfHung(),
      200,
      'all 200 deliveries to the hung endpoint still pending',
    );
    // Its cap of lanes at most; then, its attempts timing out, it is backed off: no new attempt
    // while one is under way (those claimed before the backoff took effect finish first).
    assert.ok(Math.max(...heldByHung) <= PER_WEBHOOK_CAP, `held ${heldByHung.join(' ')}`);
    assert.ok(heldByHung[heldByHung.length - 1] < PER_WEBHOOK_CAP, `held ${heldByHung.join(' ')}`);
    const [hook] = await rowsOf<{ timeouts_in_row: number }>(
      db.handle.db,
      sql`select timeouts_in_row from webhooks where id = ${hungHookId}::integer`,
    );
    assert.ok(hook.timeouts_in_row >= TIMEOUTS_BEFORE_BACKOFF, `${hook.timeouts_in_row} timeouts`);
  });
});

// A slow Redis (here a redis-server of the test's own, paused with CLIENT PAUSE: every command
// waits until the pause ends, as with a swapping or overloaded Redis) must not hold the requests
// that use it: new visitors' redirects and rate-limited sign-ins answer within the command
// timeout plus their own work, with the fallback of a Redis that is down. The machine's shared
// Redis is never paused.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { clicks } from '../db/schema.js';
import {
  brandWorld,
  buildTestApp,
  createCampaignAs,
  createProductAs,
  createTestUser,
  joinAs,
  openTestDatabase,
  testConfig,
  type TestApp,
  type TestDatabase,
} from '../test/helpers.js';
import { REDIS_COMMAND_TIMEOUT_MS } from './redis-client.js';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/124.0 Safari/537.36';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

let redisServer: ChildProcess;
let admin: Redis;
let redisUrl: string;
let db: TestDatabase;
let t: TestApp;

before(async () => {
  const port = await freePort();
  redisServer = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  redisUrl = `redis://127.0.0.1:${port}`;
  admin = new Redis(redisUrl, { maxRetriesPerRequest: 20 });
  await admin.ping();
  db = await openTestDatabase();
  t = await buildTestApp(db, {
    redisUrl,
    redisTimeoutMs: REDIS_COMMAND_TIMEOUT_MS,
    rateLimits: { ...testConfig().rateLimits, loginPerIpEmail: { max: 3, windowMs: 60_000 } },
  });
});
after(async () => {
  await t?.app.close();
  await db?.dispose();
  admin?.disconnect();
  redisServer?.kill('SIGKILL');
});

/** Milliseconds `work` took. */
async function timed<T>(work: () => Promise<T>): Promise<[number, T]> {
  const start = performance.now();
  const result = await work();
  return [performance.now() - start, result];
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];

describe('a Redis that stalls', () => {
  it('delays neither new visitors nor sign-ins more than its command timeout', async () => {
    const w = await brandWorld(t, db);
    const product = await createProductAs(t, w.owner, w.brandId, {
      product_url: 'https://shop.example/p',
    });
    const campaign = await createCampaignAs(t, w.owner, w.brandId, { product_ids: [product] });
    const code = (await joinAs(t, w.advocate, campaign)).get(product) ?? assert.fail('no link');
    const user = await createTestUser(db);
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const visit = (n: number) =>
      fetch(`${base}/r/${code}`, {
        redirect: 'manual',
        headers: { 'user-agent': `${CHROME} visitor-${n}` },
      });
    const signIn = () =>
      fetch(`${base}/api/v1/token/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: user.email, password: user.password }),
      });
    // Connected and healthy first.
    assert.equal((await visit(0)).status, 302);

    let n = 1;
    /** 8 visitors at once, 25 new visitors each: each redirect's time. */
    const newVisitors = async () => {
      const times: number[] = [];
      const visitor = async () => {
        for (let i = 0; i < 25; i++) {
          const [ms, res] = await timed(() => visit(n++));
          assert.equal(res.status, 302);
          times.push(ms);
        }
      };
      await Promise.all(Array.from({ length: 8 }, visitor));
      return times;
    };
    const describeTimes = (times: number[]) =>
      `p50 ${percentile(times, 0.5).toFixed(1)} ms, p99 ${percentile(times, 0.99).toFixed(1)} ms`;
    const healthy = await newVisitors();
    const [healthySignInMs] = await timed(signIn);

    // Every command of every client waits 5 s from now. The bounds below leave room for a
    // loaded machine (scrypt alone can take a second there); before the timeout, the first
    // request waited out the whole pause.
    await admin.call('CLIENT', 'PAUSE', '5000', 'ALL');
    const [signInMs, signedIn] = await timed(signIn);
    const redirects = await newVisitors();
    const p99 = percentile(redirects, 0.99);
    console.log(
      `new visitors' redirects: healthy Redis ${describeTimes(healthy)}, paused Redis ${describeTimes(redirects)}; sign-in ${healthySignInMs.toFixed(0)} and ${signInMs.toFixed(0)} ms (command timeout ${REDIS_COMMAND_TIMEOUT_MS} ms)`,
    );
    assert.equal(signedIn.status, 200);
    assert.ok(signInMs < 2500, `sign-in took ${signInMs} ms`);
    assert.ok(p99 < 2500, `redirect p99 ${p99} ms`);

    // The clicks of the stall were counted (in this process's memory) and are stored.
    await t.app.deps.clicks.flush();
    assert.equal((await db.handle.db.select().from(clicks)).length, 1 + 2 * 8 * 25);
  });
});

// The product as a cluster: three API instances behind HAProxy on one PostgreSQL (a fresh
// database) and one Redis (a redis-server of its own, so the last test may stop it), everything
// through the load balancer as a visitor, a brand or a merchant's server would reach it. The
// tests run in order on one cluster: the conversions of the crash test are the rewards of the
// hold-job test. `npm run test:cluster` (BENCH_PG_URL: the PostgreSQL server, default the local
// one); needs /usr/sbin/haproxy and redis-server.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { api, freshPostgresDatabase, login, seedShareLink } from '../../bench/lib-server.mjs';
import { startCluster, type Cluster } from '../../scripts/lib/cluster.mjs';
import { startOwnRedis, type OwnRedis } from '../../scripts/lib/throwaway-servers.mjs';

test.describe.configure({ mode: 'serial' });

const NAMES = ['api1', 'api2', 'api3'];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let cluster: Cluster;
let database: { url: string; drop(): Promise<void> };
let dir: string;
let redis: OwnRedis;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  database = await freshPostgresDatabase('cluster_test');
  dir = mkdtempSync(join(tmpdir(), 'cluster-test-'));
  redis = await startOwnRedis();
  cluster = await startCluster({
    dir,
    databaseUrl: database.url,
    redisUrl: redis.url,
    redisPrefix: `cluster-test-${randomBytes(4).toString('hex')}:`,
    quiet: true,
    // Every request of these tests comes from this machine's address.
    env: {
      RATE_LIMIT_LOGIN_PER_IP: '1000',
      RATE_LIMIT_LOGIN_PER_IP_EMAIL: '1000',
      RATE_LIMIT_REGISTER_PER_IP: '5',
      // The webhook test's receiver listens on this machine.
      WEBHOOKS_ALLOW_PRIVATE_URLS: 'true',
    },
  });
});

test.afterAll(async () => {
  await cluster?.close();
  await redis?.close();
  await database?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

interface Visit {
  status: number;
  servedBy: string | null;
  /** The click id the redirect handed out (the counted click's, for a repeat visit). */
  cid: string | null;
}

/** One visit of a share link, as a browser with this user agent would make it. */
async function visit(code: string, userAgent: string): Promise<Visit> {
  const reply = await fetch(`${cluster.url}/r/${code}`, {
    redirect: 'manual',
    headers: { 'user-agent': userAgent },
  });
  await reply.arrayBuffer();
  const location = reply.headers.get('location');
  return {
    status: reply.status,
    servedBy: reply.headers.get('x-served-by'),
    cid: location ? new URL(location).searchParams.get('cid') : null,
  };
}

const browser = (who: string) =>
  `Mozilla/5.0 (X11; Linux x86_64) Chrome/124.0 Safari/537.36 ${who}`;

async function clicksOf(campaign: number, token: string): Promise<number> {
  return (
    await api<{ clicks: number }>(cluster.url, 'GET', `campaign/${campaign}/stats/`, { token })
  ).clicks;
}

/** Each instance flushes its click buffer every second: after this, all of them have. */
const FLUSHED_MS = 2_500;

let link: Awaited<ReturnType<typeof seedShareLink>>;

test('the same visitor reaching all three instances is one click; another visitor is another', async () => {
  link = await seedShareLink(cluster.url);
  const visits: Visit[] = [];
  for (let i = 0; i < 6; i++) visits.push(await visit(link.code, browser('visitor-1')));

  expect(visits.map((v) => v.status)).toEqual([302, 302, 302, 302, 302, 302]);
  expect(new Set(visits.map((v) => v.servedBy))).toEqual(new Set(NAMES));
  // Every instance hands out the counted click's id, whichever counted it.
  expect(new Set(visits.map((v) => v.cid)).size).toBe(1);

  const other = await visit(link.code, browser('visitor-2'));
  expect(other.status).toBe(302);
  expect(other.cid).not.toBe(visits[0].cid);

  await expect.poll(() => clicksOf(link.campaign, link.brandToken)).toBe(2);
  await sleep(FLUSHED_MS);
  expect(await clicksOf(link.campaign, link.brandToken)).toBe(2);
});

test("a client's own X-Forwarded-For does not choose its address: one click, and the limit holds", async () => {
  const forged = (n: number) => ({ 'x-forwarded-for': `198.51.100.${n}` });
  const cids = new Set<string | null>();
  for (let n = 1; n <= 6; n++) {
    const reply = await fetch(`${cluster.url}/r/${link.code}`, {
      redirect: 'manual',
      headers: { 'user-agent': browser('forging-visitor'), ...forged(n) },
    });
    expect(reply.status).toBe(302);
    cids.add(new URL(reply.headers.get('location') ?? '').searchParams.get('cid'));
  }
  // Six "addresses", one visitor: the same counted click every time.
  expect(cids.size).toBe(1);

  // Registrations from "eight addresses" against a limit of 5 per address (the cluster's env).
  const statuses: number[] = [];
  for (let n = 1; n <= 8; n++) {
    const name = `forger${n}${randomBytes(3).toString('hex')}`;
    const reply = await fetch(`${cluster.url}/api/v1/user/register/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...forged(n) },
      body: JSON.stringify({
        username: name,
        email: `${name}@example.test`,
        password: 'Forger123!',
        password_confirmation: 'Forger123!',
      }),
    });
    await reply.arrayBuffer();
    statuses.push(reply.status);
  }
  expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
});

test('a picture uploaded through one instance is served by all three', async () => {
  const token = await login(cluster.url, 'advocate@demo.test', 'Advocate123!');
  // The smallest PNG: one transparent pixel.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  );
  const form = new FormData();
  form.append('full_name', 'Cluster Advocate');
  form.append('picture', new Blob([png], { type: 'image/png' }), 'me.png');
  const saved = await fetch(`${cluster.url}/api/v1/advocate/profile/`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(saved.status, await saved.clone().text()).toBe(200);
  const { picture_url } = (await saved.json()) as { picture_url: string };
  const picture = new URL(picture_url, cluster.url);

  const servedBy = new Set<string | null>();
  for (let i = 0; i < 3; i++) {
    const reply = await fetch(`${cluster.url}${picture.pathname}${picture.search}`);
    expect(reply.status).toBe(200);
    expect(Buffer.from(await reply.arrayBuffer()).equals(png)).toBe(true);
    servedBy.add(reply.headers.get('x-served-by'));
  }
  expect(servedBy).toEqual(new Set(NAMES));
});

test('a campaign paused through one instance stops counting on all three within 5 s', async () => {
  // Every instance has the link cached (the test above), so each must hear of the pause.
  // The tests before made clicks less than a second ago: stored first, so the count is theirs.
  await sleep(FLUSHED_MS);
  const counted = await clicksOf(link.campaign, link.brandToken);
  await api(cluster.url, 'PATCH', `campaign/update/${link.campaign}/`, {
    token: link.brandToken,
    body: { status: 'inactive' }, // the brand's "paused"
  });
  const pausedAt = Date.now();

  // Visits by new visitors until every instance answers that the offer has ended (410: the brand
  // has no website to send them to); the redirects answered meanwhile were counted.
  const stoppedAfter: Record<string, number> = {};
  let redirected = 0;
  for (let n = 0; Object.keys(stoppedAfter).length < NAMES.length; n++) {
    expect(
      Date.now() - pausedAt,
      `instances still counting: ${JSON.stringify(stoppedAfter)}`,
    ).toBeLessThan(5_000);
    const v = await visit(link.code, browser(`after-pause-${n}`));
    if (v.status === 302) redirected += 1;
    else {
      expect(v.status).toBe(410);
      stoppedAfter[v.servedBy!] ??= Date.now() - pausedAt;
    }
    await sleep(50);
  }
  console.log(`pause reached each instance after (ms): ${JSON.stringify(stoppedAfter)}`);

  // From then on none of them counts.
  const later = await Promise.all(
    Array.from({ length: 9 }, (_, i) => visit(link.code, browser(`later-${i}`))),
  );
  expect(later.map((v) => v.status)).toEqual(Array(9).fill(410));
  expect(new Set(later.map((v) => v.servedBy))).toEqual(new Set(NAMES));
  await sleep(FLUSHED_MS);
  expect(await clicksOf(link.campaign, link.brandToken)).toBe(counted + redirected);
});

let conversionCampaign: number;
let conversionsStored: number;

test('three instances deliver each event to a webhook once, signed', async () => {
  test.setTimeout(120_000);
  const { createServer } = await import('node:http');
  const received: Array<{ headers: Record<string, string>; body: string }> = [];
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        headers: req.headers as Record<string, string>,
        body: Buffer.concat(chunks).toString(),
      });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  try {
    const port = (receiver.address() as { port: number }).port;
    const seeded = await seedShareLink(cluster.url, {
      commission_type: 'flat',
      commission_value: 1,
    });
    const { secret: signing } = await api<{ secret: string }>(
      cluster.url,
      'POST',
      `brand/${seeded.brand}/webhooks/`,
      {
        token: seeded.brandToken,
        body: { url: `http://127.0.0.1:${port}/hooks`, events: ['conversion.created'] },
      },
    );
    const { secret } = await api<{ secret: string }>(
      cluster.url,
      'POST',
      `brand/${seeded.brand}/api-keys/`,
      { token: seeded.brandToken, body: { kind: 'secret' } },
    );
    // 300 conversions through the load balancer: each instance writes events, and all three
    // dispatch and deliver (every 500 ms, SKIP LOCKED).
    const COUNT = 300;
    let next = 0;
    const lane = async () => {
      while (next < COUNT) {
        const ref = `hook-${next++}`;
        const reply = await fetch(`${cluster.url}/api/v1/sdk-log-conversion/`, {
          method: 'POST',
          headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
          body: JSON.stringify({ conversionRef: ref, via: seeded.code, value: 10 }),
        });
        expect(reply.status, await reply.text()).toBe(201);
      }
    };
    await Promise.all(Array.from({ length: 8 }, lane));
    await expect.poll(() => received.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(COUNT);
    // Time for a second delivery of anything, were one to come.
    await sleep(3_000);
    expect(received.length).toBe(COUNT);
    const verifier = new Webhook(signing);
    const refs = received.map(
      (r) =>
        (verifier.verify(r.body, r.headers) as { data: { conversion: { reference: string } } }).data
          .conversion.reference,
    );
    expect(new Set(refs).size).toBe(COUNT);
    expect(new Set(received.map((r) => r.headers['webhook-id'])).size).toBe(COUNT);
  } finally {
    receiver.close();
  }
});

test('killing an instance during a conversion load loses no acknowledged conversion; HAProxy routes around it', async () => {
  const seeded = await seedShareLink(cluster.url, {
    commission_type: 'percentage',
    commission_value: 10,
  });
  conversionCampaign = seeded.campaign;
  const { secret } = await api<{ secret: string }>(
    cluster.url,
    'POST',
    `brand/${seeded.brand}/api-keys/`,
    {
      token: seeded.brandToken,
      body: { kind: 'secret' },
    },
  );

  const LOAD_MS = 12_000;
  const KILL_AT_MS = 4_000;
  const WORKERS = 24;
  const started = Date.now();
  let killedAt = Infinity;
  let next = 0;
  let retries = 0;
  const acknowledged = new Set<string>();
  const refused: string[] = [];
  /** Requests sent well after the kill: when, who answered, whether it needed a retry. */
  const late: { servedBy: string | null; retried: boolean }[] = [];

  // A merchant's server: each order reported until acknowledged, with the same conversionRef
  // (the brand's idempotency key) when a connection fails or the load balancer answers 502/503.
  const report = async (ref: string) => {
    const sentAt = Date.now();
    for (let attempt = 0; ; attempt++) {
      let status = 0;
      let servedBy: string | null = null;
      try {
        const reply = await fetch(`${cluster.url}/api/v1/sdk-log-conversion/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
          body: JSON.stringify({
            conversionRef: ref,
            via: seeded.code,
            value: 20,
            eventType: 'purchase',
            currency: 'USD',
          }),
        });
        status = reply.status;
        servedBy = reply.headers.get('x-served-by');
        await reply.arrayBuffer();
      } catch {
        // the connection failed: retry
      }
      if (status === 200 || status === 201) {
        acknowledged.add(ref);
        if (sentAt > killedAt + 3_000) late.push({ servedBy, retried: attempt > 0 });
        return;
      }
      if (status !== 0 && status < 500) return void refused.push(`${ref}: ${status}`);
      retries += 1;
      expect(attempt, `${ref} never acknowledged`).toBeLessThan(50);
      await sleep(100);
    }
  };
  const worker = async () => {
    while (Date.now() - started < LOAD_MS) await report(`order-${++next}`);
  };
  const killer = async () => {
    await sleep(KILL_AT_MS);
    await cluster.stop(['api2'], 'SIGKILL');
    killedAt = Date.now();
  };
  await Promise.all([killer(), ...Array.from({ length: WORKERS }, worker)]);

  console.log(
    `${acknowledged.size} conversions acknowledged in ${LOAD_MS / 1000} s, ${retries} retries after the kill`,
  );
  expect(refused).toEqual([]);
  expect((await cluster.states()).api2).toMatch(/^DOWN/);

  // Every acknowledged conversion is stored, once.
  const stored = await cluster.sql<{ ref: string }>(
    'select conversion_ref as ref from conversions where campaign_id = $1',
    [seeded.campaign],
  );
  const storedRefs = new Set(stored.map((r) => r.ref));
  expect(stored.length).toBe(storedRefs.size);
  expect([...acknowledged].filter((ref) => !storedRefs.has(ref))).toEqual([]);
  expect(storedRefs.size).toBe(acknowledged.size);
  conversionsStored = storedRefs.size;

  // Once HAProxy's checks marked it down, the survivors answered everything at the first try.
  expect(late.length).toBeGreaterThan(0);
  expect(late.filter((r) => r.retried)).toEqual([]);
  expect(new Set(late.map((r) => r.servedBy))).toEqual(new Set(['api1', 'api3']));

  await cluster.start(['api2']);
});

test('the hold job started on three instances at once approves each reward once', async () => {
  // The rewards of the conversions above, their hold period (30 days) made to have ended.
  await cluster.stop();
  const [{ pending }] = await cluster.sql<{ pending: number }>(
    `with due as (update rewards set created_at = created_at - interval '31 days'
       where campaign_id = $1 and status = 'pending' returning id)
     select count(*)::int as pending from due`,
    [conversionCampaign],
  );
  // Every conversion's reward, all pending until now. (The job takes them in batches of 500 with
  // SKIP LOCKED; what the three instances must not do is approve one twice.)
  expect(pending).toBe(conversionsStored);

  // Each instance runs the job as it starts listening; info logs report what each approved.
  await cluster.start(NAMES, { LOG_LEVEL: 'info' });
  const approvedRewards = () =>
    cluster
      .sql<{ n: number }>(
        `select count(*)::int as n from rewards where campaign_id = $1 and status = 'approved'`,
        [conversionCampaign],
      )
      .then(([row]) => row.n);
  await expect.poll(approvedRewards).toBe(pending);

  const [moves] = await cluster.sql<{ moves: number; rewards: number }>(
    `select count(*)::int as moves, count(distinct m.reward_id)::int as rewards
       from reward_moves m join rewards r on r.id = m.reward_id
      where r.campaign_id = $1 and m.to_status = 'approved'`,
    [conversionCampaign],
  );
  expect(moves).toEqual({ moves: pending, rewards: pending });
  const [conversions] = await cluster.sql<{ approved: number }>(
    `select count(*)::int as approved from conversions where campaign_id = $1 and status = 'approved'`,
    [conversionCampaign],
  );
  expect(conversions.approved).toBe(pending);

  const byInstance = Object.fromEntries(
    NAMES.map((name) => [
      name,
      [...readFileSync(cluster.logFile(name), 'utf8').matchAll(/"approved":(\d+)/g)].reduce(
        (sum, m) => sum + Number(m[1]),
        0,
      ),
    ]),
  );
  console.log(`${pending} rewards approved, by instance: ${JSON.stringify(byInstance)}`);
});

test('with Redis down, share links still redirect and sign-in works; each instance then counts a visitor on its own', async () => {
  const seeded = await seedShareLink(cluster.url);
  await redis.stop();

  const visits: Visit[] = [];
  for (let i = 0; i < 6; i++) visits.push(await visit(seeded.code, browser('during-outage')));
  expect(visits.map((v) => v.status)).toEqual([302, 302, 302, 302, 302, 302]);
  expect(new Set(visits.map((v) => v.servedBy))).toEqual(new Set(NAMES));
  // Each instance remembers the visitor in its own memory: one counted click per instance.
  expect(new Set(visits.map((v) => v.cid)).size).toBe(3);
  await expect.poll(() => clicksOf(seeded.campaign, seeded.brandToken)).toBe(3);
  // Rate-limit counters are skipped, not enforced nor failing: sign-in still answers.
  const signIn = await fetch(`${cluster.url}/api/v1/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'advocate@demo.test', password: 'Advocate123!' }),
  });
  expect(signIn.status).toBe(200);

  // Redis back (empty: it keeps nothing on disk): once every instance has reconnected, a
  // visitor reaching all three is one click again.
  await redis.start();
  let n = 0;
  await expect
    .poll(
      async () => {
        n += 1;
        const cids = new Set<string | null>();
        for (let i = 0; i < 3; i++)
          cids.add((await visit(seeded.code, browser(`after-outage-${n}`))).cid);
        return cids.size;
      },
      { timeout: 30_000 },
    )
    .toBe(1);
  await sleep(FLUSHED_MS);
  const before = await clicksOf(seeded.campaign, seeded.brandToken);
  for (let i = 0; i < 6; i++) await visit(seeded.code, browser('after-recovery'));
  await sleep(FLUSHED_MS);
  expect(await clicksOf(seeded.campaign, seeded.brandToken)).toBe(before + 1);
});

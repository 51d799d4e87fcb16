// The share-link redirect as a cluster, against one instance, in one run on the same machine:
//   (a) one built server, no Redis (the one-hour window in its memory), straight on its port;
//   (b) three built servers behind HAProxy (scripts/lib/cluster.mjs) sharing the one-hour window
//       in Redis (a key prefix of this run's own, deleted at the end).
// Each on a fresh database of the local PostgreSQL (BENCH_PG_URL), seeded through the API (demo
// brand: product + campaign; demo advocate: join). autocannon, 50 connections, every request its
// own User-Agent so each is a new visitor and a counted click. The two take turns, --rounds times
// --duration seconds each (a, b, a, b, …), so a slow spell of the shared machine lands on both;
// after each round the bench waits until the target has stored every click it buffered, and that
// time counts as the target's.
// On two cores (b) cannot be faster than (a): HAProxy, three Node processes, Redis and the load
// generator share the same two cores. What is measured is the cluster's correctness (every
// redirect a stored click, none counted twice) and its overhead.
// Also printed: clicks stored per second by the one PostgreSQL, the database's bytes per million
// clicks (clicks and the tables maintained with them), Redis's bytes per remembered visitor.
// Usage: node bench/cluster-bench.mjs [--rounds 3] [--duration 6]
//        (needs server/dist, HAProxy, PostgreSQL and Redis on this machine)
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { queryRows, startCluster } from '../scripts/lib/cluster.mjs';
import { combined, hammer, roundRow, totalRow, verdict } from './lib-load.mjs';
import {
  clickDrain,
  distinctVisitors,
  freshPostgresDatabase,
  roundOptions,
  root,
  seedShareLink,
  startServer,
  stopServer,
} from './lib-server.mjs';

const { duration, rounds } = roundOptions();
const CONNECTIONS = 50;
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisPrefix = `bench-cluster-${randomBytes(4).toString('hex')}:`;

const distinctVisitor = distinctVisitors('cluster');

const visitLink = (url, seconds = duration) =>
  hammer(url, { connections: CONNECTIONS, seconds, setupRequest: distinctVisitor });

const { Redis } = createRequire(path.join(root, 'server/package.json'))('ioredis');

/** Bytes of a table with its indexes and TOAST, summed over its partitions when it has them. */
const TABLE_BYTES = `
  select coalesce(sum(pg_total_relation_size(c.oid)), 0)::bigint as bytes
    from pg_class c
   where c.oid = $1::regclass
      or c.oid in (select inhrelid from pg_inherits where inhparent = $1::regclass)`;

/** Stored clicks of `campaign`, and each table's bytes per million of the database's clicks. */
async function storage(url, campaign) {
  const [{ clicks }] = await queryRows(
    url,
    'select count(*)::int as clicks from clicks where campaign_id = $1',
    [campaign],
  );
  const [{ all }] = await queryRows(url, 'select count(*)::int as "all" from clicks');
  const perMillion = {};
  for (const table of [
    'clicks',
    'link_impressions',
    'click_rollups',
    'visitor_sketches',
    'conversion_rollups',
  ]) {
    const [exists] = await queryRows(url, 'select to_regclass($1) as oid', [table]);
    if (!exists.oid) continue;
    const [{ bytes }] = await queryRows(url, TABLE_BYTES, [table]);
    perMillion[table] = { bytes: Number(bytes), perMillionClicks: (Number(bytes) * 1e6) / all };
  }
  return { clicks, all, perMillion };
}

const mb = (bytes) => `${(bytes / 2 ** 20).toFixed(1)} MB`;

const loadBefore = loadavg();
const dirA = mkdtempSync(path.join(tmpdir(), 'cluster-bench-single-'));
const dirB = mkdtempSync(path.join(tmpdir(), 'cluster-bench-cluster-'));
const dbA = await freshPostgresDatabase('bench_single');
const dbB = await freshPostgresDatabase('bench_cluster');
let single;
let cluster;
const redis = new Redis(REDIS_URL);
try {
  console.log('Starting (a) one instance and (b) three instances behind HAProxy…');
  single = await startServer({ DATA_DIR: dirA, DATABASE_URL: dbA.url });
  cluster = await startCluster({
    dir: dirB,
    databaseUrl: dbB.url,
    redisUrl: REDIS_URL,
    redisPrefix,
    quiet: true,
  });
  const targets = [
    { name: '(a) one instance, no Redis', base: single.base, database: dbA.url, runs: [] },
    { name: '(b) 3 instances + HAProxy + Redis', base: cluster.url, database: dbB.url, runs: [] },
  ];
  for (const target of targets) {
    target.link = await seedShareLink(target.base);
    // Stats flush the answering instance's click buffer: one request per instance (HAProxy's
    // round robin) flushes them all.
    target.drain = await clickDrain(target.base, target.base === cluster.url ? 3 : 1);
    console.log(`${target.name}: warming up for 2 s…`);
    target.warmUp = await visitLink(`${target.base}/r/${target.link.code}`, 2);
    await target.drain();
  }

  for (let round = 1; round <= rounds; round++) {
    for (const target of targets) {
      console.log(`round ${round}/${rounds}: ${target.name}, ${duration} s…`);
      const result = await visitLink(`${target.base}/r/${target.link.code}`);
      result.drainMs = await target.drain();
      target.runs.push(result);
    }
  }
  const loadAfter = loadavg();

  // Graceful stops store whatever is still buffered; then count what the databases hold.
  await stopServer(single.child);
  await cluster.stop();
  const rows = [];
  const checks = [];
  for (const target of targets) {
    const total = combined(target.runs);
    const stored = await storage(target.database, target.link.campaign);
    const answered = total.redirects + target.warmUp['3xx'];
    target.total = total;
    target.stored = stored;
    checks.push({ target: target.name, answered, stored: stored.clicks });
    target.runs.forEach((r, i) => rows.push(roundRow(target.name, i + 1, r)));
    rows.push(totalRow(target.name, total));
  }

  console.log(
    `\nCluster redirect bench (${rounds} rounds × ${duration} s, ${CONNECTIONS} connections, ` +
      `PostgreSQL, node ${process.version}; load average before ${loadBefore.map((x) => x.toFixed(2)).join(' ')}, ` +
      `after ${loadAfter.map((x) => x.toFixed(2)).join(' ')})`,
  );
  console.table(rows);
  const [a, b] = targets;
  console.log(
    `cluster / one instance req/s: ${((b.total.perSecond / a.total.perSecond) * 100).toFixed(1)}%; ` +
      `p99 ${b.total.p99} ms against ${a.total.p99} ms`,
  );
  for (const target of targets) {
    console.log(
      `${target.name}: clicks stored by its PostgreSQL ${Math.round(target.total.redirects / target.total.seconds)}/s over the rounds`,
    );
  }

  // Every redirect answered is one stored click (distinct visitors); requests cut off when
  // autocannon stopped may have been counted too, so the store may hold a few more.
  let ok = true;
  for (const check of checks) {
    const lost = check.answered - check.stored;
    const extra = check.stored - check.answered;
    const fine = lost <= 0 && extra <= CONNECTIONS * (rounds + 1);
    ok &&= fine;
    console.log(
      `${check.target}: ${check.answered} redirects answered → ${check.stored} clicks stored: ` +
        (fine
          ? `none lost (${extra} in flight when a round stopped)`
          : `${lost} LOST or ${extra} too many`),
    );
  }

  const { perMillion, all } = b.stored;
  // Scaled from this run's clicks: below a few hundred thousand, fixed costs (empty partitions,
  // index roots, the demo data's rollups) inflate it; the figures in docs/production.md come from a million.
  console.log(
    `\nDatabase (b) after ${all} clicks, bytes per million clicks (with indexes; scaled up from ${all}):`,
  );
  console.table(
    Object.fromEntries(
      Object.entries(perMillion).map(([table, v]) => [
        table,
        { now: mb(v.bytes), 'per million clicks': mb(v.perMillionClicks) },
      ]),
    ),
  );

  let keys = 0;
  let sampled = 0;
  let sampledBytes = 0;
  for await (const batch of redis.scanStream({ match: `${redisPrefix}visit:*`, count: 1000 })) {
    keys += batch.length;
    for (const key of batch.slice(0, 5)) {
      if (sampled >= 200) break;
      sampledBytes += (await redis.memory('USAGE', key)) ?? 0;
      sampled += 1;
    }
  }
  console.log(
    `Redis: ${keys} visitor keys (one per visitor and link for an hour), ` +
      `${sampled ? Math.round(sampledBytes / sampled) : '?'} bytes each (MEMORY USAGE, ${sampled} sampled)`,
  );
  verdict(ok);
} finally {
  if (single) await stopServer(single.child);
  await cluster?.close();
  // The visitor keys would otherwise stay in the shared Redis for their hour.
  for await (const batch of redis.scanStream({ match: `${redisPrefix}*`, count: 1000 })) {
    if (batch.length) await redis.unlink(...batch);
  }
  redis.disconnect();
  await dbA.drop();
  await dbB.drop();
  rmSync(dirA, { recursive: true, force: true });
  rmSync(dirB, { recursive: true, force: true });
}

// Statistics latency at scale: one brand with --campaigns campaigns (20), --advocates advocates
// (1,000), --clicks clicks (10,000,000) and --conversions conversions (a tenth of the clicks)
// spread over --days days (365), generated in bulk with SQL on a fresh PostgreSQL database, the
// rollups then built by the rebuild command (npm run rollups:rebuild -w server), then each
// statistics call timed --samples times (p50, p99) against the server.
// Usage: node bench/stats-bench.mjs [--clicks 10000000] [--advocates 1000] [--campaigns 20]
//        [--days 365] [--samples 40] [--keep] [--generate-only] [--reuse postgres://…/db] [--no-rebuild]
// Large runs in steps: --generate-only --keep builds and keeps the data (its URL is printed);
// --reuse URL then rebuilds the rollups (unless --no-rebuild) and times the calls on that
// database, as often as needed (add --keep to keep it again).
// --baseline DIR: also run the server of another checkout (e.g. a git worktree of the commit
// before, with its dependencies linked) on the same database, and time both alternately, sample
// by sample, so a slow spell of the shared machine lands on both.
// Runs the server from source (tsx), so no build is needed. PostgreSQL: BENCH_PG_URL (default the
// local server). --pglite: the embedded database instead (bulk data through a PGlite in this
// process, then the server on the same data directory).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { api, freePort, freshPostgresDatabase, login, numberOption, root } from './lib-server.mjs';

const CLICKS = numberOption('--clicks', 10_000_000);
const CONVERSIONS = numberOption('--conversions', Math.round(CLICKS / 10));
const ADVOCATES = numberOption('--advocates', 1000);
const CAMPAIGNS = numberOption('--campaigns', 20);
const DAYS = numberOption('--days', 365);
const SAMPLES = numberOption('--samples', 40);
const usePglite = process.argv.includes('--pglite');
const flag = (name) => process.argv.includes(name);
const text = (name) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const reuseUrl = text('--reuse');

const log = (...args) => console.log(new Date().toISOString().slice(11, 19), ...args);
const serverDir = path.join(root, 'server');
const tsxArgs = ['--conditions=source', '--import', 'tsx'];

/** The bulk data: advocates, campaigns, joins, links, clicks and conversions, in SQL. */
function bulkSql(brandId) {
  const LINKS = ADVOCATES * CAMPAIGNS;
  return [
    `insert into users (email, username, password_hash, verified_at, date_joined)
     select 'bench' || g || '@bench.test', 'bench_advocate_' || g, 'x', now(), now() from generate_series(1, ${ADVOCATES}) g`,
    `insert into products (brand_id, name, price, currency, status, product_url, created_at, updated_at)
     values (${brandId}, 'Bench item', 50, 'USD', 'active', 'https://shop.example/b', now(), now())`,
    `insert into campaigns (public_id, brand_id, title, status, commission_type, commission_value, product_url, created_at, updated_at)
     select 'BENCH-' || g, ${brandId}, 'Bench campaign ' || g, 'active', 'percentage', 10, 'https://shop.example/c', now(), now()
     from generate_series(1, ${CAMPAIGNS}) g`,
    `create temp table bench_advocates as select row_number() over (order by id) as i, id from users where email like 'bench%@bench.test'`,
    `create temp table bench_campaigns as select row_number() over (order by id) as i, id from campaigns where brand_id = ${brandId} and public_id like 'BENCH-%'`,
    `insert into campaign_joins (advocate_id, campaign_id, source, joined_at)
     select a.id, c.id, 'bench', now() - interval '${DAYS} days' from bench_advocates a cross join bench_campaigns c`,
    `insert into share_links (code, advocate_id, campaign_id, product_id, brand_id, created_at)
     select 'bench' || a.i || 'x' || c.i, a.id, c.id, null, ${brandId}, now() from bench_advocates a cross join bench_campaigns c`,
    `create temp table bench_links as select row_number() over (order by id) - 1 as i, id, campaign_id, advocate_id from share_links where code like 'bench%'`,
    `create index on bench_links (i)`,
    // Time order follows g (click ids too), as it does for real clicks.
    `insert into clicks (click_id, created_at, link_id, campaign_id, product_id, advocate_id, brand_id, source, referrer_host, device, visitor_hash)
     select lpad(g::text, 12, '0') || substr(md5(g::text), 1, 12),
       now() - interval '${DAYS} days' + (g::float8 / ${CLICKS}) * interval '${DAYS} days',
       l.id, l.campaign_id, null, l.advocate_id, ${brandId},
       (array['direct', 'social', 'email', 'others'])[1 + (hashint4(g) & 3)], null, 'mobile',
       md5('v' || (abs(hashint4(g * 7)) % ${Math.max(1, Math.round(CLICKS / 3))}))
     from generate_series(1, ${CLICKS}) g join bench_links l on l.i = abs(hashint4(g + 1)) % ${LINKS}`,
    `insert into link_impressions (hour, link_id, source, brand_id, campaign_id, advocate_id, impressions)
     select date_trunc('hour', created_at), link_id, source, brand_id, campaign_id, advocate_id, count(*) + count(*) / 5
     from clicks where brand_id = ${brandId} group by 1, 2, 3, 4, 5, 6`,
    `insert into conversions (brand_id, campaign_id, advocate_id, conversion_ref, event_type, value, currency, reward_amount, status, reported_with, source, created_at)
     select ${brandId}, l.campaign_id, l.advocate_id, 'bench-' || g,
       (array['purchase', 'purchase', 'subscription', 'signup', 'subscription_created', 'subscription_renewal', 'purchase', 'purchase'])[1 + (hashint4(g) & 7)],
       v.value, case when hashint4(g * 3) % 10 = 0 then 'EUR' else 'USD' end, round(v.value * 0.1, 2),
       case when hashint4(g * 5) % 20 = 0 then 'rejected' else 'approved' end, 'secret',
       (array['direct', 'social', 'email', 'others'])[1 + (hashint4(g * 11) & 3)],
       now() - interval '${DAYS} days' + (g::float8 / ${CONVERSIONS}) * interval '${DAYS} days'
     from generate_series(1, ${CONVERSIONS}) g
     join bench_links l on l.i = abs(hashint4(g + 2)) % ${LINKS}
     cross join lateral (select round((abs(hashint4(g * 13)) % 20000) / 100.0, 2) as value) v`,
    `analyze`,
  ];
}

function startSourceServer(env, cwd = serverDir) {
  return (async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, [...tsxArgs, 'src/index.ts'], {
      cwd,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    });
    for (const deadline = Date.now() + 120_000; ;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      try {
        if ((await fetch(`${base}/api/v1/health/`)).ok) break;
      } catch {
        // not yet
      }
      if (Date.now() > deadline) throw new Error('server did not start');
      await new Promise((r) => setTimeout(r, 300));
    }
    return { base, child };
  })();
}
const stop = (child) =>
  new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });

const keepAlive = new http.Agent({ keepAlive: true });

/**
 * One call as a browser makes it: a kept-alive connection, `Accept-Encoding: gzip, deflate, br`,
 * and the reply read to its last byte. Not decoded: a browser unpacks natively, while fetch()
 * here would add its own stream decompression (1–3 ms a call) to what the server costs.
 */
function browserGet(base, url, token) {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${base}/api/v1/${url}`,
      {
        agent: keepAlive,
        headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br' },
      },
      (res) => {
        res.resume();
        res.on('error', reject);
        res.on('end', () =>
          res.statusCode === 200 ? resolve() : reject(new Error(`GET ${url} → ${res.statusCode}`)),
        );
      },
    );
    request.on('error', reject);
  });
}

/** p50 and p99 of `url` on each server in `bases`, sampled alternately (a, b, a, b, …). */
async function time(bases, token, url) {
  const ms = bases.map(() => []);
  for (const base of bases) await api(base, 'GET', url, { token }); // warm-up, and a valid reply
  for (let i = 0; i < SAMPLES; i++) {
    for (const [k, base] of bases.entries()) {
      const t0 = performance.now();
      await browserGet(base, url, token);
      ms[k].push(performance.now() - t0);
    }
  }
  return ms.map((list) => {
    list.sort((a, b) => a - b);
    const at = (p) => list[Math.min(list.length - 1, Math.floor((p / 100) * list.length))];
    return { p50: at(50).toFixed(1), p99: at(99).toFixed(1) };
  });
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'stats-bench-'));
const pgDb = usePglite
  ? undefined
  : reuseUrl
    ? { url: reuseUrl, drop: () => undefined }
    : await freshPostgresDatabase('stats_bench');
const env = usePglite
  ? { DATA_DIR: dataDir, DATABASE_URL: '' }
  : { DATA_DIR: dataDir, DATABASE_URL: pgDb.url };
log(
  `${usePglite ? `PGlite (${dataDir})` : `PostgreSQL (${pgDb.url})`}: ${CLICKS} clicks, ${CONVERSIONS} conversions, ${ADVOCATES} advocates, ${CAMPAIGNS} campaigns, ${DAYS} days`,
);
try {
  // 1. Migrate and seed the demo accounts (first start), create the bench brand through the API.
  let server = await startSourceServer(env);
  const ownerToken = await login(server.base, 'brand@demo.test', 'Brand123!');
  const brandId = reuseUrl
    ? (await api(server.base, 'GET', 'brand/list/', { token: ownerToken })).brands.find(
        (b) => b.brand_name === 'Stats Bench',
      ).id
    : (
        await api(server.base, 'POST', 'brand/create/', {
          token: ownerToken,
          body: { brand_name: 'Stats Bench' },
        })
      ).brand.id;
  await stop(server.child);

  // 2. Bulk events.
  const t0 = performance.now();
  if (reuseUrl) {
    log('reusing the data of', reuseUrl);
  } else if (usePglite) {
    const { PGlite } = await import(
      createRequire(path.join(serverDir, 'package.json')).resolve('@electric-sql/pglite')
    );
    const db = await PGlite.create(path.join(dataDir, 'pglite'));
    for (const statement of bulkSql(brandId)) await db.exec(statement);
    await db.close();
  } else {
    const pg = createRequire(path.join(serverDir, 'package.json'))('pg');
    const client = new pg.Client({ connectionString: pgDb.url });
    await client.connect();
    for (const statement of bulkSql(brandId)) await client.query(statement);
    await client.end();
  }
  log(`bulk data: ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  if (flag('--generate-only')) process.exit(0);

  // 3. Rollups from the raw events, by the rebuild command.
  const t1 = performance.now();
  const rebuilt = flag('--no-rebuild')
    ? { status: 0 }
    : spawnSync(process.execPath, [...tsxArgs, 'src/features/rollups/rebuild-cli.ts'], {
        cwd: serverDir,
        env: { ...process.env, ...env },
        stdio: 'inherit',
      });
  if (rebuilt.status !== 0) throw new Error('rebuild failed');
  log(`rebuild: ${((performance.now() - t1) / 1000).toFixed(0)} s`);

  // 4. The calls.
  server = await startSourceServer(env);
  const owner = await login(server.base, 'brand@demo.test', 'Brand123!');
  const staff = await login(server.base, 'admin@demo.test', 'Admin123!');
  const advocateId = (
    await api(
      server.base,
      'GET',
      `brands/advocates/?brand_id=${brandId}&per_page=1&q=bench_advocate_7`,
      { token: owner },
    )
  ).data[0].id;
  const calls = [
    ['brand stats, 30 days', owner, `brand/stats/${brandId}/?days=30&tz=Europe/Paris`],
    ['brand stats, 365 days', owner, `brand/stats/${brandId}/?days=365&tz=Europe/Paris`],
    [
      'advocate performance, 30 days',
      staff,
      `advocates/performance/?advocate_id=${advocateId}&tz=Europe/Paris`,
    ],
    ['advocates list, page 1', owner, `brands/advocates/?brand_id=${brandId}&per_page=20`],
    [
      'conversions, page 1',
      staff,
      `advocates/conversions/?advocate_id=${advocateId}&since=2020-01-01`,
    ],
    ['payments, page 1 + summary', owner, `payments/?brand_id=${brandId}&per_page=10&summary=1`],
  ];
  const baselineDir = text('--baseline');
  const baseline = baselineDir
    ? await startSourceServer(env, path.resolve(baselineDir, 'server'))
    : undefined;
  const bases = baseline ? [server.base, baseline.base] : [server.base];
  log(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log(
    baseline
      ? '| call | p50 / p99 ms | baseline p50 / p99 ms |\n|---|---|---|'
      : '| call | p50 ms | p99 ms |\n|---|---|---|',
  );
  for (const [name, token, url] of calls) {
    const [ours, theirs] = await time(bases, token, url);
    console.log(
      theirs
        ? `| ${name} | ${ours.p50} / ${ours.p99} | ${theirs.p50} / ${theirs.p99} |`
        : `| ${name} | ${ours.p50} | ${ours.p99} |`,
    );
  }
  log(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  await stop(server.child);
  if (baseline) await stop(baseline.child);
} finally {
  if (!process.argv.includes('--keep')) {
    await pgDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

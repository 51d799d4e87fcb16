// Shared by the API benchmarks: start the built server on a free port, wait for health, seed
// through the API, stop it gracefully.
import { fork, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../scripts/lib/processes.mjs';
import { postEach, verdict } from './lib-load.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverEntry = path.join(root, 'server/dist/index.js');

export { freePort };

/** Stops the bench with a hint when the server is not built. */
export function requireServerBuild() {
  if (existsSync(serverEntry)) return;
  console.error('server/dist missing: run `npm run build -w server` first');
  process.exit(1);
}

/** Starts the built server with `env`; `nodeArgs` go to its node (a bench's own flags). */
export async function startServer(env, { nodeArgs = [] } = {}) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // BENCH_NODE_ARGS: flags for the server's node, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof'
  // (node refuses --cpu-prof in NODE_OPTIONS).
  const userArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, ...userArgs, serverEntry], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...env,
    },
  });
  // Minutes on a busy machine: an empty database is seeded with ninety days of demo activity.
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/v1/health/`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('server did not become healthy in time');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { base, child };
}

/** SIGTERM (graceful: the server flushes its click buffer) and the exit code. */
export function stopServer(child) {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}

export async function api(base, method, url, { token, body } = {}) {
  const res = await fetch(`${base}/api/v1/${url}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url} → ${res.status} ${text}`);
  return JSON.parse(text);
}

export const login = async (base, email, password) =>
  (await api(base, 'POST', 'token/', { body: { email, password } })).access;

/**
 * Through the API, as the demo accounts: the brand owner creates a brand, a product and a
 * campaign (`campaignFields`), the demo advocate joins. Returns ids, the share code and tokens.
 */
export async function seedShareLink(base, campaignFields = {}) {
  const brandToken = await login(base, 'brand@demo.test', 'Brand123!');
  const brand = (
    await api(base, 'POST', 'brand/create/', {
      token: brandToken,
      body: { brand_name: 'Bench Brand' },
    })
  ).brand.id;
  const product = (
    await api(base, 'POST', 'product/create/', {
      token: brandToken,
      body: {
        name: 'Bench product',
        price: 25,
        currency: 'USD',
        status: 'active',
        brand_id: brand,
        product_url: 'https://shop.example/p?ref=x#buy',
      },
    })
  ).data.product.id;
  const campaign = (
    await api(base, 'POST', 'campaign/create/', {
      token: brandToken,
      // A reward, so the campaign is live rather than a draft advocates cannot join.
      body: {
        brand,
        title: 'Bench',
        commission_value: 10,
        product_ids: [product],
        ...campaignFields,
      },
    })
  ).campaign.id;
  const advocateToken = await login(base, 'advocate@demo.test', 'Advocate123!');
  const joined = await api(base, 'POST', 'join-campaign/', {
    token: advocateToken,
    body: { id: campaign, source: 'bench' },
  });
  const code = joined.share_link.split('/r/')[1];
  return { brand, product, campaign, code, brandToken };
}

/**
 * `visits` visits of the share link `code`, each by a visitor of its own: their click ids, as the
 * redirect hands them to the merchant's page.
 */
export async function shareLinkClicks(base, code, visits) {
  console.log(`Visiting the share link ${visits} times…`);
  const clickIds = [];
  for (let i = 0; i < visits; i++) {
    const visit = await fetch(`${base}/r/${code}`, {
      redirect: 'manual',
      headers: { 'user-agent': `Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.${i}.0` },
    });
    clickIds.push(new URL(visit.headers.get('location')).searchParams.get('cid'));
  }
  return clickIds;
}

/**
 * The seeded brand's billing `provider` connected (`connection`: its webhook secret and the like),
 * then shareLinkClicks: `visits` click ids for its sales to carry.
 */
export async function providerClicks(base, seeded, provider, connection, visits) {
  const connected = await api(base, 'PUT', `brand/${seeded.brand}/integrations/${provider}/`, {
    token: seeded.brandToken,
    body: connection,
  });
  console.log(`${provider} connected: ${connected.endpoint_url}`);
  return shareLinkClicks(base, seeded.code, visits);
}

/**
 * A throwaway database on the local PostgreSQL (BENCH_PG_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres): its URL, and drop() to remove it.
 */
export async function freshPostgresDatabase(prefix) {
  const pgBase = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  // node-postgres is the server's dependency; borrow it rather than adding one to the benches.
  const pg = createRequire(path.join(root, 'server/package.json'))('pg');
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgBase });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(pgBase);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/**
 * A fresh DATA_DIR for a bench's server (`<name>-bench-…` under the system's temporary directory)
 * and, with `postgres`, a fresh database (`bench_<name>_…`): the server's env for them, and
 * remove() to drop both afterwards.
 */
export async function freshServerData(name, { postgres = false } = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `${name}-bench-`));
  const database = postgres ? await freshPostgresDatabase(`bench_${name}`) : undefined;
  return {
    env: { DATA_DIR: dataDir, ...(database && { DATABASE_URL: database.url }) },
    async remove() {
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * `body(server, data)` against the built server (`env` on top of its fresh data, named and placed
 * as freshServerData does; `nodeArgs` to its node), then the server stopped and the data removed,
 * whatever happened. Stops the bench first when the server is not built.
 */
export async function withBenchServer(name, { postgres = false, env = {}, nodeArgs = [] }, body) {
  requireServerBuild();
  const data = await freshServerData(name, { postgres });
  let server;
  try {
    server = await startServer({ ...data.env, ...env }, { nodeArgs });
    return await body(server, data);
  } finally {
    if (server) await stopServer(server.child);
    await data.remove();
  }
}

/**
 * Waits until the server at `base` has stored every click it buffered, and returns how long that
 * took in ms. Campaign stats flush the click buffer before counting, and those of a campaign
 * nobody clicked (seeded here) count nothing, so the time is the flush's. Behind a load balancer,
 * `instances` requests reach each instance once (round robin).
 */
export async function clickDrain(base, instances = 1) {
  const idle = await seedShareLink(base);
  return async () => {
    const started = performance.now();
    for (let i = 0; i < instances; i++)
      await api(base, 'GET', `campaign/${idle.campaign}/stats/`, { token: idle.brandToken });
    return performance.now() - started;
  };
}

/**
 * The two targets of the redirect benches, started: the bare node:http 302 in a process of its
 * own (`bare`, on `barePort`), and the built server (`server`) on fresh data (`data`, named and
 * placed as freshServerData does; `env` on top) with a share link (`seeded`) and its drain()
 * (clickDrain). stop() stops both (the server `server` is then) and removes the data. Stops the
 * bench first when the server is not built. `nodeArgs` go to the server's node.
 */
export async function startRedirectTargets(
  name,
  { postgres = false, env = {}, nodeArgs = [] } = {},
) {
  requireServerBuild();
  const { child: bare, port: barePort } = await startBareServer();
  const data = await freshServerData(name, { postgres });
  let server;
  try {
    server = await startServer({ ...data.env, ...env }, { nodeArgs });
    const seeded = await seedShareLink(server.base);
    const drain = await clickDrain(server.base);
    return {
      bare,
      barePort,
      data,
      server,
      seeded,
      drain,
      async stop() {
        await stopServer(this.server.child);
        bare.kill();
        await data.remove();
      },
    };
  } catch (err) {
    if (server) await stopServer(server.child);
    bare.kill();
    await data.remove();
    throw err;
  }
}

/** A numeric command-line option (`--name 5`), or `fallback` when absent. */
export function numberOption(name, fallback) {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
}

/**
 * The turns of the benches comparing redirect targets (redirect-bench, cluster-bench): --rounds
 * rounds (3) of --duration seconds (6) for each target.
 */
export const roundOptions = () => ({
  duration: numberOption('--duration', 6),
  rounds: numberOption('--rounds', 3),
});

/**
 * An autocannon `setupRequest` giving every request a browser-like user agent of its own, so
 * each one is a new visitor (a counted click). `tag` keeps one bench's visitors apart from another's.
 */
export function distinctVisitors(tag) {
  // `issued` counts the requests set up so far (a bench compares it with the clicks stored).
  const setup = (req) => {
    setup.issued += 1;
    return {
      ...req,
      headers: {
        ...req.headers,
        'user-agent': `Mozilla/5.0 (X11; Linux x86_64) Chrome/124.0 Safari/537.36 ${tag}-${setup.issued}`,
      },
    };
  };
  setup.issued = 0;
  return setup;
}

/** The bare node:http 302 (bench/bare-redirect-server.mjs) in a process of its own, like the server. */
export async function startBareServer() {
  const port = await freePort();
  const child = fork(path.join(root, 'bench/bare-redirect-server.mjs'), [String(port)]);
  await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`bare server exited with code ${code}`)));
  });
  return { child, port };
}

/**
 * A conversion-intake bench, whole: the built server on a fresh PostgreSQL database (`env` on top),
 * a share link of a 10% campaign (seedShareLink, `campaignFields` on top), then what
 * `prepare(server, seeded)` answers: the requests (`url`, `headers`, `next` as postEach takes them)
 * made on `connections` connections, measured for `duration` s and reported as
 * measureConversionIntake does (with the answer's `running`, `title`, `endpoint`, `reply`, `target`).
 */
export const conversionIntakeBench = (
  name,
  { env = {}, campaignFields = {}, connections, duration },
  prepare,
) =>
  withBenchServer(name, { postgres: true, env }, async (server) => {
    const seeded = await seedShareLink(server.base, {
      commission_type: 'percentage',
      commission_value: 10,
      ...campaignFields,
    });
    const { url, headers, next, ...report } = await prepare(server, seeded);
    await measureConversionIntake({
      ...report,
      run: postEach(url, { connections, headers, next }),
      base: server.base,
      seeded,
      duration,
    });
  });

/**
 * The conversion-intake benches' measurement, once: `run(seconds)` (an autocannon run) warms up
 * for 2 s, then runs `duration` s; prints the table under `title` for `endpoint`, and how many
 * conversions the campaign's statistics count against the 2xx replies (`reply` names them); then
 * the verdict: at least `target` accepted a second, no other answer, none acknowledged and lost.
 */
export async function measureConversionIntake({
  run,
  base,
  seeded,
  duration,
  title,
  endpoint,
  reply,
  target,
  running,
}) {
  console.log('Warming up for 2 s…');
  const warm = await run(2);
  console.log(running);
  const result = await run(duration);
  const accepted = result['2xx'];
  const perSecond = accepted / duration;
  const stats = await api(base, 'GET', `campaign/${seeded.campaign}/stats/`, {
    token: seeded.brandToken,
  });
  console.log(`\n${title}`);
  console.table([
    {
      endpoint,
      'accepted/s': Math.round(perSecond),
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      accepted,
      'non-2xx': result.non2xx,
      errors: result.errors + result.timeouts,
    },
  ]);
  const answered = accepted + warm['2xx'];
  console.log(
    `conversions stored: ${stats.conversions} (${reply} replies: ${answered}; requests still in flight at the end may add a few)`,
  );
  const ok = perSecond >= target && result.non2xx === 0 && stats.conversions >= answered;
  verdict(ok, ` (target >= ${target}/s)`);
}

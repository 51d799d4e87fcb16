// Share-link redirect throughput against a bare node:http server doing the same 302, in one run
// on the same machine:
//   (a) node:http answering 302 with an equivalent Location, no work at all (the ceiling;
//       bench/bare-redirect-server.mjs, in a process of its own like the server);
//   (b) the built server (fresh DATA_DIR: embedded PGlite; with --postgres a fresh database on
//       the local PostgreSQL, BENCH_PG_URL) on GET /r/{code} for a link seeded through the API
//       (demo brand: product + campaign; demo advocate: join).
// autocannon, 50 connections × 10 s each, every request with its own User-Agent so each is a
// distinct visitor and counted (the one-hour uniqueness would otherwise count one click).
// Then SIGTERM (graceful shutdown flushes the click buffer), restart on the same DATA_DIR and
// check through the campaign stats that every counted click was persisted.
// Targets: (b) >= 70% of (a)'s req/s, p99 < 10 ms, no click lost.
// Usage: node bench/redirect-bench.mjs [--duration 10] [--postgres]   (run `npm run build -w server` first)
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { fork } from 'node:child_process';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  api,
  freePort,
  freshPostgresDatabase,
  root,
  seedShareLink,
  serverEntry,
  startServer,
  stopServer,
  login,
} from './lib-server.mjs';

const usePostgres = process.argv.includes('--postgres');
const durationArg = process.argv.indexOf('--duration');
const duration = durationArg > 0 ? Number(process.argv[durationArg + 1]) : 10;
const CONNECTIONS = 50;

if (!existsSync(serverEntry)) {
  console.error('server/dist missing: run `npm run build -w server` first');
  process.exit(1);
}

let visitor = 0;
/** A browser-like user agent unique to this request: a new visitor each time. */
const distinctVisitor = (req) => {
  visitor += 1;
  return {
    ...req,
    headers: {
      ...req.headers,
      'user-agent': `Mozilla/5.0 (X11; Linux x86_64) Chrome/124.0 Safari/537.36 v${visitor}`,
    },
  };
};

function run(url) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration,
        requests: [{ method: 'GET', setupRequest: distinctVisitor }],
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

const row = (name, r) => ({
  target: name,
  'req/s (avg)': Math.round(r.requests.average),
  'p50 ms': r.latency.p50,
  'p99 ms': r.latency.p99,
  '302s': r['3xx'],
  other: r.requests.total - r['3xx'],
  errors: r.errors + r.timeouts,
});

const loadBefore = loadavg()[0];

/** CPU seconds of each thread of a process (Linux /proc; empty elsewhere). */
function threadSeconds(pid) {
  const times = new Map();
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const fields = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8')
        .split(') ')[1]
        .split(' ');
      times.set(tid, (Number(fields[11]) + Number(fields[12])) / 100);
    }
  } catch {
    // not Linux, or the process is gone
  }
  return times;
}

/**
 * Where the CPU goes during a run: the target process's main thread, its other threads (the
 * PGlite worker, GC helpers), and this process (the load generator), in µs per request.
 */
function cpuMeter(pid) {
  const before = threadSeconds(pid);
  const client = process.cpuUsage();
  return {
    perRequest(requests) {
      const after = threadSeconds(pid);
      if (after.size === 0 || requests === 0) return undefined;
      let main = 0;
      let others = 0;
      for (const [tid, seconds] of after) {
        const used = seconds - (before.get(tid) ?? 0);
        if (tid === String(pid)) main += used;
        else others += used;
      }
      const own = process.cpuUsage(client);
      const micros = (seconds) => Math.round((seconds * 1e6) / requests);
      return {
        main: micros(main),
        others: micros(others),
        total: micros(main + others),
        client: micros((own.user + own.system) / 1e6),
      };
    },
  };
}

// (a) The bare ceiling, in its own process like the server.
const barePort = await freePort();
const bare = fork(path.join(root, 'bench/bare-redirect-server.mjs'), [String(barePort)]);
await new Promise((resolve, reject) => {
  bare.once('message', resolve);
  bare.once('exit', (code) => reject(new Error(`bare server exited with code ${code}`)));
});

const dataDir = mkdtempSync(path.join(tmpdir(), 'redirect-bench-'));
const database = usePostgres ? await freshPostgresDatabase('bench_redirect') : undefined;
const serverEnv = { DATA_DIR: dataDir, ...(database && { DATABASE_URL: database.url }) };
let server = await startServer(serverEnv);
try {
  const seeded = await seedShareLink(server.base);
  const check = await fetch(`${server.base}/r/${seeded.code}`, {
    redirect: 'manual',
    headers: { 'user-agent': 'Mozilla/5.0 warm-up' },
  });
  if (check.status !== 302) throw new Error(`redirect answered ${check.status}`);
  console.log(`Share link /r/${seeded.code} → ${check.headers.get('location')}`);

  console.log(`Warming up both for 2 s…`);
  await new Promise((resolve, reject) =>
    autocannon(
      {
        url: `http://127.0.0.1:${barePort}/r/${seeded.code}`,
        connections: CONNECTIONS,
        duration: 2,
      },
      (e) => (e ? reject(e) : resolve()),
    ),
  );
  const warmUp = await new Promise((resolve, reject) =>
    autocannon(
      {
        url: `${server.base}/r/${seeded.code}`,
        connections: CONNECTIONS,
        duration: 2,
        requests: [{ method: 'GET', setupRequest: distinctVisitor }],
      },
      (e, r) => (e ? reject(e) : resolve(r)),
    ),
  );

  console.log(`(a) bare node:http 302, ${CONNECTIONS} connections × ${duration} s…`);
  const bareCpu = cpuMeter(bare.pid);
  const bareResult = await run(`http://127.0.0.1:${barePort}/r/${seeded.code}`);
  const bareCost = bareCpu.perRequest(bareResult.requests.total);
  console.log(`(b) server GET /r/{code}, ${CONNECTIONS} connections × ${duration} s…`);
  const issuedBefore = visitor;
  const serverCpu = cpuMeter(server.child.pid);
  const serverResult = await run(`${server.base}/r/${seeded.code}`);
  const serverCost = serverCpu.perRequest(serverResult.requests.total);
  const issuedToServer = visitor - issuedBefore;

  // Every redirect the client saw is a counted click (distinct visitors, browser user agents),
  // plus the warm-up ones and the check above. Requests cut off when autocannon stopped may
  // also have reached the server, so the persisted count may exceed this by those in flight.
  const expected = serverResult['3xx'] + warmUp['3xx'] + 1;
  const upperBound = issuedToServer + warmUp.requests.sent + 1;

  const exitCode = await stopServer(server.child);
  server = await startServer(serverEnv);
  const brandToken = await login(server.base, 'brand@demo.test', 'Brand123!');
  const stats = await api(server.base, 'GET', `campaign/${seeded.campaign}/stats/`, {
    token: brandToken,
  });

  const ratio = serverResult.requests.average / bareResult.requests.average;
  console.log(
    `\nRedirect bench (${duration} s, ${CONNECTIONS} connections, ${usePostgres ? 'PostgreSQL' : 'embedded PGlite'}, node ${process.version}, ` +
      `load average before ${loadBefore.toFixed(2)}: other work on the machine skews both runs)`,
  );
  console.table([row('(a) bare node:http', bareResult), row('(b) server /r/{code}', serverResult)]);
  console.log(`server / bare req/s: ${(ratio * 100).toFixed(1)}%  (target >= 70%)`);
  console.log(`server p99: ${serverResult.latency.p99} ms  (target < 10 ms)`);
  if (bareCost && serverCost) {
    console.log(
      `CPU per request: bare ${bareCost.total} µs; server ${serverCost.total} µs ` +
        `(main thread ${serverCost.main} µs, other threads ${serverCost.others} µs: ` +
        `${usePostgres ? 'GC; PostgreSQL itself not counted' : 'the PGlite worker, GC'}); ` +
        `load generator ${bareCost.client} / ${serverCost.client} µs`,
    );
  }
  console.log(`graceful stop exit code: ${exitCode}`);
  const lost = expected - stats.clicks;
  console.log(
    `clicks: ${expected} redirects answered → ${stats.clicks} persisted (upper bound with in-flight requests: ${upperBound}); ` +
      (lost <= 0 && stats.clicks <= upperBound ? 'none lost' : `${lost} LOST`),
  );
  const ok =
    ratio >= 0.7 &&
    serverResult.latency.p99 < 10 &&
    lost <= 0 &&
    stats.clicks <= upperBound &&
    exitCode === 0;
  console.log(ok ? 'PASS' : 'FAIL');
  process.exitCode = ok ? 0 : 1;
} finally {
  await stopServer(server.child);
  bare.kill();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}

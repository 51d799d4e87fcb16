// Share-link redirect throughput against a bare node:http server doing the same 302, in one run
// on the same machine:
//   (a) node:http answering 302 with an equivalent Location, no work at all (the ceiling;
//       bench/bare-redirect-server.mjs, in a process of its own like the server);
//   (b) the built server (fresh DATA_DIR: embedded PGlite; with --postgres a fresh database on
//       the local PostgreSQL, BENCH_PG_URL) on GET /r/{code} for a link seeded through the API
//       (demo brand: product + campaign; demo advocate: join).
// autocannon, 50 connections, every request with its own User-Agent so each is a distinct visitor
// and counted (the one-hour uniqueness would otherwise count one click). The two take turns,
// --rounds times --duration seconds each (a, b, a, b, …), so a slowdown of the shared machine
// (this is a VM with neighbours) lands on both rather than on whichever ran during it; the
// totals compare all rounds, and every round is printed.
// Then SIGTERM (graceful shutdown flushes the click buffer), restart on the same DATA_DIR and
// check through the campaign stats that every counted click was persisted.
// Targets: (b) >= 75% of (a)'s req/s, p99 < 10 ms, no click lost.
// Usage: node bench/redirect-bench.mjs [--rounds 3] [--duration 6] [--postgres]
//        (run `npm run build -w server` first)
import { loadavg } from 'node:os';
import {
  cannon,
  combined,
  hammer,
  roundRow,
  threadSeconds,
  totalRow,
  verdict,
} from './lib-load.mjs';
import {
  api,
  distinctVisitors,
  login,
  roundOptions,
  startRedirectTargets,
  startServer,
  stopServer,
} from './lib-server.mjs';

const usePostgres = process.argv.includes('--postgres');
const { duration, rounds } = roundOptions();
const CONNECTIONS = 50;

const distinctVisitor = distinctVisitors('redirect');
const visits = { connections: CONNECTIONS, setupRequest: distinctVisitor };
const run = (url) => hammer(url, { ...visits, seconds: duration });

const loadBefore = loadavg()[0];

/**
 * Where the CPU goes, summed over a target's rounds: its process's main thread, its other
 * threads (the PGlite worker, GC helpers), and this process (the load generator).
 */
class CpuAccount {
  main = 0;
  others = 0;
  client = 0;
  requests = 0;

  /** Runs `measure` and adds the CPU it cost to the account. */
  async during(pid, measure) {
    const before = threadSeconds(pid);
    const client = process.cpuUsage();
    const result = await measure();
    const own = process.cpuUsage(client);
    for (const [tid, seconds] of threadSeconds(pid)) {
      const used = seconds - (before.get(tid) ?? 0);
      if (tid === String(pid)) this.main += used;
      else this.others += used;
    }
    this.client += (own.user + own.system) / 1e6;
    this.requests += result.requests.total;
    return result;
  }

  /** µs per request. */
  perRequest() {
    const micros = (seconds) => Math.round((seconds * 1e6) / this.requests);
    return {
      main: micros(this.main),
      others: micros(this.others),
      total: micros(this.main + this.others),
      client: micros(this.client),
    };
  }
}

// (a) The bare ceiling, in its own process like (b) the server.
const targets = await startRedirectTargets('redirect', { postgres: usePostgres });
const { bare, barePort, data, seeded, drain } = targets;
let server = targets.server;
try {
  const check = await fetch(`${server.base}/r/${seeded.code}`, {
    redirect: 'manual',
    headers: { 'user-agent': 'Mozilla/5.0 warm-up' },
  });
  if (check.status !== 302) throw new Error(`redirect answered ${check.status}`);
  console.log(`Share link /r/${seeded.code} → ${check.headers.get('location')}`);

  console.log(`Warming up both for 2 s…`);
  await cannon({
    url: `http://127.0.0.1:${barePort}/r/${seeded.code}`,
    connections: CONNECTIONS,
    duration: 2,
  });
  const warmUp = await hammer(`${server.base}/r/${seeded.code}`, { ...visits, seconds: 2 });

  // After each server round: the bare round that follows must not share the machine with the
  // server's leftover writes, and those writes count as the server's time.
  await drain();

  const bareRuns = [];
  const serverRuns = [];
  const bareCpu = new CpuAccount();
  const serverCpu = new CpuAccount();
  let issuedToServer = 0;
  for (let round = 1; round <= rounds; round++) {
    console.log(
      `round ${round}/${rounds}: (a) bare node:http 302, then (b) the server, ${duration} s each…`,
    );
    bareRuns.push(
      await bareCpu.during(bare.pid, () => run(`http://127.0.0.1:${barePort}/r/${seeded.code}`)),
    );
    const issued = distinctVisitor.issued;
    serverRuns.push(
      await serverCpu.during(server.child.pid, async () => {
        const result = await run(`${server.base}/r/${seeded.code}`);
        result.drainMs = await drain();
        return result;
      }),
    );
    issuedToServer += distinctVisitor.issued - issued;
  }
  const bareResult = combined(bareRuns);
  const serverResult = combined(serverRuns);

  // Every redirect the client saw is a counted click (distinct visitors, browser user agents),
  // plus the warm-up ones and the check above. Requests cut off when autocannon stopped may
  // also have reached the server, so the persisted count may exceed this by those in flight.
  const expected = serverResult.redirects + warmUp['3xx'] + 1;
  const upperBound = issuedToServer + warmUp.requests.sent + 1;

  const exitCode = await stopServer(server.child);
  server = targets.server = await startServer(data.env);
  const brandToken = await login(server.base, 'brand@demo.test', 'Brand123!');
  const stats = await api(server.base, 'GET', `campaign/${seeded.campaign}/stats/`, {
    token: brandToken,
  });

  const ratio = serverResult.perSecond / bareResult.perSecond;
  console.log(
    `\nRedirect bench (${rounds} rounds × ${duration} s each, ${CONNECTIONS} connections, ` +
      `${usePostgres ? 'PostgreSQL' : 'embedded PGlite'}, node ${process.version}, ` +
      `load average before ${loadBefore.toFixed(2)}: other work on the machine skews the runs)`,
  );
  console.table([
    ...bareRuns.map((r, i) => roundRow('(a) bare node:http', i + 1, r)),
    totalRow('(a) bare node:http', bareResult),
    ...serverRuns.map((r, i) => roundRow('(b) server /r/{code}', i + 1, r)),
    totalRow('(b) server /r/{code}', serverResult),
  ]);
  const roundRatios = serverRuns.map(
    (r, i) => combined([r]).perSecond / combined([bareRuns[i]]).perSecond,
  );
  console.log(
    `server / bare req/s: ${(ratio * 100).toFixed(1)}%  (target >= 75%; round by round: ` +
      `${roundRatios.map((x) => `${(x * 100).toFixed(1)}%`).join(', ')})`,
  );
  console.log(`server p99 (worst round): ${serverResult.p99} ms  (target < 10 ms)`);
  if (bareCpu.requests > 0 && serverCpu.requests > 0 && bareCpu.main > 0) {
    const bareCost = bareCpu.perRequest();
    const serverCost = serverCpu.perRequest();
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
    ratio >= 0.75 &&
    serverResult.p99 < 10 &&
    lost <= 0 &&
    stats.clicks <= upperBound &&
    exitCode === 0;
  verdict(ok);
} finally {
  await targets.stop();
}

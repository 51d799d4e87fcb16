// Soak: does the redirect stay as fast after minutes of mixed use as when the process was fresh?
// One built server (fresh DATA_DIR: embedded PGlite; --postgres: a fresh database on the local
// PostgreSQL) runs for --minutes (default 10). Each minute:
//   - a measurement: 50 connections repeating one visitor on one share link, against a bare
//     node:http 302 (bench/bare-redirect-server.mjs) in the same moment, --measure seconds each,
//     bare then server then bare again (the bare figure is the mean of its two turns, so a
//     slowdown of the shared machine lands on both sides); the figure is server / bare;
//   - mixed use for the rest of the minute: distinct visitors on the share links (each counted:
//     they fill the one-hour visitor window, the click buffer, its journal and the rollups) while
//     API clients sign up, sign in, and read the stats and the lists the screens call. As fast
//     as the server answers them, or --visitors per second: the window holds 500,000 visitors
//     (visitor-window.ts), so 140 a second fill it in an hour, more overwrite it before the hour
//     is up and fewer let its visitors expire;
//   - the server's memory beside it (bench/server-memory-probe.mjs, preloaded): the heap after
//     the last full garbage collection (what the process retains), the full collections of the
//     minute and their time, and the resident size.
// Target: the last minutes' server / bare within 10% of the first minutes' (medians of five
// minutes, fewer in a short run; the ratio cancels the machine's drift, and the load average is
// printed beside each minute, as other work on the machine still skews single minutes).
// Usage: node bench/soak-bench.mjs [--minutes 10] [--measure 5] [--visitors N] [--postgres]
//        (run `npm run build -w server` first; BENCH_NODE_ARGS profiles the server, see lib-server;
//        an hour: `--minutes 60`)
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { cannon, hammer, threadSeconds, verdict } from './lib-load.mjs';
import {
  api,
  distinctVisitors,
  login,
  numberOption,
  root,
  startRedirectTargets,
} from './lib-server.mjs';

const minutes = numberOption('--minutes', 10);
const measureSeconds = numberOption('--measure', 5);
/** Distinct visitors a second in the mixed part; undefined: as fast as they are answered. */
const visitorsPerSecond = numberOption('--visitors', undefined);
const usePostgres = process.argv.includes('--postgres');
const CONNECTIONS = 50;
/** Connections of distinct visitors during the mixed part (the API clients come on top). */
const MIXED_CONNECTIONS = 10;
const API_CLIENTS = 4;
const ONE_VISITOR = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/124.0 Safari/537.36 soak';

/**
 * req/s of 50 connections repeating one visitor on `url` for the measurement's length, and the
 * CPU µs per request of process `pid` (all its threads), which the machine's load moves less.
 */
async function oneVisitor(url, pid) {
  const cpuBefore = cpuSeconds(pid);
  const mainBefore = mainThreadSeconds(pid);
  const result = await cannon({
    url,
    connections: CONNECTIONS,
    duration: measureSeconds,
    headers: { 'user-agent': ONE_VISITOR },
  });
  if (result.non2xx !== result['3xx'] || result.errors > 0)
    throw new Error(
      `${url}: ${result.non2xx - result['3xx']} non-302 answers, ${result.errors} errors`,
    );
  return {
    perSecond: result.requests.total / result.duration,
    cpuMicros: ((cpuSeconds(pid) - cpuBefore) * 1e6) / result.requests.total,
    mainMicros: ((mainThreadSeconds(pid) - mainBefore) * 1e6) / result.requests.total,
  };
}

/** CPU seconds of all the threads of a process so far (Linux /proc; 0 elsewhere). */
const cpuSeconds = (pid) => [...threadSeconds(pid).values()].reduce((sum, s) => sum + s, 0);
/** CPU seconds of the process's main thread (the event loop), whose id is the process's. */
const mainThreadSeconds = (pid) => threadSeconds(pid).get(String(pid)) ?? 0;

/** The server's resident memory in MB (Linux /proc; undefined elsewhere). */
function residentMb(pid) {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : undefined;
  } catch {
    return undefined;
  }
}

const distinctVisitor = distinctVisitors('soak');

// The server's memory as bench/server-memory-probe.mjs last wrote it.
const memoryDir = mkdtempSync(path.join(tmpdir(), 'soak-memory-'));
const memoryFile = path.join(memoryDir, 'memory.json');
const serverMemory = () =>
  existsSync(memoryFile) ? JSON.parse(readFileSync(memoryFile, 'utf8')) : {};

/**
 * What the screens do, in a loop until `until`: sign up, sign in, and read the stats and lists
 * of the brand owner's and the new user's screens. Returns how many calls were made.
 */
async function apiClient(base, seeded, until, id) {
  let calls = 0;
  let n = 0;
  const brandToken = await login(base, 'brand@demo.test', 'Brand123!');
  const advocateToken = await login(base, 'advocate@demo.test', 'Advocate123!');
  const reads = [
    [brandToken, 'brand/stats/'],
    [brandToken, `brand/stats/${seeded.brand}/`],
    [brandToken, `campaign/${seeded.campaign}/stats/`],
    [brandToken, `brand/${seeded.brand}/campaigns/`],
    [brandToken, `brand/${seeded.brand}/products/`],
    [brandToken, 'brands/advocates/'],
    [advocateToken, 'me/stats/'],
    [advocateToken, 'campaign/list/'],
  ];
  while (Date.now() < until) {
    n += 1;
    const name = `soak${id}x${n}x${Date.now().toString(36)}`;
    const password = 'Soak-Password1!';
    await api(base, 'POST', 'user/register/', {
      body: {
        username: name,
        email: `${name}@example.com`,
        password,
        password_confirmation: password,
      },
    });
    const token = await login(base, `${name}@example.com`, password);
    await api(base, 'GET', 'user/me/', { token });
    calls += 3;
    for (const [readToken, url] of reads) {
      if (Date.now() >= until) break;
      await api(base, 'GET', url, { token: readToken });
      calls += 1;
    }
  }
  return calls;
}

const targets = await startRedirectTargets('soak', {
  postgres: usePostgres,
  // Ten minutes of sign-ups and logins from one IP: lift the limits they would (rightly) hit.
  env: {
    RATE_LIMIT_REGISTER_PER_IP: '100000000',
    RATE_LIMIT_LOGIN_PER_IP: '100000000',
    RATE_LIMIT_LOGIN_PER_IP_EMAIL: '100000000',
    BENCH_MEMORY_FILE: memoryFile,
  },
  nodeArgs: [`--import=${path.join(root, 'bench/server-memory-probe.mjs')}`],
});
const { bare, barePort, server, seeded, drain } = targets;
try {
  const serverUrl = `${server.base}/r/${seeded.code}`;
  const bareUrl = `http://127.0.0.1:${barePort}/r/${seeded.code}`;
  // Warm both (JIT, the link cache), then start the clock.
  await oneVisitor(bareUrl, bare.pid);
  await oneVisitor(serverUrl, server.child.pid);

  const rows = [];
  const started = Date.now();
  let gcsBefore = serverMemory();
  for (let minute = 1; minute <= minutes; minute++) {
    const minuteEnds = started + minute * 60_000;
    // Measurements start after the mixed part's clicks are stored (drain: campaign stats store
    // what the click buffer holds), not while the database is still busy with them.
    await drain();
    const load = loadavg()[0];
    const bareBefore = await oneVisitor(bareUrl, bare.pid);
    const served = await oneVisitor(serverUrl, server.child.pid);
    const bareAfter = await oneVisitor(bareUrl, bare.pid);
    const bareRate = (bareBefore.perSecond + bareAfter.perSecond) / 2;
    const serverRate = served.perSecond;

    // The rest of the minute: distinct visitors and API clients at the same time.
    const mixedSeconds = Math.max(1, Math.round((minuteEnds - Date.now()) / 1000));
    const until = Date.now() + mixedSeconds * 1000;
    const [visits, ...apiCalls] = await Promise.all([
      hammer(serverUrl, {
        connections: MIXED_CONNECTIONS,
        seconds: mixedSeconds,
        setupRequest: distinctVisitor,
        perSecond: visitorsPerSecond,
      }),
      ...Array.from({ length: API_CLIENTS }, (_, i) => apiClient(server.base, seeded, until, i)),
    ]);
    const memory = serverMemory();
    const row = {
      minute,
      'load avg': Number(load.toFixed(2)),
      'bare req/s': Math.round(bareRate),
      'server req/s': Math.round(serverRate),
      'server / bare': Number((serverRate / bareRate).toFixed(3)),
      'server CPU µs/req': Math.round(served.cpuMicros),
      // The rest is the PGlite thread's, the garbage collector's helpers' and libuv's.
      'main thread µs/req': Math.round(served.mainMicros),
      'bare CPU µs/req': Math.round((bareBefore.cpuMicros + bareAfter.cpuMicros) / 2),
      'mixed: visits': visits['3xx'],
      'mixed: API calls': apiCalls.reduce((a, b) => a + b, 0),
      'visitors so far': distinctVisitor.issued,
      'heap retained MB': memory.retainedMb,
      'full GCs': memory.majorGcs - (gcsBefore.majorGcs ?? 0),
      'full GC ms': Math.round(memory.majorGcMs - (gcsBefore.majorGcMs ?? 0)),
      'server RSS MB': residentMb(server.child.pid),
    };
    gcsBefore = memory;
    rows.push(row);
    console.log(JSON.stringify(row));
  }

  console.log(
    `\nSoak bench (${minutes} min on one process, ${usePostgres ? 'PostgreSQL' : 'embedded PGlite'}, ` +
      `node ${process.version}; each minute ${measureSeconds} s bare, ${measureSeconds} s server, ` +
      `${measureSeconds} s bare, then mixed use with ` +
      `${visitorsPerSecond ? `${visitorsPerSecond} distinct visitors a second` : 'distinct visitors as fast as answered'})`,
  );
  console.table(rows);
  // A single minute on a shared machine swings by a third either way (neighbours come and go
  // within the 15 s of a measurement), so the verdict compares the medians of the first and the
  // last few minutes; the single minutes are printed beside them.
  const span = Math.max(1, Math.min(5, Math.floor(minutes / 4)));
  const median = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  };
  const edges = (column) => [
    median(rows.slice(0, span).map((row) => row[column])),
    median(rows.slice(-span).map((row) => row[column])),
  ];
  const [first, last] = edges('server / bare');
  const change = last / first - 1;
  const ok = Math.abs(change) <= 0.1 || change > 0;
  console.log(
    `server / bare: median of the first ${span} minute(s) ${first.toFixed(3)}, of the last ${span} ` +
      `${last.toFixed(3)} (${(change * 100).toFixed(1)}%; target: the last within 10% of the first); ` +
      `single minutes ${rows[0]['server / bare']} → ${rows.at(-1)['server / bare']}`,
  );
  const [cpuFirst, cpuLast] = edges('server CPU µs/req');
  const [mainFirst, mainLast] = edges('main thread µs/req');
  const [bareFirst, bareLast] = edges('bare CPU µs/req');
  console.log(
    `server CPU per redirect (medians): ${cpuFirst} → ${cpuLast} µs, main thread ${mainFirst} → ` +
      `${mainLast} µs (bare ${bareFirst} → ${bareLast} µs)`,
  );
  console.log(
    `server memory: heap retained ${rows[0]['heap retained MB']} → ${rows.at(-1)['heap retained MB']} MB, ` +
      `resident ${rows[0]['server RSS MB']} → ${rows.at(-1)['server RSS MB']} MB; ` +
      `${distinctVisitor.issued} distinct visitors in all`,
  );
  verdict(ok);
} finally {
  await targets.stop();
  rmSync(memoryDir, { recursive: true, force: true });
}

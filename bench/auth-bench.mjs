// Auth API throughput: starts the built server (server/dist) on a random port with a fresh
// DATA_DIR (embedded PGlite, demo accounts seeded on first start), then drives
//   POST /api/v1/token/    (login: one scrypt hash per request, 10 connections)
//   GET  /api/v1/user/me/  (bearer JWT check + one session/user query + profile read, 50 connections)
// with autocannon for 10 s each and prints requests/s and latency percentiles.
// Usage: node bench/auth-bench.mjs [--duration 10] [--postgres]  (builds the server first if dist
// is missing). --postgres runs against a fresh database on the local PostgreSQL
// (BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432/postgres) instead of embedded PGlite.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cannon } from './lib-load.mjs';
import {
  freshServerData,
  login,
  numberOption,
  root,
  serverEntry,
  startServer,
  stopServer,
} from './lib-server.mjs';

const duration = numberOption('--duration', 10);
const demo = { email: 'brand@demo.test', password: 'Brand123!' };
const usePostgres = process.argv.includes('--postgres');

if (!existsSync(serverEntry)) {
  console.log('Building the server (server/dist missing)…');
  execFileSync('npm', ['run', 'build', '-w', 'server'], { cwd: root, stdio: 'inherit' });
}

const data = await freshServerData('auth', { postgres: usePostgres });
const { base, child } = await startServer({
  ...data.env,
  // The bench hammers one account from one IP: lift the limits it would otherwise (rightly) hit.
  RATE_LIMIT_LOGIN_PER_IP: '100000000',
  RATE_LIMIT_LOGIN_PER_IP_EMAIL: '100000000',
});

try {
  const access = await login(base, demo.email, demo.password);

  const scenarios = [
    {
      name: 'POST /api/v1/token/',
      connections: 10,
      options: {
        url: `${base}/api/v1/token/`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(demo),
      },
    },
    {
      name: 'GET /api/v1/user/me/',
      connections: 50,
      options: { url: `${base}/api/v1/user/me/`, headers: { authorization: `Bearer ${access}` } },
    },
  ];

  const rows = [];
  for (const scenario of scenarios) {
    console.log(
      `Running ${scenario.name} for ${duration}s with ${scenario.connections} connections…`,
    );
    const result = await cannon({
      ...scenario.options,
      duration,
      connections: scenario.connections,
    });
    rows.push({
      endpoint: scenario.name,
      connections: scenario.connections,
      'req/s (avg)': Math.round(result.requests.average),
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      requests: result.requests.total,
      'non-2xx': result.non2xx,
      errors: result.errors + result.timeouts,
    });
  }
  const database = usePostgres ? 'PostgreSQL' : 'embedded PGlite';
  console.log(`\nAuth bench (${duration}s per endpoint, ${database}, node ${process.version})`);
  console.table(rows);
} finally {
  await stopServer(child);
  await data.remove();
}

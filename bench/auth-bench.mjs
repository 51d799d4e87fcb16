// Auth API throughput: starts the built server (server/dist) on a random port with a fresh
// DATA_DIR (embedded PGlite, demo accounts seeded on first start), then drives
//   POST /api/v1/token/    (login: one scrypt hash per request, 10 connections)
//   GET  /api/v1/user/me/  (bearer JWT check + one session/user query + profile read, 50 connections)
// with autocannon for 10 s each and prints requests/s and latency percentiles.
// Usage: node bench/auth-bench.mjs [--duration 10] [--postgres]  (builds the server first if dist
// is missing). --postgres runs against a fresh database on the local PostgreSQL
// (BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432) instead of embedded PGlite.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverEntry = path.join(root, 'server/dist/index.js');
const durationArg = process.argv.indexOf('--duration');
const duration = durationArg > 0 ? Number(process.argv[durationArg + 1]) : 10;
const demo = { email: 'brand@demo.test', password: 'Brand123!' };
const usePostgres = process.argv.includes('--postgres');
const pgBase = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const pgDatabase = `bench_auth_${process.pid}`;
const psql = (sqlText) =>
  execFileSync('psql', [`${pgBase}/postgres`, '-v', 'ON_ERROR_STOP=1', '-qc', sqlText], {
    stdio: 'pipe',
  });

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(base, child, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${base}/api/v1/health/`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not become healthy in time');
}

function run(options) {
  return new Promise((resolve, reject) => {
    autocannon({ duration, ...options }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

if (!existsSync(serverEntry)) {
  console.log('Building the server (server/dist missing)…');
  execFileSync('npm', ['run', 'build', '-w', 'server'], { cwd: root, stdio: 'inherit' });
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'auth-bench-'));
if (usePostgres) psql(`create database ${pgDatabase}`);
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const child = spawn(process.execPath, [serverEntry], {
  cwd: root,
  stdio: ['ignore', 'inherit', 'inherit'],
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATABASE_URL: usePostgres ? `${pgBase}/${pgDatabase}` : '',
    // The bench hammers one account from one IP: lift the limits it would otherwise (rightly) hit.
    RATE_LIMIT_LOGIN_PER_IP: '100000000',
    RATE_LIMIT_LOGIN_PER_IP_EMAIL: '100000000',
  },
});

try {
  await waitForHealth(base, child);
  const loginRes = await fetch(`${base}/api/v1/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(demo),
  });
  if (!loginRes.ok)
    throw new Error(`demo login failed: ${loginRes.status} ${await loginRes.text()}`);
  const { access } = await loginRes.json();

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
    const result = await run({ ...scenario.options, connections: scenario.connections });
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
  child.kill('SIGTERM');
  await new Promise((resolve) =>
    child.exitCode !== null ? resolve() : child.once('exit', resolve),
  );
  rmSync(dataDir, { recursive: true, force: true });
  if (usePostgres) psql(`drop database if exists ${pgDatabase} with (force)`);
}

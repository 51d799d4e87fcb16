// A local cluster: N built API instances on one PostgreSQL and one Redis, behind HAProxy (Debian's
// package), as production runs them. Used by `npm run cluster`, the cluster test
// (e2e/cluster) and the cluster bench (bench/cluster-bench.mjs).
//
// Rules the instances of one deployment must follow, and this file applies:
// - the same JWT_SECRET (a token issued by one instance is checked by another; it also keys the
//   visitor hash, so the one-hour rule sees one visitor whichever instance answers);
// - their own DATA_DIR each (the click journal of that process, its dev mail outbox), except for
//   uploads, which any instance may be asked to serve: DATA_DIR/uploads of every instance is a
//   link to one shared directory (in production: one shared volume mounted there);
// - TRUST_PROXY naming HAProxy's address, so the client's address comes from the
//   X-Forwarded-For HAProxy writes (it replaces the client's own header: see haproxyConfig);
// - the first start on an empty database runs alone: it migrates and seeds, which two processes
//   must not do at once (the migrator takes no lock); the others start once it is healthy.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT } from './build.mjs';
import { freePort, stopChild } from './processes.mjs';

export const HAPROXY = process.env.HAPROXY ?? '/usr/sbin/haproxy';
const SERVER_ENTRY = join(ROOT, 'server/dist/index.js');
const HEALTH_PATH = '/api/v1/health/';
// node-postgres is the server's dependency: borrowed rather than added to the root.
const pg = createRequire(join(ROOT, 'server/package.json'))('pg');

export { freePort };

/** The rows of one query on the database at `databaseUrl` (a connection of its own). */
export async function queryRows(databaseUrl, text, params = []) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, params)).rows;
  } finally {
    await client.end();
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Creates the database named in `databaseUrl` on its server unless it exists. */
export async function ensureDatabase(databaseUrl) {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unusual database name: ${name}`);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (rowCount === 0) await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
}

/**
 * HAProxy's configuration: round robin over the instances, each checked on the health route
 * every second (down after 2 failures, up after 2 successes). Share links (/r/) have a backend of
 * their own, checked without the database (health/?for=redirects): they need only the links'
 * cache and the click journal, so they keep redirecting, and counting, while PostgreSQL is down
 * and the API is refused. A request whose connection to an instance fails is sent to another
 * one (`retries`, `option redispatch`). Requests already sent to an instance that dies are not
 * replayed (a POST may have been applied): the client gets a 502 and retries, with the same
 * idempotency key for a conversion. X-Forwarded-For is set to the address HAProxy saw, replacing
 * what the client sent (`option forwardfor` would append to it, and the client's own addresses
 * would then reach the instances as hops). X-Served-By names the instance that answered, for
 * tests and debugging; the stats page (CSV at /stats;csv) shows each one's state.
 */
function haproxyConfig({ port, statsPort, instances }) {
  /** The instances, checked on `check`. */
  const backend = (name, check, servers) => `backend ${name}
  balance roundrobin
  option httpchk
  http-check send meth GET uri ${check}
  http-check expect status 200
  default-server inter 1s fall 2 rise 2
  http-response set-header X-Served-By %[srv_name]
${servers.map((i) => `  server ${i.name} 127.0.0.1:${i.port} check`).join('\n')}
`;
  return `global
  maxconn 8000

defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout http-keep-alive 60s
  retries 3
  option redispatch 1

frontend www
  bind 127.0.0.1:${port}
  http-request set-header X-Forwarded-For %[src]
  use_backend links if { path_beg /r/ }
  default_backend api
${backend('api', HEALTH_PATH, instances)}
${backend('links', `${HEALTH_PATH}?for=redirects`, instances)}

frontend stats
  bind 127.0.0.1:${statsPort}
  stats enable
  stats uri /stats
  stats refresh 2s
`;
}

async function waitFor(what, check, timeoutMs = 60_000, isDead = () => undefined) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const dead = isDead();
    if (dead) throw new Error(dead);
    try {
      if (await check()) return;
    } catch {
      // not answering yet
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

/**
 * Starts the cluster. Builds nothing: the caller makes sure server/dist exists.
 * @param {object} opts
 * @param {string} opts.dir            working directory: one DATA_DIR per instance, the HAProxy
 *                                     configuration, the shared JWT secret (kept across runs)
 * @param {string} opts.databaseUrl    the shared PostgreSQL database (created if absent)
 * @param {string} [opts.redisUrl]     shared Redis; without it each instance counts on its own
 * @param {string} [opts.redisPrefix]
 * @param {number} [opts.instances]    3
 * @param {number} [opts.port]         the load balancer's port (0: a free one)
 * @param {Record<string,string>} [opts.env]  more environment for every instance
 * @param {boolean} [opts.quiet]       instance output to <dir>/<name>.log instead of this terminal
 */
export async function startCluster({
  dir,
  databaseUrl,
  redisUrl,
  redisPrefix = 'advocately-cluster:',
  instances: count = 3,
  port = 0,
  env = {},
  quiet = false,
}) {
  if (!existsSync(SERVER_ENTRY)) throw new Error('server/dist missing: build the server first');
  if (!existsSync(HAPROXY)) {
    throw new Error(`${HAPROXY} not found: apt-get install haproxy (Debian's package)`);
  }
  mkdirSync(dir, { recursive: true });
  await ensureDatabase(databaseUrl);
  const lbPort = port || (await freePort());
  const statsPort = await freePort();
  const url = `http://127.0.0.1:${lbPort}`;
  const secretFile = join(dir, 'jwt-secret');
  if (!existsSync(secretFile)) writeFileSync(secretFile, randomBytes(48).toString('base64url'));
  const jwtSecret = readFileSync(secretFile, 'utf8').trim();

  const instances = [];
  for (let n = 1; n <= count; n++) {
    const name = `api${n}`;
    instances.push({ name, port: await freePort(), dataDir: join(dir, name), child: undefined });
  }

  const sharedUploads = join(dir, 'uploads');
  mkdirSync(sharedUploads, { recursive: true });
  const launch = (instance, moreEnv = {}) => {
    mkdirSync(instance.dataDir, { recursive: true });
    const uploads = join(instance.dataDir, 'uploads');
    if (!existsSync(uploads)) symlinkSync(sharedUploads, uploads);
    const child = spawn(process.execPath, [SERVER_ENTRY], {
      cwd: ROOT,
      stdio: ['ignore', quiet ? 'pipe' : 'inherit', quiet ? 'pipe' : 'inherit'],
      env: {
        ...process.env,
        PUBLIC_URL: `http://localhost:${lbPort}`,
        LOG_LEVEL: 'warn',
        ...env,
        ...moreEnv,
        PORT: String(instance.port),
        HOST: '127.0.0.1',
        DATA_DIR: instance.dataDir,
        DATABASE_URL: databaseUrl,
        REDIS_URL: redisUrl ?? '',
        REDIS_PREFIX: redisPrefix,
        JWT_SECRET: jwtSecret,
        // HAProxy reaches the instances from this address: only its hop is believed.
        TRUST_PROXY: '127.0.0.1',
      },
    });
    if (quiet) {
      const log = createWriteStream(join(dir, `${instance.name}.log`), { flags: 'a' });
      child.stdout.pipe(log);
      child.stderr.pipe(log);
    }
    instance.child = child;
    return child;
  };

  const healthy = (instance) =>
    waitFor(
      `${instance.name} on port ${instance.port}`,
      async () => (await fetch(`http://127.0.0.1:${instance.port}${HEALTH_PATH}`)).ok,
      60_000,
      () =>
        instance.child.exitCode !== null
          ? `${instance.name} exited with code ${instance.child.exitCode} (log: ${cluster.logFile(instance.name)})`
          : undefined,
    );

  const configFile = join(dir, 'haproxy.cfg');
  writeFileSync(configFile, haproxyConfig({ port: lbPort, statsPort, instances }));
  let haproxy;
  let haproxyExited;
  const launchHaproxy = () => {
    // -db: stay in the foreground, so stopping this process's child stops HAProxy.
    haproxy = spawn(HAPROXY, ['-db', '-f', configFile], {
      stdio: ['ignore', 'ignore', quiet ? 'ignore' : 'inherit'],
    });
    haproxyExited = new Promise((resolve) => haproxy.once('exit', resolve));
  };
  const haproxyAnswers = () =>
    waitFor(
      'HAProxy',
      async () => (await fetch(`http://127.0.0.1:${statsPort}/stats`)).ok,
      10_000,
      () =>
        haproxy.exitCode !== null ? `HAProxy exited with code ${haproxy.exitCode}` : undefined,
    );
  launchHaproxy();

  /** Each instance's state as HAProxy sees it: UP, DOWN, or a transition such as "UP 1/2". */
  const states = async () => {
    const csv = await (await fetch(`http://127.0.0.1:${statsPort}/stats;csv`)).text();
    const [header, ...rows] = csv.trim().split('\n');
    const columns = header.replace(/^# /, '').split(',');
    const at = (name) => columns.indexOf(name);
    return Object.fromEntries(
      rows
        .map((row) => row.split(','))
        .filter((cells) => cells[at('pxname')] === 'api' && cells[at('svname')].startsWith('api'))
        .map((cells) => [cells[at('svname')], cells[at('status')]]),
    );
  };
  const waitUntil = (name, state, timeoutMs = 30_000) =>
    waitFor(
      `HAProxy to see ${name} ${state}`,
      async () => (await states())[name] === state,
      timeoutMs,
    );

  const stopInstance = (instance, signal = 'SIGTERM') =>
    stopChild(instance.child, { signal, killAfterMs: 15_000 });

  const cluster = {
    url,
    statsUrl: `http://127.0.0.1:${statsPort}/stats`,
    databaseUrl,
    instances,
    states,
    waitUntil,
    /**
     * Starts the named instances at once (all by default; `moreEnv` on top of the cluster's) and
     * waits until HAProxy uses them.
     */
    async start(names = instances.map((i) => i.name), moreEnv = {}) {
      const chosen = instances.filter((i) => names.includes(i.name));
      chosen.forEach((i) => launch(i, moreEnv));
      await Promise.all(chosen.map(healthy));
      await Promise.all(chosen.map((i) => waitUntil(i.name, 'UP')));
    },
    /** Where an instance's output goes (with `quiet`). */
    logFile: (name) => join(dir, `${name}.log`),
    /** SIGTERM (graceful: buffered clicks are stored) or SIGKILL (a crash) to the named ones. */
    async stop(names = instances.map((i) => i.name), signal = 'SIGTERM') {
      await Promise.all(
        instances.filter((i) => names.includes(i.name)).map((i) => stopInstance(i, signal)),
      );
    },
    /** Stops the load balancer (SIGKILL: a crash) and resolves once it has exited. */
    stopLoadBalancer: (signal = 'SIGKILL') => stopChild(haproxy, { signal }),
    /** Starts the load balancer again (same configuration and ports) and waits until it answers. */
    async startLoadBalancer() {
      launchHaproxy();
      await haproxyAnswers();
    },
    /** Rows of a query on the cluster's database. */
    sql: (text, params = []) => queryRows(databaseUrl, text, params),
    /** Stops every instance gracefully, then HAProxy. */
    async close() {
      await cluster.stop();
      if (haproxy.exitCode === null) haproxy.kill('SIGTERM');
      await haproxyExited;
    },
  };

  try {
    await haproxyAnswers();
    // The first instance alone migrates (and seeds an empty database); then the rest.
    await cluster.start([instances[0].name]);
    await cluster.start(instances.slice(1).map((i) => i.name));
  } catch (error) {
    await cluster.close();
    throw error;
  }
  return cluster;
}

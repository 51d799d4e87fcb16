// A PostgreSQL and a Redis of a test's own, each in a temporary directory on a free port, which
// the test may stop, slow down and restart: the machine's shared servers (other suites and other
// people use them) are never touched. Used by the cluster's chaos test (e2e/cluster).
import { execFile, execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from './build.mjs';
import { freePort, stopChild } from './processes.mjs';

const run = promisify(execFile);
// ioredis is the server's dependency: borrowed rather than added to the root.
const Redis = createRequire(join(ROOT, 'server/package.json'))('ioredis');

/** PostgreSQL's programs: PG_BIN, else the newest Debian installation (postgresql-NN). */
function postgresBin() {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base)
    ? readdirSync(base)
        .filter((v) => existsSync(join(base, v, 'bin/initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0) throw new Error(`no ${base}/*/bin/initdb: set PG_BIN`);
  return join(base, versions[0], 'bin');
}

/**
 * PostgreSQL refuses to run as root: as root, its programs run as the `postgres` user (Debian's
 * package creates it), which then owns the directory; as anyone else, as that user.
 */
function asPostgresUser(dir) {
  if (process.getuid?.() !== 0) return (program, args) => run(program, args);
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
  chownSync(dir, uid, gid);
  return (program, args) => run('runuser', ['-u', 'postgres', '--', program, ...args]);
}

/** A directory of its own for one PostgreSQL server, and how to run its programs there. */
function postgresDirectory() {
  const dir = mkdtempSync(join(tmpdir(), 'own-postgres-'));
  return { dir, data: join(dir, 'data'), pgRun: asPostgresUser(dir) };
}

/** The server whose data directory `data` holds (made by initdb or pg_basebackup), started. */
async function postgresServer({ bin, dir, data, pgRun }) {
  const port = await freePort();
  const pgCtl = (...args) => pgRun(join(bin, 'pg_ctl'), ['-D', data, ...args]);
  // fsync off: the test stops this server cleanly (a fast shutdown checkpoints), it never crashes
  // the machine, so flushing to the disk would only cost time on a busy machine.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const server = {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    /** Starts it and waits until it accepts connections. */
    start: () => pgCtl('-o', options, '-l', join(dir, 'postgres.log'), '-w', 'start'),
    /** Stops it (`fast`: connections ended, transactions rolled back) and waits until it has. */
    stop: (mode = 'fast') => pgCtl('-m', mode, '-w', 'stop'),
    /**
     * A hot standby of this server (pg_basebackup, then streaming replication), started: a read
     * replica, as DATABASE_READ_URL names one in production.
     */
    async startStandby() {
      const standby = postgresDirectory();
      await standby.pgRun(join(bin, 'pg_basebackup'), [
        ...['-D', standby.data, '-h', '127.0.0.1', '-p', String(port), '-U', 'postgres'],
        ...['--write-recovery-conf', '--checkpoint=fast', '--no-sync'],
      ]);
      return postgresServer({ bin, ...standby });
    },
    /** Stops it if it runs and removes its directory. */
    async close() {
      await server.stop('immediate').catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await server.start();
  return server;
}

/**
 * A new PostgreSQL server (initdb, trust authentication for `postgres`, which also lets a standby
 * replicate from it) listening on 127.0.0.1 at a free port, its socket in its own directory.
 * `stop('fast')` is what a restart or a failover does to its clients: every connection ends at
 * once.
 */
export async function startOwnPostgres() {
  const bin = postgresBin();
  const own = postgresDirectory();
  await own.pgRun(join(bin, 'initdb'), [
    '-D',
    own.data,
    '-U',
    'postgres',
    '--auth=trust',
    '--no-sync',
  ]);
  return postgresServer({ bin, ...own });
}

/**
 * A redis-server (Debian's package) on a free port that keeps nothing on disk, with DEBUG
 * enabled so that `stall` can make it unresponsive for a while, as a swapping or busy Redis is.
 */
export async function startOwnRedis() {
  const port = await freePort();
  let child;
  /** A connection of the test's own, tried once: a failure reaches the caller's promise. */
  const connect = () => {
    const client = new Redis({
      port,
      host: '127.0.0.1',
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    client.on('error', () => undefined);
    return client;
  };
  const server = {
    port,
    url: `redis://127.0.0.1:${port}`,
    /** Starts it on its port and waits until it answers PING. */
    async start() {
      child = spawn(
        'redis-server',
        [
          '--port',
          String(port),
          '--bind',
          '127.0.0.1',
          '--save',
          '',
          '--appendonly',
          'no',
          '--enable-debug-command',
          'local',
        ],
        { stdio: 'ignore' },
      );
      let failed;
      child.once('error', (err) => (failed = err)); // e.g. redis-server not installed
      const deadline = Date.now() + 10_000;
      for (;;) {
        if (failed) throw failed;
        if (child.exitCode !== null)
          throw new Error(`redis-server exited with code ${child.exitCode}`);
        const probe = connect();
        try {
          await probe.connect();
          if ((await probe.ping()) === 'PONG') return;
        } catch {
          // not listening yet
        } finally {
          probe.disconnect();
        }
        if (Date.now() > deadline) throw new Error(`redis-server on port ${port} did not start`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    /** Blocks the server for `seconds` (DEBUG SLEEP): every client's commands wait meanwhile. */
    async stall(seconds) {
      const client = connect();
      try {
        await client.connect();
        await client.call('DEBUG', 'SLEEP', String(seconds));
      } finally {
        client.disconnect();
      }
    },
    /** SHUTDOWN NOSAVE: it stops at once and forgets everything; resolves when it has exited. */
    async stop() {
      if (!child || child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      const client = connect();
      await client.connect();
      // The server closes the connection instead of replying.
      await client.call('SHUTDOWN', 'NOSAVE').catch(() => undefined);
      client.disconnect();
      await exited;
    },
    /** Stops it if it runs (SIGKILL when SHUTDOWN is not enough). */
    close: () => stopChild(child, { signal: 'SIGTERM', killAfterMs: 5_000 }),
  };
  await server.start();
  return server;
}

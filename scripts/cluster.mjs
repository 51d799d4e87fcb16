#!/usr/bin/env node
// `npm run cluster`: the product as production runs it, on this machine. Builds what is missing
// or stale, then starts three API instances on the local PostgreSQL (database advocately_cluster,
// created if absent) and Redis, behind HAProxy (Debian's package) with health checks, and the
// four remotes as static files from their own origins (as a CDN would serve them; the instances
// point the shell at them through the runtime manifest). Prints the URL; Ctrl+C stops everything.
//
// Environment: CLUSTER_PORT (8300; the remotes take the next four ports), CLUSTER_INSTANCES (3),
// CLUSTER_DATABASE_URL (postgres://postgres@127.0.0.1:5432/advocately_cluster),
// CLUSTER_REDIS_URL (redis://127.0.0.1:6379). State (each instance's DATA_DIR, the shared JWT
// secret, haproxy.cfg, the logs) lives in .data-cluster/.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, ensureBuilt } from './lib/build.mjs';
import { startCluster } from './lib/cluster.mjs';
import { REMOTE_PORTS } from './lib/product.mjs';

const port = Number(process.env.CLUSTER_PORT ?? 8300);
const instances = Number(process.env.CLUSTER_INSTANCES ?? 3);
const databaseUrl =
  process.env.CLUSTER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/advocately_cluster';
const redisUrl = process.env.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379';
const dir = join(ROOT, '.data-cluster');

/** Each remote's build served from its own port, as an independent static host. */
function serveRemotes() {
  return Object.keys(REMOTE_PORTS).map((area, index) => {
    const remotePort = port + 1 + index;
    const child = spawn(
      process.execPath,
      [
        join(ROOT, 'scripts/serve-static.mjs'),
        join(ROOT, `remote-${area}/dist`),
        String(remotePort),
      ],
      { stdio: 'ignore' },
    );
    return { area, url: `http://localhost:${remotePort}/remoteEntry.js`, child };
  });
}

async function main() {
  await ensureBuilt();
  const remotes = serveRemotes();
  const manifest = Object.fromEntries(remotes.map((r) => [`remote_${r.area}`, r.url]));
  console.log(`Starting ${instances} API instances and HAProxy (logs in ${dir}) …`);
  const stopRemotes = () => remotes.forEach((r) => r.child.kill('SIGTERM'));
  const cluster = await startCluster({
    dir,
    databaseUrl,
    redisUrl,
    instances,
    port,
    quiet: true,
    env: { REMOTES_MANIFEST: JSON.stringify(manifest), LOG_LEVEL: 'info' },
  }).catch((error) => {
    stopRemotes();
    throw error;
  });
  const { DEMO_ACCOUNTS } = await import(new URL('../server/dist/seed/demo.js', import.meta.url));
  const url = `http://localhost:${port}`;
  console.log(`\n  Advocately (cluster) is running at ${url}\n`);
  for (const instance of cluster.instances) {
    console.log(
      `    ${instance.name}: 127.0.0.1:${instance.port}  (log ${cluster.logFile(instance.name)})`,
    );
  }
  console.log(`    HAProxy stats: ${cluster.statsUrl}`);
  console.log(`    database: ${databaseUrl}   Redis: ${redisUrl}\n`);
  console.log('  Demo accounts (email / password):');
  for (const account of DEMO_ACCOUNTS) {
    console.log(`    ${account.email.padEnd(22)} ${account.password.padEnd(14)} ${account.label}`);
  }
  console.log('\n  Press Ctrl+C to stop.\n');

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping…');
    stopRemotes();
    await cluster.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

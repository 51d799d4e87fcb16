// Starts the whole product from its builds: the API server (which also serves the shell) and
// each remote from its own origin. Used by `npm start` and by the e2e suite, which also stops
// and restarts single remotes to prove the shell survives them.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './build.mjs';
import { stopChild } from './processes.mjs';

/** Each area's default port, from the one list of remotes (contract/remotes.json). */
export const REMOTE_PORTS = Object.fromEntries(
  JSON.parse(readFileSync(new URL('../../contract/remotes.json', import.meta.url), 'utf8')).map(
    (remote) => [remote.area, remote.port],
  ),
);

function waitForHttp(url, { timeoutMs = 60_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = async () => {
      try {
        const response = await fetch(url);
        if (response.status < 500) return resolve();
      } catch {
        /* not up yet */
      }
      if (Date.now() > deadline) return reject(new Error(`Timed out waiting for ${url}`));
      setTimeout(attempt, 200);
    };
    attempt();
  });
}

function launch(label, args, { env = {}, quiet = false } = {}) {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'inherit'],
  });
  child.label = label;
  return child;
}

/**
 * @param {object} [opts]
 * @param {number} [opts.port]         API/shell port (8000)
 * @param {Record<string,number>} [opts.remotePorts]
 * @param {Record<string,string>} [opts.env] extra server environment (DATA_DIR, REMOTES_MANIFEST…)
 * @param {boolean} [opts.quiet]       hide child output (the e2e suite keeps its own logs)
 */
export async function startProduct({
  port = 8000,
  remotePorts = REMOTE_PORTS,
  env = {},
  quiet = false,
} = {}) {
  const remotes = {};
  // `key` lets a second copy of a remote run on another port (e.g. a moved deployment).
  const startRemote = async (area, remotePort = remotePorts[area], key = area) => {
    remotes[key] = launch(
      `remote-${area}`,
      [
        join(ROOT, 'scripts/serve-static.mjs'),
        join(ROOT, `remote-${area}/dist`),
        String(remotePort),
      ],
      { quiet: true },
    );
    await waitForHttp(`http://127.0.0.1:${remotePort}/remoteEntry.js`);
  };
  const stopRemote = async (key) => {
    await stopChild(remotes[key]);
    delete remotes[key];
  };

  const server = launch('server', [join(ROOT, 'server/dist/index.js')], {
    env: { PORT: String(port), ...env },
    quiet,
  });
  const exited = new Promise((_, reject) =>
    server.once('exit', (code) => reject(new Error(`server exited early (code ${code})`))),
  );
  await Promise.all(Object.keys(remotePorts).map((area) => startRemote(area)));
  // The first start on an empty DATA_DIR seeds ninety days of demo activity: minutes when the
  // machine is busy.
  await Promise.race([
    waitForHttp(`http://127.0.0.1:${port}/api/v1/health/`, { timeoutMs: 240_000 }),
    exited,
  ]);

  return {
    url: `http://localhost:${port}`,
    server,
    startRemote,
    stopRemote,
    async stop() {
      await Promise.all([stopChild(server), ...Object.keys(remotes).map(stopRemote)]);
    },
  };
}

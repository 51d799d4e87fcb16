// Builds the packages whose output is missing or older than their sources.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The remotes' packages, from the one list of remotes. */
const REMOTE_PACKAGES = JSON.parse(
  readFileSync(new URL('../../contract/remotes.json', import.meta.url), 'utf8'),
).map((remote) => remote.package);

export const ROOT = new URL('../..', import.meta.url).pathname;

/** What each deployable builds into, and which source trees feed it. */
export const BUILDS = [
  {
    pkg: 'server',
    output: 'server/dist/index.js',
    // The server's build also builds the contract package it loads at run time.
    sources: ['server/src', 'server/drizzle', 'contract/src', 'package-lock.json'],
  },
  { pkg: 'sdk', output: 'sdk/dist/v1.js', sources: ['sdk/src', 'package-lock.json'] },
  ...['shell', ...REMOTE_PACKAGES].map((pkg) => ({
    pkg,
    output: pkg === 'shell' ? 'shell/dist/index.html' : `${pkg}/dist/remoteEntry.js`,
    // The shared build config and shared packages feed every front-end build.
    sources: [
      `${pkg}/src`,
      `${pkg}/webpack.config.js`,
      'tools',
      'shared-ui/src',
      'shared-api/src',
      'sdk/src',
      'contract/src',
      'contract/remotes.json',
      'package-lock.json',
    ],
  })),
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

export function staleBuilds() {
  return BUILDS.filter(({ output, sources }) => {
    const out = join(ROOT, output);
    if (!existsSync(out)) return true;
    const built = statSync(out).mtimeMs;
    return sources.some((source) => newestMtime(join(ROOT, source)) > built);
  });
}

function run(command, args, label) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${label} failed (exit ${code}):\n${output.slice(-4000)}`)),
    );
  });
}

const LOCK = join(ROOT, '.build-lock');
const STALE_LOCK_MS = 15 * 60_000;

/** One build at a time per checkout: concurrent test runs would write the same dist folders. */
async function withBuildLock(work) {
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch {
      if (Date.now() - statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs > STALE_LOCK_MS)
        rmSync(LOCK, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

/**
 * Builds what is stale, two at a time (the machine has two cores); `packages` limits it to those
 * (the cluster test needs the server only).
 */
export function ensureBuilt(options = {}) {
  return withBuildLock(() => buildStale(options));
}

async function buildStale({ log = console.log, packages } = {}) {
  const queue = staleBuilds().filter(
    (b) =>
      (!packages || packages.includes(b.pkg)) &&
      JSON.parse(readFileSync(join(ROOT, b.pkg, 'package.json'), 'utf8')).scripts?.build,
  );
  if (queue.length === 0) return;
  log(`Building ${queue.map((b) => b.pkg).join(', ')} …`);
  const started = Date.now();
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      await run('npm', ['run', 'build', '-w', next.pkg], `build ${next.pkg}`);
      log(`  built ${next.pkg}`);
    }
  };
  await Promise.all([worker(), worker()]);
  log(`Build finished in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

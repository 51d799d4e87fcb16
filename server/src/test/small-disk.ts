// A small disk that a test fills and frees: a tmpfs of its own where the test may mount one (as
// root, as in CI), else a folder whose writes fail with ENOSPC while a flag file exists
// (full-disk-simulation.mjs, preloaded into a server process or installed in the test's own).
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cleanups } from './server-process.js';

/** Enough for a migrated database, its WAL and the click journal. */
const DEFAULT_DISK_MB = 64;

export interface SmallDisk {
  dir: string;
  /** A filesystem of its own, or writes failing by a flag. */
  kind: 'tmpfs' | 'simulated';
  /** What a server process started with DATA_DIR=dir needs in its environment. */
  serverEnv: Record<string, string>;
  /**
   * Makes this process's writes under dir (and its database threads' started after) fail while
   * full, when it is simulated; nothing to do on a filesystem of its own.
   */
  inThisProcess(): Promise<void>;
  /** Takes every free block (or sets the flag): writes under dir fail with ENOSPC. */
  fill(): void;
  free(): void;
}

export function smallDisk(megabytes = DEFAULT_DISK_MB): SmallDisk {
  const dir = mkdtempSync(path.join(tmpdir(), 'small-disk-'));
  const filler = path.join(dir, 'filler');
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m`, 'tmpfs', dir], {
      stdio: 'ignore',
    });
  } catch {
    // No permission to mount: the writes of the process (or thread) under test fail instead.
    const flag = `${dir}.full`;
    const preload = new URL('./full-disk-simulation.mjs', import.meta.url).href;
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    return {
      dir,
      kind: 'simulated',
      serverEnv: {
        FULL_DISK_FLAG: flag,
        NODE_OPTIONS: [process.env.NODE_OPTIONS, `--import=${preload}`].filter(Boolean).join(' '),
      },
      inThisProcess: async () => {
        const { simulateFullDisk } = await import('./full-disk-simulation.mjs');
        simulateFullDisk(dir, flag);
      },
      fill: () => writeFileSync(flag, ''),
      free: () => rmSync(flag),
    };
  }
  cleanups.push(async () => {
    // Lazily: a server killed by the cleanups may still hold files open for a moment.
    execFileSync('umount', ['--lazy', dir]);
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    dir,
    kind: 'tmpfs',
    serverEnv: {},
    inThisProcess: async () => {},
    // Up to the last block, as `dd` does: writes until ENOSPC, in 1 MB then 4 KB pieces.
    fill: () => {
      const fd = openSync(filler, 'w');
      try {
        for (const piece of [Buffer.alloc(1024 * 1024), Buffer.alloc(4096)]) {
          try {
            for (;;) writeSync(fd, piece);
          } catch (err) {
            if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
          }
        }
      } finally {
        closeSync(fd);
      }
    },
    free: () => rmSync(filler),
  };
}

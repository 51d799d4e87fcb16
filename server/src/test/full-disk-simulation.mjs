// A full disk for the tests where they cannot mount a small filesystem (not root): while the file
// `flag` exists, every write to a file under `dataDir` fails with ENOSPC, as on a filesystem with
// no block left; reads, and files elsewhere, work as before. It patches node:fs's synchronous
// open, close and write, which the click journal and PGlite's Node filesystem use, in this thread
// and in every thread started from code (eval) after it: the embedded database's worker.
//
// In a server process: preloaded with --import (NODE_OPTIONS), given FULL_DISK_FLAG and DATA_DIR.
// In a test process: simulateFullDisk(dataDir, flag). Plain JavaScript: it runs before tsx's
// loader is registered.
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import path from 'node:path';
import workerThreads from 'node:worker_threads';

/**
 * @param {string} dataDir
 * @param {string} flag
 */
export function simulateFullDisk(dataDir, flag) {
  const root = path.resolve(dataDir) + path.sep;
  /** Descriptors of files under dataDir. */
  const onDisk = new Set();
  const { openSync, closeSync, writeSync } = fs;
  fs.openSync = function (file, ...rest) {
    const fd = openSync.call(fs, file, ...rest);
    if (path.resolve(String(file)).startsWith(root)) onDisk.add(fd);
    return fd;
  };
  fs.closeSync = function (fd) {
    onDisk.delete(fd);
    return closeSync.call(fs, fd);
  };
  fs.writeSync = function (fd, ...rest) {
    if (onDisk.has(fd) && fs.existsSync(flag)) {
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), {
        code: 'ENOSPC',
        errno: -28,
        syscall: 'write',
      });
    }
    return writeSync.call(fs, fd, ...rest);
  };
  // A thread does not run its parent's preloads: an eval thread (its code an expression that
  // resolves once it has started, as the database's is) first installs the same simulation.
  const { Worker } = workerThreads;
  const install = `import(${JSON.stringify(import.meta.url)}).then((simulation) => simulation.simulateFullDisk(${JSON.stringify(dataDir)}, ${JSON.stringify(flag)}))`;
  workerThreads.Worker = class extends Worker {
    constructor(code, options) {
      super(options?.eval ? `${install}.then(() => ${code})` : code, options);
    }
  };
  // `import { writeSync } from 'node:fs'` (the click journal) and `import { Worker }` see them too.
  syncBuiltinESMExports();
}

if (process.env.FULL_DISK_FLAG && process.env.DATA_DIR && workerThreads.isMainThread)
  simulateFullDisk(process.env.DATA_DIR, process.env.FULL_DISK_FLAG);

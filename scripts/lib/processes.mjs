// Ports and child processes, shared by the product and cluster launchers and the benchmarks.
import { createServer } from 'node:net';

/** A TCP port free on 127.0.0.1 at the time of asking. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Sends `signal` to a child still running and resolves once it has exited; a child that has not
 * exited `killAfterMs` later gets SIGKILL.
 */
export function stopChild(child, { signal = 'SIGTERM', killAfterMs = 10_000 } = {}) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill(signal);
  });
}

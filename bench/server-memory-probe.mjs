// Preloaded into a bench's server (`node --import`, lib-server's `nodeArgs`): every second, and
// after each full garbage collection, writes the process's memory to BENCH_MEMORY_FILE, so a
// long bench can follow the JavaScript heap beside the resident size without the server
// exposing either. The heap right after a full collection is what the process retains; the
// heap at any other moment also holds garbage not yet collected.
import { renameSync, writeFileSync } from 'node:fs';
import { constants, PerformanceObserver } from 'node:perf_hooks';

const file = process.env.BENCH_MEMORY_FILE;
if (file) {
  const memory = { retainedMb: undefined, majorGcs: 0, majorGcMs: 0 };
  const mb = (bytes) => Math.round(bytes / 1048576);
  const write = () => {
    const { heapUsed, rss, external, arrayBuffers } = process.memoryUsage();
    const snapshot = {
      ...memory,
      heapUsedMb: mb(heapUsed),
      rssMb: mb(rss),
      externalMb: mb(external),
      arrayBuffersMb: mb(arrayBuffers),
    };
    // Whole or not at all: the bench may read it at any moment.
    writeFileSync(`${file}.tmp`, JSON.stringify(snapshot));
    renameSync(`${file}.tmp`, file);
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.detail?.kind !== constants.NODE_PERFORMANCE_GC_MAJOR) continue;
      memory.majorGcs += 1;
      memory.majorGcMs += entry.duration;
      memory.retainedMb = mb(process.memoryUsage().heapUsed);
    }
  }).observe({ entryTypes: ['gc'] });
  setInterval(write, 1000).unref();
}

// Shared by the load benchmarks: autocannon runs, the totals and table rows of the redirect
// rounds, and the CPU time of a process's threads.
import { readdirSync, readFileSync } from 'node:fs';
import autocannon from 'autocannon';

/** One autocannon run: its result. */
export const cannon = (options) =>
  new Promise((resolve, reject) =>
    autocannon(options, (err, result) => (err ? reject(err) : resolve(result))),
  );

/**
 * `connections` connections GETting `url` for `seconds`, each request made by `setupRequest`
 * (with distinctVisitors: a new visitor, a counted click, every time); with `perSecond`, no more
 * than that many requests a second in all (else as fast as they are answered).
 */
export const hammer = (url, { connections, seconds, setupRequest, perSecond }) =>
  cannon({
    url,
    connections,
    duration: seconds,
    requests: [{ method: 'GET', setupRequest }],
    ...(perSecond && { overallRate: perSecond }),
  });

/**
 * An autocannon `run(seconds)` of `connections` connections POSTing to `url`, with `headers` on
 * every request and each request's own headers and body from `next()` (a new one every time).
 */
export const postEach =
  (url, { connections, headers, next }) =>
  (seconds) =>
    cannon({
      url,
      connections,
      duration: seconds,
      requests: [
        {
          method: 'POST',
          ...(headers && { headers }),
          setupRequest: (req) => ({ ...req, ...next() }),
        },
      ],
    });

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits, looking every `everyMs`, until `done()`; fails naming `what` after `ms`. */
export async function until(what, done, { ms = 300_000, everyMs = 10 } = {}) {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    await sleep(everyMs);
  }
}

/** The `p`th percentile of ascending `sorted`. */
export const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** How many ascending `lags` (ms), their median, 99th percentile and longest, in whole ms. */
export const lagSummary = (lags) => ({
  samples: lags.length,
  p50_ms: Math.round(percentile(lags, 50)),
  p99_ms: Math.round(percentile(lags, 99)),
  max_ms: Math.round(lags[lags.length - 1]),
});

/**
 * All rounds of one target as one figure: requests over the total time (including `drainMs`, the
 * time taken to store what the server still held when the load stopped), the worst p99.
 */
export function combined(results) {
  const total = (pick) => results.reduce((sum, r) => sum + pick(r), 0);
  const seconds = total((r) => r.duration + (r.drainMs ?? 0) / 1000);
  return {
    seconds,
    perSecond: total((r) => r.requests.total) / seconds,
    p99: Math.max(...results.map((r) => r.latency.p99)),
    redirects: total((r) => r['3xx']),
    other: total((r) => r.requests.total - r['3xx']),
    errors: total((r) => r.errors + r.timeouts),
  };
}

/** The table row of one redirect round. */
export const roundRow = (target, round, r) => ({
  target,
  round,
  'req/s': Math.round(combined([r]).perSecond),
  'p50 ms': r.latency.p50,
  'p99 ms': r.latency.p99,
  '302s': r['3xx'],
  other: r.requests.total - r['3xx'],
  errors: r.errors + r.timeouts,
  'drain ms': r.drainMs === undefined ? '' : Math.round(r.drainMs),
});

/** The table row of all of a target's rounds (`total` from combined). */
export const totalRow = (target, total) => ({
  target,
  round: 'all',
  'req/s': Math.round(total.perSecond),
  'p50 ms': '',
  'p99 ms': total.p99,
  '302s': total.redirects,
  other: total.other,
  errors: total.errors,
  'drain ms': '',
});

/** Prints PASS or FAIL (with `note`) and sets the exit code to match. */
export function verdict(ok, note = '') {
  console.log(`${ok ? 'PASS' : 'FAIL'}${note}`);
  process.exitCode = ok ? 0 : 1;
}

/** CPU seconds of each thread of a process (Linux /proc; empty elsewhere). */
export function threadSeconds(pid) {
  const times = new Map();
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const fields = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8')
        .split(') ')[1]
        .split(' ');
      times.set(tid, (Number(fields[11]) + Number(fields[12])) / 100);
    }
  } catch {
    // not Linux, or the process is gone
  }
  return times;
}

// Webhook delivery: the built server (PGlite, or PostgreSQL with --postgres) and a local
// receiver answering 200 (WEBHOOKS_ALLOW_PRIVATE_URLS=true), a webhook of the demo brand
// subscribed to conversion.created.
// 1. Latency: conversions reported one after another at about 50 a second through the API; for
//    each, the time from its 201 reply to the signed delivery reaching the receiver (p50, p99).
//    The workers poll every 500 ms, so the median is about half of that.
// 2. Throughput: a backlog of events delivered by one instance, in events per second from the
//    first delivery to the last. With --postgres the backlog is written straight into the outbox
//    (as N committed conversions would leave it) while the server runs; on PGlite (which one
//    process owns) it is a burst of conversions through the API, so there the figure also
//    includes taking the conversions.
// Usage: node bench/webhooks-bench.mjs [--postgres] [--events 5000] [--latency 300]
// (run `npm run build -w server` first)
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  api,
  freshServerData,
  numberOption,
  requireServerBuild,
  root,
  seedShareLink,
  startServer,
  stopServer,
} from './lib-server.mjs';

const postgres = process.argv.includes('--postgres');
const EVENTS = numberOption('--events', 5000);
const LATENCY_SAMPLES = numberOption('--latency', 300);

requireServerBuild();

/** Receipt time by conversion reference, and the time of each delivery. */
const receivedAt = new Map();
const deliveries = [];
const receiver = createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const at = performance.now();
    deliveries.push(at);
    try {
      const ref = JSON.parse(Buffer.concat(chunks).toString()).data?.conversion?.reference;
      if (ref && !receivedAt.has(ref)) receivedAt.set(ref, at);
    } catch {
      // counted all the same
    }
    res.writeHead(200).end('ok');
  });
});
await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const hookUrl = `http://127.0.0.1:${receiver.address().port}/hooks`;

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function until(what, done, ms = 600_000) {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    await sleep(5);
  }
}

const data = await freshServerData('webhooks', { postgres });
let server;
try {
  server = await startServer({
    ...data.env,
    WEBHOOKS_ALLOW_PRIVATE_URLS: 'true',
    RATE_LIMIT_CONVERSION_PER_IP: '100000000',
    RATE_LIMIT_CONVERSION_PER_KEY: '100000000',
  });
  const seeded = await seedShareLink(server.base, { commission_type: 'flat', commission_value: 1 });
  const { secret } = await api(server.base, 'POST', `brand/${seeded.brand}/api-keys/`, {
    token: seeded.brandToken,
    body: { kind: 'secret' },
  });
  await api(server.base, 'POST', `brand/${seeded.brand}/webhooks/`, {
    token: seeded.brandToken,
    body: { url: hookUrl, events: ['conversion.created'] },
  });
  const report = async (ref) => {
    const res = await fetch(`${server.base}/api/v1/sdk-log-conversion/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ conversionRef: ref, via: seeded.code, value: 10 }),
    });
    if (res.status !== 201) throw new Error(`conversion ${ref}: ${res.status} ${await res.text()}`);
    return performance.now();
  };

  // 1. Latency.
  const acceptedAt = new Map();
  for (let i = 0; i < LATENCY_SAMPLES; i++) {
    acceptedAt.set(`lat-${i}`, await report(`lat-${i}`));
    await sleep(20);
  }
  await until('latency deliveries', () =>
    [...acceptedAt.keys()].every((ref) => receivedAt.has(ref)),
  );
  const lags = [...acceptedAt].map(([ref, at]) => receivedAt.get(ref) - at).sort((a, b) => a - b);

  // 2. Throughput.
  const before = deliveries.length;
  const started = performance.now();
  if (postgres) {
    const pg = createRequire(path.join(root, 'server/package.json'))('pg');
    const client = new pg.Client({ connectionString: data.env.DATABASE_URL });
    await client.connect();
    // Copies of a real conversion.created event: what EVENTS committed conversions leave.
    await client.query(
      `insert into events (type, brand_id, advocate_id, data, created_at)
       select e.type, e.brand_id, e.advocate_id,
         jsonb_set(e.data, '{conversion,reference}', to_jsonb('bulk-' || g)), now()
       from (select * from events where type = 'conversion.created' and brand_id = $1 limit 1) e,
         generate_series(1, $2::integer) g`,
      [seeded.brand, EVENTS],
    );
    await client.end();
  } else {
    let next = 0;
    const lane = async () => {
      while (next < EVENTS) await report(`bulk-${next++}`);
    };
    await Promise.all(Array.from({ length: 16 }, lane));
  }
  await until('the backlog', () => deliveries.length - before >= EVENTS);
  const window = deliveries.slice(before);
  const firstToLast = (window[window.length - 1] - window[0]) / 1000;
  const total = (window[window.length - 1] - started) / 1000;

  console.log(
    JSON.stringify(
      {
        database: postgres ? 'postgres' : 'pglite',
        latency: {
          samples: lags.length,
          p50_ms: Math.round(percentile(lags, 50)),
          p99_ms: Math.round(percentile(lags, 99)),
          max_ms: Math.round(lags[lags.length - 1]),
        },
        throughput: {
          events: EVENTS,
          delivered_per_second: Math.round(EVENTS / firstToLast),
          seconds_first_to_last: Number(firstToLast.toFixed(2)),
          seconds_from_start: Number(total.toFixed(2)),
          backlog: postgres ? 'written to the outbox' : 'conversions through the API (16 lanes)',
        },
      },
      null,
      2,
    ),
  );
} finally {
  if (server) await stopServer(server.child);
  receiver.close();
  await data.remove();
}

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
import { createRequire } from 'node:module';
import path from 'node:path';
import { until } from './lib-load.mjs';
import { numberOption, root, withBenchServer } from './lib-server.mjs';
import { brandWithWebhook, deliveryLags, startReceiver } from './lib-webhooks.mjs';

const postgres = process.argv.includes('--postgres');
const EVENTS = numberOption('--events', 5000);
const LATENCY_SAMPLES = numberOption('--latency', 300);

const receiver = await startReceiver();
const env = {
  WEBHOOKS_ALLOW_PRIVATE_URLS: 'true',
  RATE_LIMIT_CONVERSION_PER_IP: '100000000',
  RATE_LIMIT_CONVERSION_PER_KEY: '100000000',
};
await withBenchServer('webhooks', { postgres, env }, async (server, data) => {
  const { seeded, report } = await brandWithWebhook(server.base, receiver.url);

  // 1. Latency.
  const latency = await deliveryLags(report, receiver.arrivedAt, {
    tag: 'lat',
    samples: LATENCY_SAMPLES,
    gapMs: 20,
    waitMs: 600_000,
  });

  // 2. Throughput.
  const { deliveries } = receiver;
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
  await until('the backlog', () => deliveries.length - before >= EVENTS, { ms: 600_000 });
  const window = deliveries.slice(before);
  const firstToLast = (window[window.length - 1] - window[0]) / 1000;
  const total = (window[window.length - 1] - started) / 1000;

  console.log(
    JSON.stringify(
      {
        database: postgres ? 'postgres' : 'pglite',
        latency,
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
}).finally(receiver.close);

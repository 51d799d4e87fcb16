// Webhook fairness (issue 33): the latency of a healthy endpoint alone, then beside a hung one.
// The built server (PGlite, or PostgreSQL with --postgres), WEBHOOKS_ALLOW_PRIVATE_URLS=true, two
// brands of the demo brand owner, each with a webhook on conversion.created:
// 1. Alone: brand Y's conversions, reported about 4 a second through the API; each timed from its
//    201 to the signed delivery reaching Y's healthy receiver (answers 200 at once).
// 2. Beside a hung endpoint: brand X's webhook points at an endpoint that accepts connections and
//    never answers; X reports 200 conversions (200 deliveries pending, each attempt waiting out
//    the 10 s timeout), then Y's conversions are timed again the same way, for 20 s.
// Usage: node bench/webhooks-fairness-bench.mjs [--postgres] [--samples 80] [--source]
// (run `npm run build -w server` first; --source runs server/src through tsx instead of the
// build, for measuring a change before it is built)
import { createServer as createTcpServer } from 'node:net';
import { until } from './lib-load.mjs';
import { numberOption, withBenchServer } from './lib-server.mjs';
import { brandWithWebhook, deliveryLags, startReceiver } from './lib-webhooks.mjs';

const postgres = process.argv.includes('--postgres');
const SAMPLES = numberOption('--samples', 80);
const fromSource = process.argv.includes('--source');

const healthy = await startReceiver();
const held = new Set();
const hung = createTcpServer((socket) => {
  held.add(socket);
  socket.on('close', () => held.delete(socket));
  socket.on('error', () => undefined);
  // Read (and drop) what arrives, or a client's close would go unnoticed behind unread bytes.
  socket.resume();
});
await new Promise((resolve) => hung.listen(0, '127.0.0.1', resolve));
const hungUrl = `http://127.0.0.1:${hung.address().port}/hooks`;

const options = {
  postgres,
  env: { WEBHOOKS_ALLOW_PRIVATE_URLS: 'true', RATE_LIMIT_CONVERSION_PER_KEY: '100000000' },
  // The built entry startServer appends then reaches the source server as an unused argument.
  nodeArgs: fromSource ? ['--conditions=source', '--import', 'tsx', 'server/src/index.ts'] : [],
};
await withBenchServer('webhooks_fairness', options, async (server) => {
  const { report: reportY } = await brandWithWebhook(server.base, healthy.url);
  const { report: reportX } = await brandWithWebhook(server.base, hungUrl);

  /** `SAMPLES` conversions of Y, 250 ms apart, each timed from its 201 to its delivery. */
  const measure = (tag) =>
    deliveryLags(reportY, healthy.arrivedAt, { tag, samples: SAMPLES, gapMs: 250 });

  const alone = await measure('alone');
  for (let i = 0; i < 200; i += 10) {
    await Promise.all(Array.from({ length: 10 }, (_, j) => reportX(`x-${i + j}`)));
  }
  await until('the hung endpoint to be tried', () => held.size > 0);
  const besideHung = await measure('beside');
  console.log(
    JSON.stringify(
      {
        database: postgres ? 'postgres' : 'pglite',
        server: fromSource ? 'server/src (tsx)' : 'server/dist',
        healthy_alone: alone,
        healthy_beside_hung_with_200_pending: besideHung,
        hung_connections_open_at_end: held.size,
      },
      null,
      2,
    ),
  );
}).finally(() => {
  for (const socket of held) socket.destroy();
  healthy.close();
  hung.close();
});

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
import { createServer as createHttpServer } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import {
  api,
  freshServerData,
  numberOption,
  requireServerBuild,
  seedShareLink,
  startServer,
  stopServer,
} from './lib-server.mjs';

const postgres = process.argv.includes('--postgres');
const SAMPLES = numberOption('--samples', 80);
const fromSource = process.argv.includes('--source');
requireServerBuild();

const arrivedAt = new Map();
const healthy = createHttpServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const at = performance.now();
    const ref = JSON.parse(Buffer.concat(chunks).toString()).data?.conversion?.reference;
    if (ref && !arrivedAt.has(ref)) arrivedAt.set(ref, at);
    res.writeHead(200).end('ok');
  });
});
const held = new Set();
const hung = createTcpServer((socket) => {
  held.add(socket);
  socket.on('close', () => held.delete(socket));
  socket.on('error', () => undefined);
  // Read (and drop) what arrives, or a client's close would go unnoticed behind unread bytes.
  socket.resume();
});
const listen = (server) =>
  new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server.address().port)));
const healthyUrl = `http://127.0.0.1:${await listen(healthy)}/hooks`;
const hungUrl = `http://127.0.0.1:${await listen(hung)}/hooks`;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
async function until(what, done, ms = 300_000) {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    await sleep(10);
  }
}

const data = await freshServerData('webhooks_fairness', { postgres });
let server;
try {
  server = await startServer(
    {
      ...data.env,
      WEBHOOKS_ALLOW_PRIVATE_URLS: 'true',
      RATE_LIMIT_CONVERSION_PER_KEY: '100000000',
    },
    // The built entry startServer appends then reaches the source server as an unused argument.
    {
      nodeArgs: fromSource ? ['--conditions=source', '--import', 'tsx', 'server/src/index.ts'] : [],
    },
  );
  /** A brand with a webhook on `url`; reports its conversions with a secret key. */
  const brandWithWebhook = async (url) => {
    const seeded = await seedShareLink(server.base, {
      commission_type: 'flat',
      commission_value: 1,
    });
    const { secret } = await api(server.base, 'POST', `brand/${seeded.brand}/api-keys/`, {
      token: seeded.brandToken,
      body: { kind: 'secret' },
    });
    await api(server.base, 'POST', `brand/${seeded.brand}/webhooks/`, {
      token: seeded.brandToken,
      body: { url, events: ['conversion.created'] },
    });
    return async (ref) => {
      const res = await fetch(`${server.base}/api/v1/sdk-log-conversion/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
        body: JSON.stringify({ conversionRef: ref, via: seeded.code, value: 10 }),
      });
      if (res.status !== 201) throw new Error(`${ref}: ${res.status} ${await res.text()}`);
      return performance.now();
    };
  };
  const reportY = await brandWithWebhook(healthyUrl);
  const reportX = await brandWithWebhook(hungUrl);

  /** `SAMPLES` conversions of Y, 250 ms apart, each timed from its 201 to its delivery. */
  const measure = async (tag) => {
    const reportedAt = new Map();
    for (let i = 0; i < SAMPLES; i++) {
      reportedAt.set(`${tag}-${i}`, await reportY(`${tag}-${i}`));
      await sleep(250);
    }
    await until(`${tag} deliveries`, () => [...reportedAt.keys()].every((r) => arrivedAt.has(r)));
    const lags = [...reportedAt].map(([ref, at]) => arrivedAt.get(ref) - at).sort((a, b) => a - b);
    return {
      samples: lags.length,
      p50_ms: Math.round(percentile(lags, 50)),
      p99_ms: Math.round(percentile(lags, 99)),
      max_ms: Math.round(lags[lags.length - 1]),
    };
  };

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
} finally {
  if (server) await stopServer(server.child);
  for (const socket of held) socket.destroy();
  healthy.close();
  hung.close();
  await data.remove();
}

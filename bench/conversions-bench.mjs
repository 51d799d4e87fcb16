// Conversion intake throughput on PostgreSQL: the built server against a fresh database
// (DATABASE_URL=postgres://postgres@127.0.0.1:5432/<fresh>, override the server part with
// BENCH_PG_URL), seeded through the API (demo brand: product, 10% campaign, secret key; demo
// advocate joins; `--budget` gives the campaign a budget_limit, whose conversions serialize on
// the campaign row by design), then autocannon POSTs sdk-log-conversion/ with the secret key, the
// share code and a unique conversionRef per request (50 connections × 10 s).
// Every request runs the full path: key lookup, attribution, campaign read, and the one statement
// that inserts the conversion and its ledger entry (with --budget, under the campaign row's lock).
// Target: >= 1000 conversions accepted per second; the database then holds exactly that many.
// `--publishable` reports as a merchant's page does instead: 2,000 share-link visits first, then
// the publishable key with those visits' click ids (the real-click attribution, the value cap,
// the rate limits (raised here: one bench client is one address) and the fraud rules; every
// reward held for review). Whatever the key, every conversion runs the fraud rules.
// Usage: node bench/conversions-bench.mjs [--budget] [--publishable] [--duration 10]
// (run `npm run build -w server` first)
import { cannon } from './lib-load.mjs';
import {
  measureConversionIntake,
  api,
  freshServerData,
  numberOption,
  requireServerBuild,
  seedShareLink,
  startServer,
  stopServer,
} from './lib-server.mjs';

const duration = numberOption('--duration', 10);
const CONNECTIONS = 50;
const publishable = process.argv.includes('--publishable');
const VISITS = 2000;

requireServerBuild();

const data = await freshServerData('conversions', { postgres: true });
let server;
try {
  server = await startServer({
    ...data.env,
    // One bench client is one address: the shipped limits (60 a minute) would answer 429.
    RATE_LIMIT_CONVERSION_PER_IP: '100000000',
    RATE_LIMIT_CONVERSION_PER_KEY: '100000000',
  });
  const budget = process.argv.includes('--budget') ? { budget_limit: 100000000 } : {};
  const seeded = await seedShareLink(server.base, {
    commission_type: 'percentage',
    commission_value: 10,
    ...budget,
  });
  const { secret } = await api(server.base, 'POST', `brand/${seeded.brand}/api-keys/`, {
    token: seeded.brandToken,
    body: { kind: publishable ? 'publishable' : 'secret' },
  });
  // Visitors' click ids, as the redirect hands them to the merchant's page.
  const clickIds = [];
  if (publishable) {
    console.log(`Visiting the share link ${VISITS} times…`);
    for (let i = 0; i < VISITS; i++) {
      const visit = await fetch(`${server.base}/r/${seeded.code}`, {
        redirect: 'manual',
        headers: { 'user-agent': `Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.${i}.0` },
      });
      clickIds.push(new URL(visit.headers.get('location')).searchParams.get('cid'));
    }
  }

  let n = 0;
  const run = (seconds) =>
    cannon({
      url: `${server.base}/api/v1/sdk-log-conversion/`,
      connections: CONNECTIONS,
      duration: seconds,
      requests: [
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${secret}`,
            'x-sdk-version': '1.0.1',
          },
          setupRequest: (req) => ({
            ...req,
            body: JSON.stringify({
              conversionRef: `order-${++n}`,
              ...(publishable ? { clickId: clickIds[n % VISITS] } : { via: seeded.code }),
              value: 20,
              eventType: 'purchase',
              currency: 'USD',
            }),
          }),
        },
      ],
    });

  await measureConversionIntake({
    run,
    base: server.base,
    seeded,
    duration,
    running: `POST sdk-log-conversion/ with a ${publishable ? 'publishable' : 'secret'} key, ${CONNECTIONS} connections × ${duration} s…`,
    title: `Conversions bench (${duration} s, ${CONNECTIONS} connections, PostgreSQL, ${budget.budget_limit ? 'budgeted' : 'uncapped'} campaign, ${publishable ? 'publishable key + click ids' : 'secret key + share code'}, node ${process.version})`,
    endpoint: 'POST /api/v1/sdk-log-conversion/',
    reply: '201',
    target: 1000,
  });
} finally {
  if (server) await stopServer(server.child);
  await data.remove();
}

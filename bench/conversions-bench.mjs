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
import { api, conversionIntakeBench, numberOption, shareLinkClicks } from './lib-server.mjs';

const duration = numberOption('--duration', 10);
const CONNECTIONS = 50;
const publishable = process.argv.includes('--publishable');
const VISITS = 2000;

const env = {
  // One bench client is one address: the shipped limits (60 a minute) would answer 429.
  RATE_LIMIT_CONVERSION_PER_IP: '100000000',
  RATE_LIMIT_CONVERSION_PER_KEY: '100000000',
};
const budget = process.argv.includes('--budget') ? { budget_limit: 100000000 } : {};
const options = { env, campaignFields: budget, connections: CONNECTIONS, duration };
await conversionIntakeBench('conversions', options, async (server, seeded) => {
  const { secret } = await api(server.base, 'POST', `brand/${seeded.brand}/api-keys/`, {
    token: seeded.brandToken,
    body: { kind: publishable ? 'publishable' : 'secret' },
  });
  // Visitors' click ids, as the redirect hands them to the merchant's page.
  const clickIds = publishable ? await shareLinkClicks(server.base, seeded.code, VISITS) : [];

  let n = 0;
  return {
    url: `${server.base}/api/v1/sdk-log-conversion/`,
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${secret}`,
      'x-sdk-version': '1.0.1',
    },
    next: () => ({
      body: JSON.stringify({
        conversionRef: `order-${++n}`,
        ...(publishable ? { clickId: clickIds[n % VISITS] } : { via: seeded.code }),
        value: 20,
        eventType: 'purchase',
        currency: 'USD',
      }),
    }),
    running: `POST sdk-log-conversion/ with a ${publishable ? 'publishable' : 'secret'} key, ${CONNECTIONS} connections × ${duration} s…`,
    title: `Conversions bench (${duration} s, ${CONNECTIONS} connections, PostgreSQL, ${budget.budget_limit ? 'budgeted' : 'uncapped'} campaign, ${publishable ? 'publishable key + click ids' : 'secret key + share code'}, node ${process.version})`,
    endpoint: 'POST /api/v1/sdk-log-conversion/',
    reply: '201',
    target: 1000,
  };
});

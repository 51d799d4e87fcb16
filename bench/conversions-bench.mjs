// Conversion intake throughput on PostgreSQL: the built server against a fresh database
// (DATABASE_URL=postgres://postgres@127.0.0.1:5432/<fresh>, override the server part with
// BENCH_PG_URL), seeded through the API (demo brand: product, 10% campaign, secret key; demo
// advocate joins; `--budget` gives the campaign a budget_limit, whose conversions serialize on
// the campaign row by design), then autocannon POSTs sdk-log-conversion/ with the secret key, the
// share code and a unique conversionRef per request (50 connections × 10 s).
// Every request runs the full path: key lookup, attribution, campaign read, and the one statement
// that inserts the conversion and its ledger entry (with --budget, under the campaign row's lock).
// Target: >= 1000 conversions accepted per second; the database then holds exactly that many.
// Usage: node bench/conversions-bench.mjs [--budget] [--duration 10]   (run `npm run build -w server` first)
import { cannon, verdict } from './lib-load.mjs';
import {
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

requireServerBuild();

const data = await freshServerData('conversions', { postgres: true });
let server;
try {
  server = await startServer(data.env);
  const budget = process.argv.includes('--budget') ? { budget_limit: 100000000 } : {};
  const seeded = await seedShareLink(server.base, {
    commission_type: 'percentage',
    commission_value: 10,
    ...budget,
  });
  const { secret } = await api(server.base, 'POST', `brand/${seeded.brand}/api-keys/`, {
    token: seeded.brandToken,
    body: { kind: 'secret' },
  });

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
              via: seeded.code,
              value: 20,
              eventType: 'purchase',
              currency: 'USD',
            }),
          }),
        },
      ],
    });

  console.log('Warming up for 2 s…');
  const warm = await run(2);
  console.log(
    `POST sdk-log-conversion/ with a secret key, ${CONNECTIONS} connections × ${duration} s…`,
  );
  const result = await run(duration);
  const accepted = result['2xx'];
  const perSecond = accepted / duration;

  const stats = await api(server.base, 'GET', `campaign/${seeded.campaign}/stats/`, {
    token: seeded.brandToken,
  });
  console.log(
    `\nConversions bench (${duration} s, ${CONNECTIONS} connections, PostgreSQL, ${budget.budget_limit ? 'budgeted' : 'uncapped'} campaign, node ${process.version})`,
  );
  console.table([
    {
      endpoint: 'POST /api/v1/sdk-log-conversion/',
      'accepted/s': Math.round(perSecond),
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      accepted,
      'non-2xx': result.non2xx,
      errors: result.errors + result.timeouts,
    },
  ]);
  const answered = accepted + warm['2xx'];
  console.log(
    `conversions stored: ${stats.conversions} (201 replies: ${answered}; requests still in flight at the end may add a few)`,
  );
  const ok = perSecond >= 1000 && result.non2xx === 0 && stats.conversions >= answered;
  verdict(ok, ' (target >= 1000/s)');
} finally {
  if (server) await stopServer(server.child);
  await data.remove();
}

// Stripe webhook intake throughput on PostgreSQL: the built server against a fresh database
// (DATABASE_URL=postgres://postgres@127.0.0.1:5432/<fresh>, override the server part with
// BENCH_PG_URL), seeded through the API (demo brand: product, 10% campaign, Stripe connected with
// a signing secret; demo advocate joins; 2,000 visits of the share link give the click ids), then
// autocannon POSTs signed checkout.session.completed events (each a new session whose
// client_reference_id is one of the click ids) to the brand's webhook endpoint.
// Every request runs the full path: the connection's secret opened, Stripe-Signature verified over
// the raw body (stripe.webhooks.constructEvent), the event id checked, attribution by the click,
// the campaign read, the one statement that inserts the conversion and its ledger entry, the
// Stripe objects linked and the event recorded. Signatures are made by the bench client
// (stripe.webhooks.generateTestHeaderString), outside the server's time.
// Target: >= 500 events accepted per second; the database then holds one conversion per event.
// Usage: node bench/stripe-bench.mjs [--duration 10]   (run `npm run build -w server` first)
import Stripe from 'stripe';
import { conversionIntakeBench, numberOption, providerClicks } from './lib-server.mjs';

const duration = numberOption('--duration', 10);
const CONNECTIONS = 50;
const VISITS = 2000;
const SECRET = 'whsec_bench_0123456789abcdefghijklmnop';

const options = { connections: CONNECTIONS, duration };
await conversionIntakeBench('stripe', options, async (server, seeded) => {
  // Its events are test-mode events (livemode false).
  const connection = { webhook_secret: SECRET, mode: 'test' };
  const clickIds = await providerClicks(server.base, seeded, 'stripe', connection, VISITS);

  let n = 0;
  /** A new completed Checkout Session (payment mode), as Stripe's API reference shapes it. */
  const eventBody = () => {
    const i = ++n;
    const created = Math.floor(Date.now() / 1000);
    return JSON.stringify({
      id: `evt_bench_${i}`,
      object: 'event',
      api_version: '2024-06-20',
      created,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type: 'checkout.session.completed',
      data: {
        object: {
          id: `cs_bench_${i}`,
          object: 'checkout.session',
          amount_subtotal: 2000,
          amount_total: 2200,
          client_reference_id: clickIds[i % VISITS],
          created,
          currency: 'usd',
          customer: `cus_bench_${i}`,
          customer_details: { email: `buyer${i}@example.com`, name: 'Buyer' },
          livemode: false,
          metadata: {},
          mode: 'payment',
          payment_intent: `pi_bench_${i}`,
          payment_status: 'paid',
          status: 'complete',
          total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 200 },
        },
      },
    });
  };
  return {
    url: `${server.base}/api/v1/integrations/stripe/webhook/${seeded.brand}/`,
    next: () => {
      const body = eventBody();
      const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: SECRET });
      return {
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signature,
        },
        body,
      };
    },
    running: `POST the Stripe webhook, ${CONNECTIONS} connections × ${duration} s…`,
    title: `Stripe webhook bench (${duration} s, ${CONNECTIONS} connections, PostgreSQL, signed checkout.session.completed, node ${process.version})`,
    endpoint: 'POST /api/v1/integrations/stripe/webhook/{brandId}/',
    reply: '200',
    target: 500,
  };
});

// Paddle, Lemon Squeezy and Shopify webhook intake throughput on PostgreSQL, one provider after the
// other: the built server against a fresh database per provider (as stripe-bench.mjs), seeded
// through the API (demo brand: product, 10% campaign, the provider connected with a signing
// secret; demo advocate joins; 2,000 visits of the share link give the click ids), then autocannon
// POSTs signed sale events, each a new transaction or order carrying one of the click ids the way
// the provider carries it (Paddle custom_data.advocately_cid, Lemon Squeezy meta.custom_data,
// Shopify's landing_site cid), signed as the provider signs (Paddle-Signature ts:body,
// X-Signature hex, X-Shopify-Hmac-Sha256 base64, all HMAC-SHA256) by the bench client.
// Every request runs the full path: the secret opened, the signature verified over the raw body,
// attribution by the click, the conversion and its ledger entry, the event recorded.
// Target: >= 500 events accepted per second per provider.
// Usage: node bench/billing-providers-bench.mjs [--duration 10] [--only paddle]
//        (run `npm run build -w server` first)
import { createHmac } from 'node:crypto';
import { conversionIntakeBench, numberOption, providerClicks } from './lib-server.mjs';

const duration = numberOption('--duration', 10);
const only = process.argv.includes('--only')
  ? process.argv[process.argv.indexOf('--only') + 1]
  : null;
const CONNECTIONS = 50;
const VISITS = 2000;
const SECRET = 'bench_signing_secret_0123456789';
const hmac = (text, encoding) => createHmac('sha256', SECRET).update(text).digest(encoding);

/** Per provider: a new sale's body for click id `cid` (the i-th), and its signed headers. */
const PROVIDERS = {
  paddle: {
    body: (i, cid) =>
      JSON.stringify({
        event_id: `evt_bench_${i}`,
        event_type: 'transaction.completed',
        occurred_at: new Date().toISOString(),
        notification_id: `ntf_bench_${i}`,
        data: {
          id: `txn_bench_${i}`,
          status: 'completed',
          origin: 'web',
          customer_id: `ctm_bench_${i}`,
          currency_code: 'USD',
          custom_data: { advocately_cid: cid },
          subscription_id: null,
          billed_at: new Date().toISOString(),
          details: {
            totals: { subtotal: '2000', tax: '200', total: '2200', currency_code: 'USD' },
          },
        },
      }),
    headers: (body) => {
      const ts = Math.floor(Date.now() / 1000);
      return { 'paddle-signature': `ts=${ts};h1=${hmac(`${ts}:${body}`, 'hex')}` };
    },
  },
  lemonsqueezy: {
    body: (i, cid) =>
      JSON.stringify({
        meta: {
          test_mode: false,
          event_name: 'order_created',
          custom_data: { advocately_cid: cid },
        },
        data: {
          type: 'orders',
          id: String(i),
          attributes: {
            customer_id: i,
            identifier: `bench-${i}`,
            user_email: `buyer${i}@example.com`,
            currency: 'USD',
            subtotal: 2000,
            tax: 200,
            total: 2200,
            status: 'paid',
            test_mode: false,
            created_at: new Date().toISOString(),
          },
        },
      }),
    headers: (body) => ({ 'x-event-name': 'order_created', 'x-signature': hmac(body, 'hex') }),
  },
  shopify: {
    body: (i, cid) =>
      JSON.stringify({
        id: 5000000000000 + i,
        admin_graphql_api_id: `gid://shopify/Order/${5000000000000 + i}`,
        currency: 'USD',
        total_price: '22.00',
        total_tax: '2.00',
        email: `buyer${i}@example.com`,
        financial_status: 'paid',
        landing_site: `/?cid=${cid}`,
        note_attributes: [],
        discount_codes: [],
        processed_at: new Date().toISOString(),
        test: false,
        customer: { id: 7000000000000 + i, email: `buyer${i}@example.com` },
      }),
    headers: (body, i) => ({
      'x-shopify-topic': 'orders/paid',
      'x-shopify-webhook-id': `bench-${i}`,
      'x-shopify-hmac-sha256': hmac(body, 'base64'),
    }),
  },
};

for (const [provider, shape] of Object.entries(PROVIDERS)) {
  if (only && only !== provider) continue;
  const options = { connections: CONNECTIONS, duration };
  await conversionIntakeBench(`billing-${provider}`, options, async (server, seeded) => {
    const connection = { webhook_secret: SECRET };
    const clickIds = await providerClicks(server.base, seeded, provider, connection, VISITS);
    let n = 0;
    return {
      url: `${server.base}/api/v1/integrations/${provider}/webhook/${seeded.brand}/`,
      next: () => {
        const i = ++n;
        const body = shape.body(i, clickIds[i % VISITS]);
        return { headers: { 'content-type': 'application/json', ...shape.headers(body, i) }, body };
      },
      running: `POST the ${provider} webhook, ${CONNECTIONS} connections × ${duration} s…`,
      title: `${provider} webhook bench (${duration} s, ${CONNECTIONS} connections, PostgreSQL, signed sales, node ${process.version})`,
      endpoint: `POST /api/v1/integrations/${provider}/webhook/{brandId}/`,
      reply: '200',
      target: 500,
    };
  });
}

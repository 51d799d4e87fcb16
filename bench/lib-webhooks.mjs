// Shared by the webhook benches: a receiver that notes when each conversion's delivery arrives, a
// brand with a webhook reporting conversions, and the time from a conversion's 201 to its delivery.
import { createServer } from 'node:http';
import { lagSummary, sleep, until } from './lib-load.mjs';
import { api, seedShareLink } from './lib-server.mjs';

/**
 * A local receiver answering 200 at once, listening: its `url`, `arrivedAt` (the first delivery's
 * time by conversion reference), `deliveries` (the time of each delivery) and close().
 */
export async function startReceiver() {
  const arrivedAt = new Map();
  const deliveries = [];
  const receiver = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const at = performance.now();
      deliveries.push(at);
      try {
        const ref = JSON.parse(Buffer.concat(chunks).toString()).data?.conversion?.reference;
        if (ref && !arrivedAt.has(ref)) arrivedAt.set(ref, at);
      } catch {
        // counted all the same
      }
      res.writeHead(200).end('ok');
    });
  });
  await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${receiver.address().port}/hooks`,
    arrivedAt,
    deliveries,
    close: () => receiver.close(),
  };
}

/**
 * A new brand of the demo owner (seedShareLink, flat 1) with a webhook on `url` for
 * conversion.created: `seeded`, and report(ref), which reports a conversion of 10 with a secret
 * key and answers when it was accepted (performance.now()).
 */
export async function brandWithWebhook(base, url) {
  const seeded = await seedShareLink(base, { commission_type: 'flat', commission_value: 1 });
  const { secret } = await api(base, 'POST', `brand/${seeded.brand}/api-keys/`, {
    token: seeded.brandToken,
    body: { kind: 'secret' },
  });
  await api(base, 'POST', `brand/${seeded.brand}/webhooks/`, {
    token: seeded.brandToken,
    body: { url, events: ['conversion.created'] },
  });
  const report = async (ref) => {
    const res = await fetch(`${base}/api/v1/sdk-log-conversion/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ conversionRef: ref, via: seeded.code, value: 10 }),
    });
    if (res.status !== 201) throw new Error(`conversion ${ref}: ${res.status} ${await res.text()}`);
    return performance.now();
  };
  return { seeded, report };
}

/**
 * `samples` conversions (`tag`-0, `tag`-1, …) reported one after another `gapMs` apart, each
 * timed from its 201 to its delivery's arrival (`arrivedAt` of startReceiver): lagSummary.
 */
export async function deliveryLags(report, arrivedAt, { tag, samples, gapMs, waitMs }) {
  const reportedAt = new Map();
  for (let i = 0; i < samples; i++) {
    reportedAt.set(`${tag}-${i}`, await report(`${tag}-${i}`));
    await sleep(gapMs);
  }
  await until(`${tag} deliveries`, () => [...reportedAt.keys()].every((r) => arrivedAt.has(r)), {
    ms: waitMs,
  });
  return lagSummary(
    [...reportedAt].map(([ref, at]) => arrivedAt.get(ref) - at).sort((a, b) => a - b),
  );
}

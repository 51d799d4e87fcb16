// SIGTERM under load: keep-alive clients keep sending share-link visits and API calls while the
// server is told to stop. Every request fully sent before the signal gets a whole answer, served
// (200, 302) or refused with 503; after it, a request is answered or its connection refused,
// never reset on a connection it was sent on (the client could not tell whether it was served).
// Every click that got its 302 is stored by the time the process has exited.
import assert from 'node:assert/strict';
import http from 'node:http';
import path from 'node:path';
import { describe, it } from 'node:test';
import { openDatabase } from './db/client.js';
import {
  cleanups,
  exited,
  httpApi,
  registerOverHttp,
  serverEnv,
  startServerProcess,
} from './test/server-process.js';

interface Outcome {
  /** The request had been handed to the socket in full before SIGTERM was sent. */
  sentBeforeSignal: boolean;
  status?: number;
  /** The redirect's click id, when it was a 302. */
  cid?: string;
  /** A connection error instead of a complete answer. */
  error?: string;
}

/**
 * One request on a keep-alive agent; resolves with what the client saw. `signalled()` says
 * whether SIGTERM has been sent yet (read when the request has left).
 */
function send(
  agent: http.Agent,
  port: number,
  options: { method: string; path: string; headers?: Record<string, string>; body?: string },
  signalled: () => boolean,
): Promise<Outcome> {
  return new Promise((resolve) => {
    const outcome: Outcome = { sentBeforeSignal: false };
    const req = http.request(
      {
        agent,
        host: '127.0.0.1',
        port,
        method: options.method,
        path: options.path,
        headers: options.headers,
      },
      (res) => {
        outcome.status = res.statusCode;
        const location = res.headers.location;
        if (res.statusCode === 302 && location)
          outcome.cid = new URL(location).searchParams.get('cid') ?? undefined;
        res.on('data', () => {});
        res.on('end', () => resolve(outcome));
        res.on('error', (err) => resolve({ ...outcome, error: err.message }));
      },
    );
    req.on('finish', () => (outcome.sentBeforeSignal = !signalled()));
    req.on('error', (err: NodeJS.ErrnoException) =>
      resolve({ ...outcome, error: err.code ?? err.message }),
    );
    req.end(options.body);
  });
}

describe('SIGTERM under keep-alive load', () => {
  it('answers every request sent before the signal (served or 503) and stores every answered click', async () => {
    const env = await serverEnv('sigterm');

    const { child, port, base } = await startServerProcess(env);
    cleanups.push(async () => void child.kill('SIGKILL'));
    const owner = await registerOverHttp(base, 'sigterm_owner');
    const { brand } = await httpApi<{ brand: { id: number } }>(
      base,
      'POST',
      'brand/create/',
      { brand_name: 'Shutdown Brand' },
      owner,
    );
    const product = await httpApi<{ data: { product: { id: number } } }>(
      base,
      'POST',
      'product/create/',
      {
        name: 'Lamp',
        price: 30,
        currency: 'USD',
        status: 'active',
        brand_id: brand.id,
        product_url: 'https://shop.example.com/lamp',
      },
      owner,
    );
    const { campaign } = await httpApi<{ campaign: { id: number } }>(
      base,
      'POST',
      'campaign/create/',
      {
        brand: brand.id,
        title: 'Shutdown',
        commission_value: 10,
        product_ids: [product.data.product.id],
      },
      owner,
    );
    const advocate = await registerOverHttp(base, 'sigterm_advocate');
    await httpApi(base, 'POST', 'roles/upgrade/advocate/', {}, advocate);
    const joined = await httpApi<{ share_links: Array<{ url: string }> }>(
      base,
      'POST',
      'join-campaign/',
      { id: campaign.id },
      advocate,
    );
    const code = new URL(joined.share_links[0]!.url).pathname.split('/').pop()!;

    // Keep-alive clients: most send visits (each a new visitor), some read the brand's campaigns.
    const signal = { sent: false };
    const signalled = () => signal.sent;
    const outcomes: Outcome[] = [];
    let n = 0;
    const client = async (kind: 'visit' | 'api') => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      // Until the server stops answering: each client goes on after the signal too, so requests
      // race the shutdown on connections that are busy, idle or just reused.
      for (;;) {
        const i = n++;
        const outcome = await send(
          agent,
          port,
          kind === 'visit'
            ? {
                method: 'GET',
                path: `/r/${code}`,
                headers: { 'user-agent': `Mozilla/5.0 (sigterm test ${i}) Firefox/126.0` },
              }
            : {
                method: 'GET',
                path: `/api/v1/brand/${brand.id}/campaigns/`,
                headers: { authorization: `Bearer ${owner}` },
              },
          signalled,
        );
        outcomes.push(outcome);
        if (signalled() && (outcome.error || outcome.status === 503)) break;
      }
      agent.destroy();
    };
    const load = [
      ...Array.from({ length: 40 }, () => client('visit')),
      ...Array.from({ length: 4 }, () => client('api')),
    ];
    await new Promise((r) => setTimeout(r, 2000));
    signal.sent = true;
    child.kill('SIGTERM');
    await Promise.all(load);
    assert.equal(await exited(child), 0, 'graceful shutdown exits with 0');
    // Sent before the signal: answered in full. After it: answered, or refused at connect once
    // the server no longer listens. Never a request reset on a connection it was sent on.
    const beforeSignal = outcomes.filter((o) => o.sentBeforeSignal);
    assert.ok(beforeSignal.length > 100, `only ${beforeSignal.length} requests before SIGTERM`);
    const unanswered = outcomes.filter((o) =>
      o.error !== undefined
        ? o.sentBeforeSignal || o.error !== 'ECONNREFUSED'
        : ![200, 302, 503].includes(o.status ?? 0),
    );
    assert.deepEqual(
      unanswered.map((o) => `${o.sentBeforeSignal ? 'before' : 'after'}: ${o.error ?? o.status}`),
      [],
      `of ${outcomes.length} requests (${beforeSignal.length} sent before SIGTERM)`,
    );

    const answeredClicks = outcomes.flatMap((o) => (o.cid ? [o.cid] : []));
    const database = await openDatabase({
      databaseUrl: env.DATABASE_URL,
      pgliteDir: path.join(env.DATA_DIR!, 'pglite'),
    });
    try {
      const rows = (await database.db.execute(`select click_id from clicks`)) as unknown as {
        rows: Array<{ click_id: string }>;
      };
      const stored = new Set(rows.rows.map((r) => r.click_id));
      assert.deepEqual(
        answeredClicks.filter((cid) => !stored.has(cid)),
        [],
        `of ${answeredClicks.length} answered clicks`,
      );
    } finally {
      await database.close();
    }
  });
});

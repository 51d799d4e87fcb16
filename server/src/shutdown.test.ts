// SIGTERM under load: keep-alive clients keep sending share-link visits and API calls while the
// server is told to stop. Every request fully sent before the signal gets a whole answer, served
// (200, 302) or refused with 503; after it, a request is answered or its connection refused,
// never reset on a connection it was sent on (the client could not tell whether it was served).
// Every click that got its 302 is stored by the time the process has exited.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from './db/client.js';

const serverDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function start(env: Record<string, string>): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', 'src/index.ts'],
    {
      cwd: serverDir,
      env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  for (let i = 0; i < 1800; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/v1/health/`)).ok) return { child, port };
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

/** Resolves with the exit code once `child` has exited. */
function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

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

async function api<T>(port: number, method: string, url: string, body?: unknown, token?: string) {
  const res = await fetch(`http://127.0.0.1:${port}/api/v1/${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function register(port: number, name: string): Promise<string> {
  const password = 'Password1!';
  const reply = await api<{ access: string }>(port, 'POST', 'user/register/', {
    username: name,
    email: `${name}@example.com`,
    password,
    password_confirmation: password,
  });
  return reply.access;
}

const cleanups: Array<() => Promise<void>> = [];
after(async () => {
  for (const cleanup of cleanups) await cleanup();
});

describe('SIGTERM under keep-alive load', () => {
  it('answers every request sent before the signal (served or 503) and stores every answered click', async () => {
    const env: Record<string, string> = { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'sigterm-')) };
    const baseUrl = process.env.TEST_DATABASE_URL;
    if (baseUrl) {
      const name = `sigterm_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: baseUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(baseUrl);
      url.pathname = `/${name}`;
      env.DATABASE_URL = url.toString();
      cleanups.push(async () => {
        const dropper = new pg.Client({ connectionString: baseUrl });
        await dropper.connect();
        await dropper.query(`drop database if exists ${name} with (force)`);
        await dropper.end();
      });
    }

    const { child, port } = await start(env);
    cleanups.push(async () => void child.kill('SIGKILL'));
    const owner = await register(port, 'sigterm_owner');
    const { brand } = await api<{ brand: { id: number } }>(
      port,
      'POST',
      'brand/create/',
      { brand_name: 'Shutdown Brand' },
      owner,
    );
    const product = await api<{ data: { product: { id: number } } }>(
      port,
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
    const { campaign } = await api<{ campaign: { id: number } }>(
      port,
      'POST',
      'campaign/create/',
      { brand: brand.id, title: 'Shutdown', product_ids: [product.data.product.id] },
      owner,
    );
    const advocate = await register(port, 'sigterm_advocate');
    await api(port, 'POST', 'roles/upgrade/advocate/', {}, advocate);
    const joined = await api<{ share_links: Array<{ url: string }> }>(
      port,
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

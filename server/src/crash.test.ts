// A crash under load: the server process is killed (SIGKILL, no chance to flush) while share-link
// visits and conversions pour in, then started again on the same data. Every click that got its
// 302 and every conversion that got its 201 must be stored: answered means kept.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
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

interface Running {
  child: ChildProcess;
  base: string;
}

async function start(env: Record<string, string>): Promise<Running> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', 'src/index.ts'],
    {
      cwd: serverDir,
      env: { ...process.env, ...env, PORT: String(port), LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const base = `http://127.0.0.1:${port}`;
  // Up to 4 minutes: a first start seeds the demo data (ninety days of activity), which takes
  // several times longer on a loaded machine; the crash, not the start, is under test here.
  for (let i = 0; i < 2400; i++) {
    try {
      if ((await fetch(`${base}/api/v1/health/`)).ok) return { child, base };
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

/** Resolves once `child` has exited (at once if it already has). */
function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

async function api<T>(
  base: string,
  method: string,
  url: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const res = await fetch(`${base}/api/v1/${url}`, {
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

async function register(base: string, name: string): Promise<string> {
  const password = 'Password1!';
  const reply = await api<{ access: string }>(base, 'POST', 'user/register/', {
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

describe('kill -9 under load', () => {
  it('keeps every answered click and every acknowledged conversion', async () => {
    const env: Record<string, string> = {
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'crash-')),
      // Nothing is flushed on a timer during the test: the clicks live in memory (and the
      // journal) until the kill.
      CLICK_FLUSH_MS: '600000',
      CLICK_BATCH_SIZE: '1000000',
    };
    const baseUrl = process.env.TEST_DATABASE_URL;
    if (baseUrl) {
      const name = `crash_${randomBytes(6).toString('hex')}`;
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

    let server = await start(env);
    cleanups.push(async () => void server.child.kill('SIGKILL'));
    const owner = await register(server.base, 'crash_owner');
    const { brand } = await api<{ brand: { id: number } }>(
      server.base,
      'POST',
      'brand/create/',
      { brand_name: 'Crash Test Brand' },
      owner,
    );
    const product = await api<{ data: { product: { id: number } } }>(
      server.base,
      'POST',
      'product/create/',
      {
        name: 'Mug',
        price: 12,
        currency: 'USD',
        status: 'active',
        brand_id: brand.id,
        product_url: 'https://shop.example.com/mug',
      },
      owner,
    );
    const { campaign } = await api<{ campaign: { id: number } }>(
      server.base,
      'POST',
      'campaign/create/',
      { brand: brand.id, title: 'Crash', product_ids: [product.data.product.id] },
      owner,
    );
    const campaignId = campaign.id;
    const { secret } = await api<{ secret: string }>(
      server.base,
      'POST',
      `brand/${brand.id}/api-keys/`,
      { kind: 'secret' },
      owner,
    );
    const advocate = await register(server.base, 'crash_advocate');
    await api(server.base, 'POST', 'roles/upgrade/advocate/', {}, advocate);
    const joined = await api<{ share_link?: string; share_links: Array<{ url: string }> }>(
      server.base,
      'POST',
      'join-campaign/',
      { id: campaignId },
      advocate,
    );
    const code = new URL(joined.share_links[0]!.url).pathname.split('/').pop()!;

    // Load: visits (each a new visitor: a user agent of its own) and conversions, until killed.
    const answeredClicks: string[] = [];
    const acknowledged: string[] = [];
    let killed = false;
    let n = 0;
    const visitor = async () => {
      while (!killed) {
        const i = n++;
        try {
          const res = await fetch(`${server.base}/r/${code}`, {
            redirect: 'manual',
            headers: { 'user-agent': `Mozilla/5.0 (crash test ${i}) Firefox/126.0` },
          });
          const cid = new URL(res.headers.get('location') ?? 'x:/').searchParams.get('cid');
          if (res.status === 302 && cid) answeredClicks.push(cid);
        } catch {
          // the connection died with the server: not answered
        }
      }
    };
    const merchant = async () => {
      while (!killed) {
        const ref = `order-${n++}`;
        try {
          const res = await fetch(`${server.base}/api/v1/sdk-log-conversion/`, {
            method: 'POST',
            headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
            body: JSON.stringify({ conversionRef: ref, via: code, value: 10 }),
          });
          if (res.status === 201) acknowledged.push(ref);
        } catch {
          // not acknowledged
        }
      }
    };
    const load = [...Array.from({ length: 8 }, visitor), ...Array.from({ length: 2 }, merchant)];
    await new Promise((r) => setTimeout(r, 2500));
    server.child.kill('SIGKILL');
    killed = true;
    await Promise.all(load);
    await exited(server.child);
    assert.ok(answeredClicks.length > 100, `only ${answeredClicks.length} clicks answered`);
    assert.ok(acknowledged.length > 5, `only ${acknowledged.length} conversions acknowledged`);

    // Restart on the same data, then stop cleanly and read what is stored.
    server = await start(env);
    server.child.kill('SIGTERM');
    await exited(server.child);
    const database = await openDatabase({
      databaseUrl: env.DATABASE_URL,
      pgliteDir: path.join(env.DATA_DIR!, 'pglite'),
    });
    try {
      const clickRows = (await database.db.execute(`select click_id from clicks`)) as unknown as {
        rows: Array<{ click_id: string }>;
      };
      const conversionRows = (await database.db.execute(
        `select conversion_ref from conversions`,
      )) as unknown as { rows: Array<{ conversion_ref: string }> };
      const storedClicks = new Set(clickRows.rows.map((r) => r.click_id));
      const storedRefs = new Set(conversionRows.rows.map((r) => r.conversion_ref));
      const lostClicks = answeredClicks.filter((cid) => !storedClicks.has(cid));
      const lostConversions = acknowledged.filter((ref) => !storedRefs.has(ref));
      assert.deepEqual(
        { lostClicks: lostClicks.length, lostConversions: lostConversions.length },
        { lostClicks: 0, lostConversions: 0 },
        `of ${answeredClicks.length} answered clicks and ${acknowledged.length} acknowledged conversions`,
      );
    } finally {
      await database.close();
    }
  });
});

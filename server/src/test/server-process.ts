// The server as a separate process, for the tests that signal or kill it (crash, shutdown): a
// data directory and, with TEST_DATABASE_URL, a throwaway PostgreSQL database; the built-from-
// source server started on a free port; and plain HTTP calls to its API.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after } from 'node:test';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Run after the file's tests: killing servers, dropping databases. */
export const cleanups: Array<() => Promise<void>> = [];
after(async () => {
  for (const cleanup of cleanups) await cleanup();
});

/** DATA_DIR in a new temporary folder, and DATABASE_URL of a new database when TEST_DATABASE_URL is set. */
export async function serverEnv(prefix: string): Promise<Record<string, string>> {
  const env: Record<string, string> = { DATA_DIR: mkdtempSync(path.join(tmpdir(), `${prefix}-`)) };
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) return env;
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  cleanups.push(() => admin(`drop database if exists ${name} with (force)`));
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  return env;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  base: string;
}

/** Starts src/index.ts and waits until its health route answers. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', 'src/index.ts'],
    {
      cwd: serverDir,
      env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  // Up to 4 minutes: a first start seeds the demo data (ninety days of activity), which takes
  // several times longer on a loaded machine; what these tests check comes after the start.
  for (let i = 0; i < 2400; i++) {
    try {
      if ((await fetch(`${base}/api/v1/health/`)).ok) return { child, port, base };
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

/** Resolves with the exit code once `child` has exited (at once if it already has). */
export function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** A JSON call to `${base}/api/v1/${url}`; throws on a non-2xx answer. */
export async function httpApi<T>(
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

/** Registers `name` through the API; returns the access token. */
export async function registerOverHttp(base: string, name: string): Promise<string> {
  const password = 'Password1!';
  const reply = await httpApi<{ access: string }>(base, 'POST', 'user/register/', {
    username: name,
    email: `${name}@example.com`,
    password,
    password_confirmation: password,
  });
  return reply.access;
}

/** A brand's campaign that an advocate has joined, set up through the API. */
export interface CampaignOverHttp {
  owner: string;
  brandId: number;
  /** The brand's secret API key, for server-side conversions. */
  secret: string;
  /** The advocate's share code: visits go to /r/{code}. */
  code: string;
}

/** Registers a brand owner and an advocate (`${prefix}_owner`, `${prefix}_advocate`), a campaign, and the join. */
export async function campaignOverHttp(base: string, prefix: string): Promise<CampaignOverHttp> {
  const owner = await registerOverHttp(base, `${prefix}_owner`);
  const { brand } = await httpApi<{ brand: { id: number } }>(
    base,
    'POST',
    'brand/create/',
    { brand_name: `${prefix} brand` },
    owner,
  );
  const product = await httpApi<{ data: { product: { id: number } } }>(
    base,
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
  const { campaign } = await httpApi<{ campaign: { id: number } }>(
    base,
    'POST',
    'campaign/create/',
    {
      brand: brand.id,
      title: prefix,
      commission_value: 10,
      product_ids: [product.data.product.id],
    },
    owner,
  );
  const { secret } = await httpApi<{ secret: string }>(
    base,
    'POST',
    `brand/${brand.id}/api-keys/`,
    { kind: 'secret' },
    owner,
  );
  const advocate = await registerOverHttp(base, `${prefix}_advocate`);
  await httpApi(base, 'POST', 'roles/upgrade/advocate/', {}, advocate);
  const joined = await httpApi<{ share_links: Array<{ url: string }> }>(
    base,
    'POST',
    'join-campaign/',
    { id: campaign.id },
    advocate,
  );
  const code = new URL(joined.share_links[0]!.url).pathname.split('/').pop()!;
  return { owner, brandId: brand.id, secret, code };
}

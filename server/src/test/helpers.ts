// Test harness: one database per test file (PGlite in memory, or a throwaway PostgreSQL database
// when TEST_DATABASE_URL is set), a fresh app per test (fresh rate-limit counters), a movable
// clock and an in-memory mailer.
import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { after, before, beforeEach } from 'node:test';
import { fileURLToPath } from 'node:url';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { CampaignWriteReply, CreateBrandReply, JoinReply, ProductWriteReply } from 'contract';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp, type App } from '../app.js';
import {
  defaultRateLimits,
  defaultStorageQuota,
  type AppConfig,
  type RateLimits,
} from '../config.js';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase, pgliteHandle, type DatabaseHandle } from '../db/client.js';
import { migrationsFolder } from '../db/migrate.js';
import { loggerOptions } from '../lib/logging.js';
import { UNHANDLED_ERROR } from '../plugins/errors.js';
import { hashPassword } from '../lib/password.js';
import { memoryMailer, type OtpMail } from '../mail/mailer.js';
import { grantRole, listRoles } from '../features/roles/repository.js';
import { effectiveActiveRole, type RoleCode } from '../features/roles/roles.js';
import { createUser } from '../features/users/repository.js';

export interface TestDatabase {
  handle: DatabaseHandle;
  /** Empties every table between tests. */
  truncate(): Promise<void>;
  /** Closes the connection and drops the throwaway database. */
  dispose(): Promise<void>;
}

export async function openTestDatabase(): Promise<TestDatabase> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  let dispose: () => Promise<void>;
  let handle: DatabaseHandle;
  if (baseUrl) {
    const name = `test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    handle = await openDatabase({ databaseUrl: url.toString() });
    dispose = async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: baseUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    };
  } else {
    handle = await openPgliteFromSnapshot();
    dispose = () => handle.close();
  }
  await handle.migrate();
  return {
    handle,
    truncate: async () => {
      await handle.db.execute(
        sql`truncate users, user_roles, sessions, refresh_tokens, otp_codes, uploads, brands, products, campaigns, campaign_products, campaign_joins, share_links, clicks, api_keys, conversions, rewards, link_impressions, click_rollups, conversion_rollups, visitor_sketches, campaign_visitor_sketches, raw_clicks_horizon, audit_log restart identity cascade`,
      );
    },
    dispose,
  };
}

/**
 * A fresh in-memory PGlite, started from a snapshot of a freshly migrated database kept in the
 * OS temp dir (keyed by the migrations and PGlite version). Loading the snapshot takes well under
 * a second where initdb + migrations take several: it is what keeps each test file quick.
 */
async function openPgliteFromSnapshot(): Promise<DatabaseHandle> {
  const key = createHash('sha256');
  // The installed PGlite build (its data directory format must match the snapshot's).
  const pgliteMain = statSync(fileURLToPath(import.meta.resolve('@electric-sql/pglite')));
  key.update(`${pgliteMain.size}:${pgliteMain.mtimeMs}`);
  for (const file of readdirSync(migrationsFolder)
    .filter((name) => name.endsWith('.sql'))
    .sort()) {
    key.update(file).update(readFileSync(path.join(migrationsFolder, file)));
  }
  const snapshot = path.join(tmpdir(), `server-test-pglite-${key.digest('hex').slice(0, 16)}.tar`);
  if (existsSync(snapshot)) {
    try {
      return pgliteHandle(await PGlite.create({ loadDataDir: new Blob([readFileSync(snapshot)]) }));
    } catch {
      // Unreadable or partial snapshot: rebuild it below.
    }
  }
  const client = await PGlite.create();
  const handle = pgliteHandle(client);
  await handle.migrate();
  const dump = await client.dumpDataDir('none');
  // Write-then-rename, so concurrent test processes never read a half-written snapshot.
  const partial = `${snapshot}.${process.pid}.tmp`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, snapshot);
  return handle;
}

export interface FakeClock {
  (): Date;
  advance(ms: number): void;
}

export function fakeClock(start = new Date('2030-01-01T12:00:00Z')): FakeClock {
  let now = start.getTime();
  const clock = (() => new Date(now)) as FakeClock;
  clock.advance = (ms) => {
    now += ms;
  };
  return clock;
}

const GENEROUS = { max: 10_000, windowMs: 60_000 };

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'server-test-'));
  const rateLimits: RateLimits = Object.fromEntries(
    Object.keys(defaultRateLimits()).map((name) => [name, GENEROUS]),
  ) as unknown as RateLimits;
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: undefined,
    databaseReadUrl: undefined,
    clickRetentionMonths: undefined,
    dbPoolMax: 10,
    smtpUrl: undefined,
    mailFrom: 'test@localhost',
    jwtSecret: 'test-secret-test-secret-test-secret-0123456789',
    publicUrl: 'http://localhost:8000',
    remotesManifest: undefined,
    staticDir: path.join(dataDir, 'no-shell'),
    corsOrigins: ['http://localhost:8003'],
    rateLimits,
    storageQuota: defaultStorageQuota(),
    // The services suite (.ci/run) keeps counters in Redis; a prefix per app keeps each test's
    // counters fresh, as the in-memory store does.
    redisUrl: process.env.TEST_REDIS_URL,
    redisPrefix: `test-${randomBytes(6).toString('hex')}:`,
    // Generous: a suite on a crowded machine lags more than production's 50 ms, and a late reply
    // would read as Redis down (limits let through). The slow-Redis test sets its own.
    redisTimeoutMs: 1000,
    bodyLimit: 100 * 1024,
    logLevel: 'silent',
    trustProxy: false,
    clickFlushMs: 60_000,
    clickBatchSize: 500,
    sdkScriptFile: path.join(dataDir, 'no-sdk', 'v1.js'),
    webhookRetrySchedule: [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000],
    webhooksAllowPrivateUrls: false,
    webhookSecretOverlapHours: 24,
    // Nothing listens there: a test that calls Stripe's API starts its own stand-in.
    stripeApiBase: 'http://127.0.0.1:9',
    ...overrides,
  };
}

/**
 * The test apps' logger: silent but for a 500's cause, which goes to stderr. A test that meets an
 * unexpected 500 (the reply says only "Internal server error") then shows why.
 */
const unhandledErrorsToStderr = {
  ...loggerOptions('error'),
  stream: {
    write(line: string) {
      if (line.includes(`"msg":"${UNHANDLED_ERROR}"`)) process.stderr.write(line);
    },
  },
};

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A signed-in caller: an Actor, a TestSession or a LoggedIn all carry their bearer header. */
export interface Caller {
  auth: { authorization: string };
}

export interface CallOptions {
  /** Who calls (their bearer header); anonymous when left out. */
  as?: Caller;
  /** A JSON body. */
  body?: object;
  /** A multipart body made by multipartPayload (its content type header goes with it). */
  form?: { payload: Buffer; headers: Record<string, string> };
  headers?: Record<string, string>;
  cookies?: Record<string, string>;
}

/** A reply as the client sees it, its JSON typed as the contract's reply type the test names. */
export type CallReply<Reply> = Omit<LightMyRequestResponse, 'json'> & { json(): Reply };

export interface TestApp {
  app: App;
  clock: FakeClock;
  mail: OtpMail[];
  /**
   * Calls the API as a client would: `url` relative to /api/v1/, e.g.
   * `await t.call<BrandReply>('GET', `brand/${id}/`, { as: owner })`.
   */
  call<Reply = unknown>(
    method: HttpMethod,
    url: string,
    options?: CallOptions,
  ): Promise<CallReply<Reply>>;
}

/** The one way tests call the API (bound to an app by buildTestApp). */
async function callOn<Reply>(
  app: App,
  method: HttpMethod,
  url: string,
  { as, body, form, headers, cookies }: CallOptions = {},
): Promise<CallReply<Reply>> {
  const res = await app.inject({
    method,
    url: `/api/v1/${url}`,
    headers: { ...as?.auth, ...form?.headers, ...headers },
    ...(cookies ? { cookies } : {}),
    ...(form ? { payload: form.payload } : body ? { payload: body } : {}),
  });
  return res as CallReply<Reply>;
}

/**
 * Every app the tests build, closed after the file's tests: an app left open may hold a Redis
 * connection (TEST_REDIS_URL), which would keep the test process from exiting.
 */
const builtApps = new Set<App>();
after(async () => {
  for (const app of builtApps) await app.close();
});

export async function buildTestApp(
  db: TestDatabase,
  config: Partial<AppConfig> = {},
): Promise<TestApp> {
  const clock = fakeClock();
  const mailer = memoryMailer();
  const app = await buildApp({
    config: testConfig(config),
    database: db.handle,
    clock,
    mailer,
    logger: unhandledErrorsToStderr,
  });
  await app.ready();
  builtApps.add(app);
  return {
    app,
    clock,
    mail: mailer.sent,
    call: async <Reply = unknown>(method: HttpMethod, url: string, options?: CallOptions) => {
      const reply = await callOn<Reply>(app, method, url, options);
      // Codes are mailed after the reply (auth/otp.ts): tests read t.mail once they are.
      await app.deps.otp.settled();
      return reply;
    },
  };
}

export interface TestUser {
  id: number;
  email: string;
  password: string;
}

let counter = 0;
// scrypt is deliberately slow; hash each distinct test password once per process.
const hashes = new Map<string, Promise<string>>();
const hashOnce = (password: string): Promise<string> => {
  let hash = hashes.get(password);
  if (!hash) hashes.set(password, (hash = hashPassword(password)));
  return hash;
};
/** Inserts a user directly (faster and independent of the register endpoint). */
export async function createTestUser(
  db: TestDatabase,
  options: {
    email?: string;
    password?: string;
    roles?: RoleCode[];
    isStaff?: boolean;
    verified?: boolean;
  } = {},
): Promise<TestUser> {
  counter += 1;
  const email = options.email ?? `user${counter}@example.test`;
  const password = options.password ?? 'Password1!';
  const user = await createUser(db.handle.db, {
    email,
    username: `user${counter}`,
    passwordHash: await hashOnce(password),
    isStaff: options.isStaff ?? false,
    verifiedAt: options.verified ? new Date() : null,
  });
  if (!user) throw new Error(`test user ${email} already exists`);
  for (const role of options.roles ?? []) await grantRole(db.handle.db, user.id, role);
  return { id: user.id, email, password };
}

export interface LoggedIn {
  access: string;
  refreshCookie: string;
  auth: { authorization: string };
  body: Record<string, unknown>;
}

export async function login(
  app: App,
  user: { email: string; password: string },
): Promise<LoggedIn> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/token/',
    payload: { email: user.email, password: user.password },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const body = res.json<Record<string, unknown>>();
  const access = String(body.access);
  return {
    access,
    refreshCookie: refreshCookieOf(res),
    auth: { authorization: `Bearer ${access}` },
    body,
  };
}

export interface TestSession {
  access: string;
  auth: { authorization: string };
}

/**
 * A session for `user` minted directly (no password check), as login would start it. For tests
 * about something other than logging in: it skips scrypt, which keeps large suites fast.
 */
export async function signIn(app: App, user: { id: number }): Promise<TestSession> {
  const roles = await listRoles(app.deps.db, user.id);
  const { sessionId } = await app.deps.sessions.start(user.id, effectiveActiveRole(null, roles));
  const access = await app.deps.accessTokens.sign({ userId: user.id, sessionId });
  return { access, auth: { authorization: `Bearer ${access}` } };
}

/** A multipart/form-data body for app.inject: payload bytes and the matching headers. */
export async function multipartPayload(
  fields: Record<string, string>,
  files: Record<string, { content: Buffer; filename: string; type?: string }> = {},
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, file] of Object.entries(files)) {
    form.append(
      name,
      new Blob([new Uint8Array(file.content)], { type: file.type ?? 'application/octet-stream' }),
      file.filename,
    );
  }
  const request = new Request('http://test.invalid/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

/** The refresh_token cookie value a response sets ('' when it clears or does not set it). */
export function refreshCookieOf(res: { cookies: Array<{ name: string; value: string }> }): string {
  return res.cookies.find((c) => c.name === 'refresh_token')?.value ?? '';
}

/** A signed-in test user. */
export interface Actor {
  id: number;
  auth: { authorization: string };
}

/**
 * An API call as `who` (anonymous when undefined); `url` is relative to /api/v1/. The older
 * form of `t.call`, whose reply JSON is untyped; new tests use `t.call` with the reply's type.
 */
export function callApi(
  t: TestApp,
  method: HttpMethod,
  url: string,
  who: Actor | undefined,
  payload?: object,
) {
  return t.app.inject({
    method,
    url: `/api/v1/${url}`,
    headers: who?.auth ?? {},
    ...(payload ? { payload } : {}),
  });
}

export async function actor(
  t: TestApp,
  db: TestDatabase,
  options: Parameters<typeof createTestUser>[1] = {},
): Promise<Actor> {
  const user = await createTestUser(db, options);
  return { id: user.id, auth: (await signIn(t.app, user)).auth };
}

/**
 * The cast of the ownership tests: two brand owners with a brand each, an advocate and a staff
 * member (anonymous callers send no header).
 */
export interface BrandWorld {
  owner: Actor;
  other: Actor;
  advocate: Actor;
  staff: Actor;
  brandId: number;
  otherBrandId: number;
}

export async function createBrandAs(
  t: TestApp,
  who: Actor,
  fields: Record<string, unknown> = {},
): Promise<number> {
  const res = await t.call<CreateBrandReply>('POST', 'brand/create/', {
    as: who,
    body: { brand_name: 'Brand', ...fields },
  });
  if (res.statusCode !== 201) throw new Error(`brand/create failed: ${res.statusCode} ${res.body}`);
  return res.json().brand.id;
}

export async function brandWorld(t: TestApp, db: TestDatabase): Promise<BrandWorld> {
  const [owner, other, advocate, staff] = [
    await actor(t, db),
    await actor(t, db),
    await actor(t, db, { roles: ['advocate'] }),
    await actor(t, db, { isStaff: true }),
  ];
  const brandId = await createBrandAs(t, owner, { brand_name: 'Owner Brand' });
  const otherBrandId = await createBrandAs(t, other, { brand_name: 'Other Brand' });
  return { owner, other, advocate, staff, brandId, otherBrandId };
}

/** Minimal valid file contents for each accepted type, and an executable. */
export const SAMPLE_FILES = {
  pdf: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(200, 0x20)]),
  png: Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.alloc(200),
  ]),
  jpeg: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200)]),
  mp4: Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(200)]),
  exe: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]),
};

/** Creates a product of `brandId` as `who`; returns its id. */
export async function createProductAs(
  t: TestApp,
  who: Actor,
  brandId: number,
  fields: Record<string, unknown> = {},
): Promise<number> {
  const res = await t.call<ProductWriteReply>('POST', 'product/create/', {
    as: who,
    body: {
      name: 'Sneaker',
      price: 10,
      currency: 'USD',
      status: 'active',
      brand_id: brandId,
      product_url: 'https://shop.example/sneaker',
      ...fields,
    },
  });
  if (res.statusCode !== 201)
    throw new Error(`product/create failed: ${res.statusCode} ${res.body}`);
  return res.json().data.product.id;
}

/**
 * Creates a live campaign of `brandId` as `who` (titled and paying 10% unless `fields` say
 * otherwise: without a title or a reward it would be saved as a draft); returns its id.
 */
export async function createCampaignAs(
  t: TestApp,
  who: Actor,
  brandId: number,
  fields: Record<string, unknown> = {},
): Promise<number> {
  const res = await t.call<CampaignWriteReply>('POST', 'campaign/create/', {
    as: who,
    body: { brand: brandId, title: 'Launch', commission_value: 10, ...fields },
  });
  if (res.statusCode !== 201)
    throw new Error(`campaign/create failed: ${res.statusCode} ${res.body}`);
  return res.json().campaign.id;
}

/** Joins `campaignId` as `who`; returns the share codes by product id (null: the campaign's own link). */
export async function joinAs(
  t: TestApp,
  who: Actor,
  campaignId: number,
): Promise<Map<number | null, string>> {
  const res = await t.call<JoinReply>('POST', 'join-campaign/', {
    as: who,
    body: { id: campaignId, source: 'test' },
  });
  if (res.statusCode !== 201 && res.statusCode !== 200)
    throw new Error(`join-campaign failed: ${res.statusCode} ${res.body}`);
  const links = res.json().share_links;
  return new Map(links.map((link) => [link.product_id, link.url.split('/r/')[1]]));
}

export interface TestAppWorld {
  db: TestDatabase;
  t: TestApp;
}

/**
 * The set-up every API test file shares: one database per file, emptied before each test, and a
 * fresh app (with `config` overrides) per test. `use` receives each test's pair (assign it to the
 * file's variables: `withTestApp((world) => ({ db, t } = world))`).
 */
export function withTestApp(
  use: (world: TestAppWorld) => unknown,
  config: Partial<AppConfig> = {},
): void {
  let db: TestDatabase;
  before(async () => {
    db = await openTestDatabase();
  });
  after(() => db.dispose());
  beforeEach(async () => {
    await db.truncate();
    await use({ db, t: await buildTestApp(db, config) });
  });
}

export interface TestWorld extends TestAppWorld {
  w: BrandWorld;
}

/** withTestApp plus a brand world (two owners with a brand each, an advocate, a staff member). */
export function withBrandWorld(
  use: (world: TestWorld) => void,
  config: Partial<AppConfig> = {},
): void {
  withTestApp(async ({ db, t }) => use({ db, t, w: await brandWorld(t, db) }), config);
}

// Environment → validated, typed configuration. Everything the server reads from the environment
// goes through here, so a bad value fails at start with a clear message instead of at first use.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseDurationList } from './lib/durations.js';
import { proxyTrust, type TrustProxy } from './lib/client-address.js';
import { REDIS_COMMAND_TIMEOUT_MS } from './lib/redis-client.js';

/** One fixed-window limit: at most `max` requests per `windowMs`. */
export interface RateLimitRule {
  max: number;
  windowMs: number;
}

/** Limits for the credential-guessing and mail-sending endpoints. */
export interface RateLimits {
  /** POST token/ per client IP. */
  loginPerIp: RateLimitRule;
  /** POST token/ per client IP and email: the brute-force guard for one account. */
  loginPerIpEmail: RateLimitRule;
  /** POST user/register/ per client IP. */
  registerPerIp: RateLimitRule;
  /** auth/* (OTP send/verify, forgot/reset password) per client IP. */
  otpPerIp: RateLimitRule;
  /** auth/* per email, whatever the IP: limits mail bombing and code guessing for one account. */
  otpPerEmail: RateLimitRule;
  /** sdk-log-conversion/ with a publishable key, per client IP (a shop's visitor: 60 a minute). */
  conversionPerIp: RateLimitRule;
  /** sdk-log-conversion/ per publishable key (a shop's whole traffic: 6,000 an hour). */
  conversionPerKey: RateLimitRule;
  /** Requests carrying a file (multipart forms), per signed-in user: 30 a minute. */
  uploadPerUser: RateLimitRule;
  /**
   * Mail a user makes the product send to an address they typed (lib/mail-limits.ts), per
   * recipient address, whoever sends it and whatever the kind: 5 a day.
   */
  mailPerRecipient: RateLimitRule;
  /** Team invitations per brand: 20 an hour. */
  invitePerBrand: RateLimitRule;
  /** Team invitations per inviter, over all their brands: 30 an hour. */
  invitePerSender: RateLimitRule;
  /** Bulk advocate invitations (up to 500 addresses each) per brand: 10 batches a day. */
  programInvitePerBrand: RateLimitRule;
  /** Bulk advocate invitations per sender, over all their brands: 20 batches a day. */
  programInvitePerSender: RateLimitRule;
}

/**
 * Bytes of uploaded files one user and one brand may keep (features/files/quota.ts). A user's
 * count is every file they uploaded that is still stored, for any brand; a brand's is the files
 * its rows refer to (its registration document and its campaigns' videos), whoever uploaded them.
 */
export interface StorageQuota {
  perUserBytes: number;
  perBrandBytes: number;
}

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** postgres://… to use a PostgreSQL server; undefined → embedded PGlite under dataDir. */
  databaseUrl: string | undefined;
  /**
   * postgres://… of a read replica (DATABASE_READ_URL): statistics and lists that are pure reads
   * use it; writes, and reads that must see the caller's own last write, stay on databaseUrl.
   * Undefined → everything on databaseUrl. Needs databaseUrl (PGlite has no replica).
   */
  databaseReadUrl: string | undefined;
  /**
   * CLICK_RETENTION_MONTHS: raw clicks of the current month and of this many whole months before
   * it are kept, older months dropped (whole partitions; rollups, hence statistics, are kept
   * forever). Undefined → raw clicks kept forever.
   */
  clickRetentionMonths: number | undefined;
  /**
   * Connections in the PostgreSQL pool. A conversion holds one per statement (no transaction);
   * on a 2-core host 10 beat 20 and 30 on both conversions benches (fewer backends to schedule).
   */
  dbPoolMax: number;
  smtpUrl: string | undefined;
  /** Mail sender address used for OTP mails. */
  mailFrom: string;
  jwtSecret: string;
  /** Public origin of the product (share links, Secure cookies when https). */
  /** Origin (and path) of share links and of the product's pages; never taken from a request. */
  publicUrl: string;
  /** Path to a JSON file, or inline JSON, served as /remotes.json. */
  remotesManifest: string | undefined;
  /** Built shell to serve; skipped when the directory does not exist. */
  staticDir: string;
  /** Origins allowed to call the API with credentials (standalone remotes in development). */
  corsOrigins: string[];
  rateLimits: RateLimits;
  /** UPLOAD_QUOTA_USER_MB / UPLOAD_QUOTA_BRAND_MB: storage each user and each brand may use. */
  storageQuota: StorageQuota;
  /**
   * redis://… to keep rate-limit counters in Redis, shared by every instance behind a load
   * balancer; undefined → in memory, per instance.
   */
  redisUrl: string | undefined;
  /** Prefix of this deployment's Redis keys (deployments sharing one Redis keep apart). */
  redisPrefix: string;
  /**
   * REDIS_TIMEOUT_MS: the longest a request waits for a Redis reply before taking the fallback of
   * a Redis that is down (lib/redis-client.ts). Default 50.
   */
  redisTimeoutMs: number;
  /** Largest accepted request body in bytes (JSON endpoints). */
  bodyLimit: number;
  logLevel: string;
  /**
   * TRUST_PROXY: the proxies in front of the server whose X-Forwarded-For hops are believed (the
   * client IP of rate limits, logs and the one-hour click rule): false (none), a hop count, or
   * the proxies' addresses. See lib/client-address.ts.
   */
  trustProxy: TrustProxy;
  /** Share-link clicks are buffered in memory and written at least this often (ms). */
  clickFlushMs: number;
  /**
   * …or as soon as this many clicks are waiting. Big batches: every write is a transaction, and
   * on PGlite its file system work costs as much as the rows.
   */
  clickBatchSize: number;
  /** The browser SDK build served at /sdk/v1.js. */
  sdkScriptFile: string;
  /**
   * WEBHOOK_RETRY_SCHEDULE: the wait before each retry of a webhook delivery, in ms (the first
   * attempt is immediate; after the last retry the delivery is failed).
   */
  webhookRetrySchedule: number[];
  /**
   * WEBHOOKS_ALLOW_PRIVATE_URLS=true: webhooks may target loopback, private and link-local
   * addresses (local development and tests). Off by default: a brand must not reach the
   * server's own network through a webhook.
   */
  webhooksAllowPrivateUrls: boolean;
  /**
   * WEBHOOK_SECRET_OVERLAP_HOURS: after a rotation, deliveries carry a signature with the old
   * secret beside the new one for this long (0: the old one stops at once). Default 24.
   */
  webhookSecretOverlapHours: number;
  /**
   * STRIPE_API_BASE: where the official stripe package sends the API calls of brands connected
   * with a restricted key (an origin: protocol, host, port). Default Stripe's own; tests point it
   * at a local server answering in Stripe's shapes.
   */
  stripeApiBase: string;
}

/** The default WEBHOOK_RETRY_SCHEDULE: 8 attempts over about 28 hours. */
export const DEFAULT_WEBHOOK_RETRY_SCHEDULE = '5s,5m,30m,2h,5h,10h,10h';

function webhookRetrySchedule(env: NodeJS.ProcessEnv): number[] {
  const raw = optional(env, 'WEBHOOK_RETRY_SCHEDULE') ?? DEFAULT_WEBHOOK_RETRY_SCHEDULE;
  try {
    return parseDurationList(raw);
  } catch (error) {
    throw new ConfigError(`WEBHOOK_RETRY_SCHEDULE: ${(error as Error).message}`);
  }
}

/** An http(s) origin setting (a provider's API base), without a path: the packages take an origin. */
function apiBase(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const raw = optional(env, name) ?? fallback;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be a URL such as ${fallback}, got "${raw}"`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.pathname !== '/' || url.search)
    throw new ConfigError(`${name} must be an http(s) origin such as ${fallback}, got "${raw}"`);
  return url.origin;
}

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export class ConfigError extends Error {}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    throw new ConfigError(`${name} must be an integer >= ${min}, got "${raw}"`);
  }
  return value;
}

function optional(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw ? raw : undefined;
}

function rule(env: NodeJS.ProcessEnv, name: string, max: number, windowMs = 60_000): RateLimitRule {
  return {
    max: int(env, `RATE_LIMIT_${name}`, max, 1),
    windowMs: int(env, 'RATE_LIMIT_WINDOW_MS', windowMs, 1),
  };
}

/** Reads DATA_DIR/jwt-secret, creating it on first start so tokens survive restarts. */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

/**
 * TRUST_PROXY: unset, 'false' or '0' → no proxy; a positive integer → that many proxies; else a
 * comma-separated list of the proxies' addresses or CIDR ranges. 'true' is refused: it believed
 * every hop, so a client's own X-Forwarded-For chose its address.
 */
function trustProxySetting(env: NodeJS.ProcessEnv): TrustProxy {
  const raw = optional(env, 'TRUST_PROXY')?.toLowerCase();
  if (raw === undefined || raw === 'false' || raw === 'no' || raw === '0') return false;
  if (raw === 'true' || raw === 'yes') {
    throw new ConfigError(
      'TRUST_PROXY=true would believe every X-Forwarded-For hop, which a client can forge: give the number of proxies in front of the server (1 behind one load balancer) or their addresses (e.g. 10.0.0.5,10.0.0.6)',
    );
  }
  if (/^[0-9]+$/.test(raw)) return Number(raw);
  const addresses = raw.split(',').map((address) => address.trim());
  try {
    proxyTrust(addresses);
  } catch (error) {
    throw new ConfigError(
      `TRUST_PROXY must be a number of proxies or a list of their addresses: ${(error as Error).message}`,
    );
  }
  return addresses;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export function defaultRateLimits(env: NodeJS.ProcessEnv = {}): RateLimits {
  return {
    loginPerIp: rule(env, 'LOGIN_PER_IP', 60),
    loginPerIpEmail: rule(env, 'LOGIN_PER_IP_EMAIL', 10),
    registerPerIp: rule(env, 'REGISTER_PER_IP', 20),
    otpPerIp: rule(env, 'OTP_PER_IP', 30),
    otpPerEmail: rule(env, 'OTP_PER_EMAIL', 10),
    // Own windows: RATE_LIMIT_WINDOW_MS (the auth limits' window) does not turn an hour into a minute.
    conversionPerIp: { max: int(env, 'RATE_LIMIT_CONVERSION_PER_IP', 60, 1), windowMs: 60_000 },
    conversionPerKey: {
      max: int(env, 'RATE_LIMIT_CONVERSION_PER_KEY', 6000, 1),
      windowMs: 3_600_000,
    },
    // A person attaches a few files a minute; 30 leaves room for retries and bulk edits and holds
    // a script to one file every two seconds.
    uploadPerUser: { max: int(env, 'RATE_LIMIT_UPLOAD_PER_USER', 30, 1), windowMs: 60_000 },
    // An address gets an invitation, a corrected one and a few from other brands in a day; a
    // victim of someone's script gets at most five a day, however many accounts and brands send.
    mailPerRecipient: { max: int(env, 'RATE_LIMIT_MAIL_PER_RECIPIENT', 5, 1), windowMs: DAY_MS },
    // A team rarely grows by more than a few people in an hour. Per inviter as well, so creating
    // brands buys no more mail.
    invitePerBrand: { max: int(env, 'RATE_LIMIT_INVITE_PER_BRAND', 20, 1), windowMs: HOUR_MS },
    invitePerSender: { max: int(env, 'RATE_LIMIT_INVITE_PER_SENDER', 30, 1), windowMs: HOUR_MS },
    // A brand imports its list of partners now and then, not all day: 10 batches of at most 500
    // addresses a day is 5,000 mails, and every address still gets at most 5 mails a day.
    programInvitePerBrand: {
      max: int(env, 'RATE_LIMIT_PROGRAM_INVITE_PER_BRAND', 10, 1),
      windowMs: DAY_MS,
    },
    programInvitePerSender: {
      max: int(env, 'RATE_LIMIT_PROGRAM_INVITE_PER_SENDER', 20, 1),
      windowMs: DAY_MS,
    },
  };
}

const MB = 1024 * 1024;

/**
 * Brand: 500 MB holds ten campaigns with a video at the 50 MB limit, plus its documents. User:
 * 1 GB, counted over every brand the user uploads for, so an owner can fill their brand's quota
 * on their own and start a second brand, while one account cannot fill a disk by creating brands
 * (an advocate's profile picture, at most 2 MB, is far below either).
 */
export function defaultStorageQuota(env: NodeJS.ProcessEnv = {}): StorageQuota {
  return {
    perUserBytes: int(env, 'UPLOAD_QUOTA_USER_MB', 1024, 1) * MB,
    perBrandBytes: int(env, 'UPLOAD_QUOTA_BRAND_MB', 500, 1) * MB,
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const dataDir = path.resolve(optional(env, 'DATA_DIR') ?? './.data');
  const databaseUrl = optional(env, 'DATABASE_URL');
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  }
  const databaseReadUrl = optional(env, 'DATABASE_READ_URL');
  if (databaseReadUrl && !/^postgres(ql)?:\/\//.test(databaseReadUrl)) {
    throw new ConfigError('DATABASE_READ_URL must start with postgres:// or postgresql://');
  }
  if (databaseReadUrl && !databaseUrl) {
    throw new ConfigError(
      'DATABASE_READ_URL needs DATABASE_URL: it names a replica of that PostgreSQL database (the embedded PGlite has none)',
    );
  }
  const jwtSecret = optional(env, 'JWT_SECRET') ?? persistentSecret(dataDir);
  if (jwtSecret.length < 32) throw new ConfigError('JWT_SECRET must be at least 32 characters');
  const port = int(env, 'PORT', 8000);
  // Share links must not be built from a request's Host header, which the caller chooses.
  const publicUrl = optional(env, 'PUBLIC_URL') ?? `http://localhost:${port}`;
  if (!/^https?:\/\//.test(publicUrl)) {
    throw new ConfigError('PUBLIC_URL must start with http:// or https://');
  }
  const redisUrl = optional(env, 'REDIS_URL');
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl)) {
    throw new ConfigError('REDIS_URL must start with redis:// or rediss://');
  }
  // Only the standalone remotes (development) call the API from another origin; in the product
  // they run inside the shell's page. So by default a deployment with a PUBLIC_URL admits its own
  // origin only, and the local development ports are admitted only when the product runs locally.
  const local = /^https?:\/\/(localhost|127\.0\.0\.1)(:\d+)?(\/|$)/.test(publicUrl);
  const defaultOrigins = local
    ? [8000, 8001, 8002, 8003, 8004].flatMap((port) => [
        `http://localhost:${port}`,
        `http://127.0.0.1:${port}`,
      ])
    : [new URL(publicUrl).origin];
  return {
    port,
    host: optional(env, 'HOST') ?? '127.0.0.1',
    dataDir,
    databaseUrl,
    databaseReadUrl,
    clickRetentionMonths: optional(env, 'CLICK_RETENTION_MONTHS')
      ? int(env, 'CLICK_RETENTION_MONTHS', 0, 1)
      : undefined,
    dbPoolMax: int(env, 'DB_POOL_MAX', 10, 1),
    smtpUrl: optional(env, 'SMTP_URL'),
    mailFrom: optional(env, 'MAIL_FROM') ?? 'Advocate Marketplace <no-reply@localhost>',
    jwtSecret,
    publicUrl,
    remotesManifest: optional(env, 'REMOTES_MANIFEST'),
    staticDir: path.resolve(optional(env, 'STATIC_DIR') ?? path.join(serverDir, '../shell/dist')),
    corsOrigins:
      optional(env, 'CORS_ORIGINS')
        ?.split(',')
        .map((origin) => origin.trim()) ?? defaultOrigins,
    rateLimits: defaultRateLimits(env),
    storageQuota: defaultStorageQuota(env),
    redisUrl,
    redisPrefix: optional(env, 'REDIS_PREFIX') ?? 'advocate-marketplace:',
    redisTimeoutMs: int(env, 'REDIS_TIMEOUT_MS', REDIS_COMMAND_TIMEOUT_MS, 1),
    bodyLimit: int(env, 'BODY_LIMIT', 100 * 1024, 1024),
    logLevel: optional(env, 'LOG_LEVEL') ?? 'info',
    trustProxy: trustProxySetting(env),
    clickFlushMs: int(env, 'CLICK_FLUSH_MS', 1000, 10),
    clickBatchSize: int(env, 'CLICK_BATCH_SIZE', 50_000, 1),
    sdkScriptFile: path.resolve(
      optional(env, 'SDK_SCRIPT_FILE') ?? path.join(serverDir, '../sdk/dist/v1.js'),
    ),
    webhookRetrySchedule: webhookRetrySchedule(env),
    webhooksAllowPrivateUrls: optional(env, 'WEBHOOKS_ALLOW_PRIVATE_URLS') === 'true',
    webhookSecretOverlapHours: int(env, 'WEBHOOK_SECRET_OVERLAP_HOURS', 24),
    stripeApiBase: apiBase(env, 'STRIPE_API_BASE', 'https://api.stripe.com'),
  };
}

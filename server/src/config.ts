// Environment → validated, typed configuration. Everything the server reads from the environment
// goes through here, so a bad value fails at start with a clear message instead of at first use.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
  /**
   * redis://… to keep rate-limit counters in Redis, shared by every instance behind a load
   * balancer; undefined → in memory, per instance.
   */
  redisUrl: string | undefined;
  /** Prefix of this deployment's Redis keys (deployments sharing one Redis keep apart). */
  redisPrefix: string;
  /** Largest accepted request body in bytes (JSON endpoints). */
  bodyLimit: number;
  logLevel: string;
  /** Behind a reverse proxy: take the client IP (rate limits, logs) from X-Forwarded-For. */
  trustProxy: boolean;
  /** Share-link clicks are buffered in memory and written at least this often (ms). */
  clickFlushMs: number;
  /**
   * …or as soon as this many clicks are waiting. Big batches: every write is a transaction, and
   * on PGlite its file system work costs as much as the rows.
   */
  clickBatchSize: number;
  /** The browser SDK build served at /sdk/v1.js. */
  sdkScriptFile: string;
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

export function defaultRateLimits(env: NodeJS.ProcessEnv = {}): RateLimits {
  return {
    loginPerIp: rule(env, 'LOGIN_PER_IP', 60),
    loginPerIpEmail: rule(env, 'LOGIN_PER_IP_EMAIL', 10),
    registerPerIp: rule(env, 'REGISTER_PER_IP', 20),
    otpPerIp: rule(env, 'OTP_PER_IP', 30),
    otpPerEmail: rule(env, 'OTP_PER_EMAIL', 10),
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
    redisUrl,
    redisPrefix: optional(env, 'REDIS_PREFIX') ?? 'advocate-marketplace:',
    bodyLimit: int(env, 'BODY_LIMIT', 100 * 1024, 1024),
    logLevel: optional(env, 'LOG_LEVEL') ?? 'info',
    trustProxy: ['1', 'true', 'yes'].includes(optional(env, 'TRUST_PROXY')?.toLowerCase() ?? ''),
    clickFlushMs: int(env, 'CLICK_FLUSH_MS', 1000, 10),
    clickBatchSize: int(env, 'CLICK_BATCH_SIZE', 50_000, 1),
    sdkScriptFile: path.resolve(
      optional(env, 'SDK_SCRIPT_FILE') ?? path.join(serverDir, '../sdk/dist/v1.js'),
    ),
  };
}

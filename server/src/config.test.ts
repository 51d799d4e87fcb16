import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from './config.js';

const tempDir = () => mkdtempSync(path.join(tmpdir(), 'config-test-'));

describe('loadConfig', () => {
  it('has safe defaults and persists a generated JWT secret in DATA_DIR', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    assert.equal(config.port, 8000);
    assert.equal(config.host, '127.0.0.1');
    assert.equal(config.databaseUrl, undefined);
    assert.equal(config.rateLimits.loginPerIpEmail.max, 10);
    assert.ok(config.jwtSecret.length >= 32);
    assert.equal(readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8').trim(), config.jwtSecret);
    assert.equal(
      loadConfig({ DATA_DIR: dataDir }).jwtSecret,
      config.jwtSecret,
      'stable across restarts',
    );
    assert.match(config.staticDir, /shell[/\\]dist$/);
  });

  it('admits the local development origins only while the product runs locally', () => {
    const local = loadConfig({ DATA_DIR: tempDir() });
    assert.ok(local.corsOrigins.includes('http://localhost:8003'));
    const deployed = loadConfig({ DATA_DIR: tempDir(), PUBLIC_URL: 'https://shop.example.com/' });
    assert.deepEqual(deployed.corsOrigins, ['https://shop.example.com']);
    assert.equal(
      loadConfig({ DATA_DIR: tempDir(), PORT: '9000' }).publicUrl,
      'http://localhost:9000',
    );
    const listed = loadConfig({
      DATA_DIR: tempDir(),
      PUBLIC_URL: 'https://shop.example.com',
      CORS_ORIGINS: 'https://a.example, https://b.example',
    });
    assert.deepEqual(listed.corsOrigins, ['https://a.example', 'https://b.example']);
  });

  it('reads overrides, including rate limits', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      PORT: '9000',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u@h/db',
      JWT_SECRET: 'x'.repeat(40),
      RATE_LIMIT_LOGIN_PER_IP_EMAIL: '3',
      RATE_LIMIT_WINDOW_MS: '1000',
      RATE_LIMIT_CONVERSION_PER_IP: '120',
      RATE_LIMIT_UPLOAD_PER_USER: '5',
      UPLOAD_QUOTA_BRAND_MB: '200',
      TRUST_PROXY: '1',
    });
    assert.equal(config.port, 9000);
    assert.equal(config.host, '0.0.0.0');
    assert.equal(config.databaseUrl, 'postgres://u@h/db');
    assert.deepEqual(config.rateLimits.loginPerIpEmail, { max: 3, windowMs: 1000 });
    // The publishable-key limits keep their own windows (a minute, an hour).
    assert.deepEqual(config.rateLimits.conversionPerIp, { max: 120, windowMs: 60_000 });
    assert.deepEqual(config.rateLimits.conversionPerKey, { max: 6000, windowMs: 3_600_000 });
    assert.deepEqual(config.rateLimits.uploadPerUser, { max: 5, windowMs: 60_000 });
    // Quotas are set in MB; the user's keeps its default.
    assert.deepEqual(config.storageQuota, {
      perUserBytes: 1024 * 1024 * 1024,
      perBrandBytes: 200 * 1024 * 1024,
    });
    assert.equal(config.trustProxy, 1);
  });

  it('TRUST_PROXY: a hop count or the proxies\' addresses, never "believe every hop"', () => {
    const dataDir = tempDir();
    const trust = (value: string | undefined) =>
      loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: value }).trustProxy;
    assert.equal(trust(undefined), false);
    assert.equal(trust('false'), false);
    assert.equal(trust('0'), false);
    assert.equal(trust('2'), 2);
    assert.deepEqual(trust('10.0.0.5, 10.1.0.0/16'), ['10.0.0.5', '10.1.0.0/16']);
    // 'true' took the left-most X-Forwarded-For address, which the client writes.
    assert.throws(() => trust('true'), /number of proxies/);
    assert.throws(() => trust('yes'), ConfigError);
    assert.throws(() => trust('not-an-address'), ConfigError);
  });

  it('WEBHOOK_SECRET_OVERLAP_HOURS: how long a rotated-out secret still signs (default 24)', () => {
    const dataDir = tempDir();
    assert.equal(loadConfig({ DATA_DIR: dataDir }).webhookSecretOverlapHours, 24);
    const overlap = (value: string) =>
      loadConfig({ DATA_DIR: dataDir, WEBHOOK_SECRET_OVERLAP_HOURS: value })
        .webhookSecretOverlapHours;
    assert.equal(overlap('72'), 72);
    assert.equal(overlap('0'), 0, 'the old secret stops at once');
    assert.throws(() => overlap('-1'), /WEBHOOK_SECRET_OVERLAP_HOURS/);
    assert.throws(() => overlap('a day'), ConfigError);
  });

  it('fails fast on invalid values', () => {
    const dataDir = tempDir();
    assert.throws(() => loadConfig({ DATA_DIR: dataDir, PORT: 'eighty' }), ConfigError);
    assert.throws(() => loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'mysql://x' }), ConfigError);
    assert.throws(() => loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'short' }), ConfigError);
    assert.throws(() => loadConfig({ DATA_DIR: dataDir, RATE_LIMIT_OTP_PER_IP: '0' }), ConfigError);
    assert.throws(
      () => loadConfig({ DATA_DIR: dataDir, REDIS_URL: 'localhost:6379' }),
      ConfigError,
    );
  });

  it('reads the replica URL and the raw click retention, refusing values that cannot work', () => {
    const dataDir = tempDir();
    const defaults = loadConfig({ DATA_DIR: dataDir });
    assert.equal(defaults.databaseReadUrl, undefined, 'no replica: reads go to the primary');
    assert.equal(defaults.clickRetentionMonths, undefined, 'raw clicks kept forever');
    const set = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: 'postgres://u@primary/db',
      DATABASE_READ_URL: 'postgresql://u@replica/db',
      CLICK_RETENTION_MONTHS: '13',
    });
    assert.equal(set.databaseReadUrl, 'postgresql://u@replica/db');
    assert.equal(set.clickRetentionMonths, 13);
    const error = (env: Record<string, string>) => {
      try {
        loadConfig({ DATA_DIR: dataDir, ...env });
      } catch (err) {
        assert.ok(err instanceof ConfigError);
        return err.message;
      }
      assert.fail('expected a ConfigError');
    };
    assert.equal(
      error({ DATABASE_URL: 'postgres://u@primary/db', DATABASE_READ_URL: 'replica:5432' }),
      'DATABASE_READ_URL must start with postgres:// or postgresql://',
    );
    assert.match(error({ DATABASE_READ_URL: 'postgres://u@replica/db' }), /^DATABASE_READ_URL needs DATABASE_URL/);
    assert.equal(
      error({ CLICK_RETENTION_MONTHS: '0' }),
      'CLICK_RETENTION_MONTHS must be an integer >= 1, got "0"',
    );
    assert.equal(
      error({ CLICK_RETENTION_MONTHS: 'a year' }),
      'CLICK_RETENTION_MONTHS must be an integer >= 1, got "a year"',
    );
  });
});

import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../config.js';
import { formatDuration, parseDurationList } from './durations.js';

describe('durations and WEBHOOK_RETRY_SCHEDULE', () => {
  it('parses the default schedule and any list of whole durations', () => {
    assert.deepEqual(
      parseDurationList('5s,5m,30m,2h,5h,10h,10h'),
      [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000],
    );
    assert.deepEqual(parseDurationList(' 250ms, 1d '), [250, 86_400_000]);
    assert.equal(formatDuration(1_800_000), '30m');
  });

  it('the setting: default, custom, and a clear error naming the bad entry', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'durations-'));
    assert.equal(loadConfig({ DATA_DIR: dir }).webhookRetrySchedule.length, 7);
    assert.deepEqual(
      loadConfig({ DATA_DIR: dir, WEBHOOK_RETRY_SCHEDULE: '1s,2s' }).webhookRetrySchedule,
      [1_000, 2_000],
    );
    assert.equal(loadConfig({ DATA_DIR: dir }).webhooksAllowPrivateUrls, false);
    assert.equal(
      loadConfig({ DATA_DIR: dir, WEBHOOKS_ALLOW_PRIVATE_URLS: 'true' }).webhooksAllowPrivateUrls,
      true,
    );
    for (const bad of ['5x', '5s,,5m', '-5s', '0s', '1.5h'])
      assert.throws(
        () => loadConfig({ DATA_DIR: dir, WEBHOOK_RETRY_SCHEDULE: bad }),
        (error: unknown) =>
          error instanceof ConfigError && /^WEBHOOK_RETRY_SCHEDULE: "/.test(error.message),
        bad,
      );
  });
});

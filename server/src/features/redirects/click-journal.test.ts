// The click journal: what a crashed process answered but had not stored is stored by the next
// start, exactly once (rollups included), and a clean stop leaves nothing to replay.
import assert from 'node:assert/strict';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { clicks as clicksTable } from '../../db/schema.js';
import {
  buildTestApp,
  callApi,
  createCampaignAs,
  createProductAs,
  joinAs,
  type BrandWorld,
  type TestApp,
  type TestDatabase,
  withBrandWorld,
} from '../../test/helpers.js';
import { ClickBuffer } from './click-buffer.js';
import { decodeClicks, encodeClicks } from './click-codec.js';
import { ClickJournal } from './click-journal.js';
import type { Click } from './click-store.js';

let db: TestDatabase;
let t: TestApp;
let w: BrandWorld;
withBrandWorld((world) => ({ db, t, w } = world));

const click = (n: number, fields: Partial<Click> = {}): Click => ({
  clickId: `0000000${n}AAAAAAAAAAAAAAAA`,
  createdAt: new Date(Date.UTC(2030, 0, 1, 12, 0, n)),
  linkId: 1,
  campaignId: 2,
  productId: 3,
  advocateId: 4,
  brandId: 5,
  source: 'social',
  referrerHost: 'www.instagram.com',
  device: 'mobile',
  visitorHash: 'ab'.repeat(16),
  ...fields,
});

describe('ClickJournal', () => {
  it("gives a crashed process's clicks, sealed or not, to the next start, then forgets them", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'journal-'));
    const crashed = new ClickJournal(dir);
    const written = [
      click(1),
      click(2, { productId: null, referrerHost: null, source: 'direct' }),
      click(3, { referrerHost: 'odd\\host\twith\nescapes' }),
    ];
    crashed.write(encodeClicks(written.slice(0, 2)));
    crashed.seal();
    crashed.write(encodeClicks(written.slice(2)));
    // The process dies here (no close()).

    const next = new ClickJournal(dir);
    const replayed: Click[] = [];
    assert.equal(await next.replay(async (batch) => replayed.push(...batch)), 3);
    assert.deepEqual(replayed, written);
    assert.equal(await new ClickJournal(dir).replay(async () => assert.fail('replayed twice')), 0);
  });

  it('skips a click cut short by the crash (its visitor never got an answer)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'journal-'));
    const journal = new ClickJournal(dir);
    journal.write(encodeClicks([click(1)]));
    journal.close(false);
    const [segment] = readdirSync(dir);
    const file = path.join(dir, segment!);
    const first = readFileSync(file);
    const second = encodeClicks([click(2)]);
    // A cut anywhere in the second click's bytes: the first click alone comes back.
    for (let cut = 1; cut < second.length; cut++) {
      writeFileSync(file, Buffer.concat([first, second.subarray(0, cut)]));
      assert.deepEqual(decodeClicks(readFileSync(file)), [click(1)], `cut at byte ${cut}`);
    }
    const replayed: Click[] = [];
    await new ClickJournal(dir).replay(async (batch) => replayed.push(...batch));
    assert.deepEqual(replayed, [click(1)]);
  });

  it('keeps segments until their clicks are stored, and removes them after', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'journal-'));
    const journal = new ClickJournal(dir);
    journal.write(encodeClicks([click(1)]));
    const first = journal.seal();
    journal.write(encodeClicks([click(2)]));
    const second = journal.seal();
    assert.equal(readdirSync(dir).length, 3);
    journal.release(first);
    assert.equal(readdirSync(dir).length, 2);
    journal.release(second);
    journal.close(true);
    assert.deepEqual(readdirSync(dir), []);
  });
});

describe('a journal that cannot write (a full disk)', () => {
  it('says so, answers its clicks as not journaled, and writes again once space returns', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'journal-'));
    let space = Infinity;
    const errors: unknown[] = [];
    // A disk with `space` bytes left: a write gets what fits, then ENOSPC.
    const journal = new ClickJournal(
      dir,
      (err) => errors.push(err),
      (fd, data) => {
        if (space === 0)
          throw Object.assign(new Error('ENOSPC: no space left on device, write'), {
            code: 'ENOSPC',
          });
        const fits = Math.min(space, data.length);
        space -= fits;
        return writeSync(fd, data.subarray(0, fits));
      },
    );
    const buffer = new ClickBuffer(
      async () => {},
      { error() {} },
      {
        flushMs: 60_000,
        batchSize: 1000,
        journal,
      },
    );
    const answered = async (c: Click) => {
      buffer.add(c);
      return new Promise<boolean>((resolve) => buffer.whenJournaled(resolve));
    };
    try {
      assert.equal(await answered(click(1)), true);
      space = encodeClicks([click(2)]).length - 3; // room for part of the next click only
      assert.equal(await answered(click(2)), false);
      assert.equal(await answered(click(3)), false);
      assert.deepEqual(buffer.journalHealth(), {
        writable: false,
        error: 'ENOSPC: no space left on device, write',
      });
      assert.equal(errors.length, 1, 'logged once per outage');

      space = Infinity;
      assert.equal(await answered(click(4)), true);
      assert.deepEqual(buffer.journalHealth(), { writable: true });
      // A crash now: the next start replays the clicks that were on disk whole (1 and 4); the
      // cut click 2 and the refused click 3 were never answered as counted.
      const replayed: Click[] = [];
      await new ClickJournal(dir).replay(async (batch) => replayed.push(...batch));
      assert.deepEqual(
        replayed.map((c) => c.clickId),
        [click(1), click(4)].map((c) => c.clickId),
      );
    } finally {
      await buffer.close();
    }
  });

  it('visits answer 503 with Retry-After and health names the journal, until it writes again', async () => {
    const product = await createProductAs(t, w.owner, w.brandId);
    const campaign = await createCampaignAs(t, w.owner, w.brandId, { product_ids: [product] });
    const code = (await joinAs(t, w.advocate, campaign)).get(product) ?? assert.fail('no link');
    const visit = (who: string) =>
      t.app.inject({
        method: 'GET',
        url: `/r/${code}`,
        headers: { 'user-agent': `Mozilla/5.0 (X11; Linux x86_64) Firefox/126.0 ${who}` },
      });
    const health = () => t.app.inject({ method: 'GET', url: '/api/v1/health/' });
    const dir = path.join(t.app.deps.config.dataDir, 'click-journal');
    const [open] = readdirSync(dir);
    const sequence = Number(open!.slice(0, -'.clicks'.length));
    // The segment the next flush opens is on a full device.
    symlinkSync('/dev/full', path.join(dir, `${String(sequence + 1).padStart(12, '0')}.clicks`));
    assert.equal((await visit('a')).statusCode, 302);
    await t.app.deps.clicks.flush();

    const refused = await visit('b');
    assert.equal(refused.statusCode, 503);
    assert.equal(refused.headers['retry-after'], '2');
    const sick = await health();
    assert.equal(sick.statusCode, 503);
    assert.deepEqual(sick.json().problems, [
      'click journal: ENOSPC: no space left on device, write',
    ]);

    // The next flush (every second in production) moves to a new segment: space again.
    await t.app.deps.clicks.flush();
    assert.equal((await visit('c')).statusCode, 302);
    assert.equal((await health()).statusCode, 200);
    await t.app.deps.clicks.flush();
    const stored = await db.handle.db.select().from(clicksTable);
    assert.equal(stored.length, 3, 'a, c, and b too (refused as counted, stored all the same)');
  });
});

describe('clicks answered before a crash', () => {
  it('are stored by the next start, once, and counted once in the statistics', async () => {
    const product = await createProductAs(t, w.owner, w.brandId);
    const campaign = await createCampaignAs(t, w.owner, w.brandId, { product_ids: [product] });
    const code = (await joinAs(t, w.advocate, campaign)).get(product) ?? assert.fail('no link');
    for (const address of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/r/${code}`,
        headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/126.0' },
        remoteAddress: address,
      });
      assert.equal(res.statusCode, 302);
    }
    assert.equal(t.app.deps.clicks.pending, 3, 'answered, still in memory');

    // A second process on the same data directory, as after kill -9 and a restart.
    const restarted = await buildTestApp(db, { dataDir: t.app.deps.config.dataDir });
    const stored = await db.handle.db.select().from(clicksTable);
    assert.equal(stored.length, 3, 'the journal gave the new process all three');

    // The old process's own late write (had it lived) changes nothing: the same click ids.
    await t.app.deps.clicks.flush();
    assert.equal((await db.handle.db.select().from(clicksTable)).length, 3);
    const stats = await callApi(restarted, 'GET', `brand/stats/${w.brandId}/?days=7`, w.owner);
    assert.equal(stats.statusCode, 200, stats.body);
    assert.equal(stats.json().data.engagement.clicks, 3);
  });

  it('a clean stop stores everything and leaves an empty journal', async () => {
    const app = await buildTestApp(db);
    const dir = path.join(app.app.deps.config.dataDir, 'click-journal');
    assert.ok(existsSync(dir));
    await app.app.close();
    assert.deepEqual(readdirSync(dir), []);
  });
});

// Clicks partitioned by month, on the test database's engine (PGlite, or PostgreSQL with
// TEST_DATABASE_URL): partitions made ahead of time, clicks stored in their month's partition
// (and never refused), retention dropping only whole old months while the statistics stay, and
// several instances running the job at once.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../db/client.js';
import {
  createCampaignAs,
  createProductAs,
  joinAs,
  signIn,
  withBrandWorld,
  type BrandWorld,
  type TestApp,
  type TestDatabase,
} from '../../test/helpers.js';
import { rowsOf } from '../../lib/sql.js';
import { writeClicks, type Click } from '../redirects/click-store.js';
import { rebuildRollups } from '../rollups/rebuild.js';
import { newClickId } from '../redirects/share-link-redirect.js';
import { maintainClickPartitions, monthPartitions } from './maintain.js';
import { partitionName } from './months.js';

let t: TestApp;
let w: BrandWorld;
let db: TestDatabase;
withBrandWorld((world) => ({ t, w, db } = world));

const KEEP_FOREVER = { retentionMonths: undefined };

const names = async (d: Database) => (await monthPartitions(d)).map(partitionName);

/** Where each stored click is: click id → the partition (table) holding it. */
async function placement(d: Database): Promise<Record<string, string>> {
  const rows = await rowsOf<{ click_id: string; part: string }>(
    d,
    sql`select click_id, tableoid::regclass::text as part from clicks`,
  );
  return Object.fromEntries(rows.map((r) => [r.click_id, r.part]));
}

const click = (at: string): Click => {
  const createdAt = new Date(at);
  return {
    clickId: newClickId(createdAt.getTime()),
    createdAt,
    linkId: 1,
    campaignId: 1,
    productId: null,
    advocateId: w.advocate.id,
    brandId: w.brandId,
    source: 'direct',
    referrerHost: null,
    device: 'desktop',
    visitorHash: randomBytes(16).toString('hex'),
  };
};

describe('click partitions', () => {
  it("creates the current and the coming month's partitions ahead of time, once", async () => {
    const d = t.app.deps.db;
    const first = await maintainClickPartitions(d, new Date('2031-12-20T08:00:00Z'), KEEP_FOREVER);
    assert.deepEqual(first.created, ['clicks_2031_12', 'clicks_2032_01']);
    const again = await maintainClickPartitions(d, new Date('2031-12-31T23:00:00Z'), KEEP_FOREVER);
    assert.deepEqual(again.created, [], 'nothing to do a second time');
    const all = await names(d);
    assert.ok(all.includes('clicks_2031_12') && all.includes('clicks_2032_01'));
  });

  it('stores a click at a month boundary in the month its UTC time falls in', async () => {
    const d = t.app.deps.db;
    await maintainClickPartitions(d, new Date('2032-03-10T00:00:00Z'), KEEP_FOREVER);
    const last = click('2032-03-31T23:59:59.999Z');
    const next = click('2032-04-01T00:00:00.000Z');
    await writeClicks(db.handle, [last, next]);
    assert.deepEqual(await placement(d), {
      [last.clickId]: 'clicks_2032_03',
      [next.clickId]: 'clicks_2032_04',
    });
  });

  it('never refuses a click: one no partition covers waits in clicks_default, the next run moves it into its month', async () => {
    const d = t.app.deps.db;
    const far = click('2033-07-04T12:00:00Z');
    await writeClicks(db.handle, [far]);
    assert.deepEqual(await placement(d), { [far.clickId]: 'clicks_default' });
    const report = await maintainClickPartitions(d, new Date('2033-01-15T00:00:00Z'), KEEP_FOREVER);
    assert.ok(report.created.includes('clicks_2033_07'));
    assert.equal(report.moved, 1);
    assert.deepEqual(await placement(d), { [far.clickId]: 'clicks_2033_07' });
    // The primary key still refuses the same click twice: a retried batch stores nothing new.
    await writeClicks(db.handle, [far]);
    assert.equal(Object.keys(await placement(d)).length, 1);
  });

  it('retention drops only whole months before the cutoff; the statistics of those days do not change', async () => {
    const d = t.app.deps.db;
    const product = await createProductAs(t, w.owner, w.brandId);
    const campaign = await createCampaignAs(t, w.owner, w.brandId, { product_ids: [product] });
    const code = (await joinAs(t, w.advocate, campaign)).get(product)!;
    const visit = (ip: string) =>
      t.app.inject({
        method: 'GET',
        url: `/r/${code}`,
        headers: { 'user-agent': 'Mozilla/5.0 Chrome/124' },
        remoteAddress: ip,
      });
    // Two clicks in January 2030 (the test clock's start), one in March.
    await maintainClickPartitions(d, t.clock(), KEEP_FOREVER);
    await visit('10.0.0.1');
    await visit('10.0.0.2');
    t.clock.advance(60 * 24 * 3_600_000);
    await maintainClickPartitions(d, t.clock(), KEEP_FOREVER);
    await visit('10.0.0.3');
    await t.app.deps.clicks.flush();
    t.clock.advance(30 * 24 * 3_600_000); // 2030-04-01T12:00Z
    const parts = Object.values(await placement(d)).sort();
    assert.deepEqual(parts, ['clicks_2030_01', 'clicks_2030_01', 'clicks_2030_03']);

    const owner = await signIn(t.app, w.owner); // a session of today (the clock moved on)
    const get = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url, headers: owner.auth });
      assert.equal(res.statusCode, 200, res.body);
      return res.json<Record<string, unknown>>();
    };
    // Every figure the brand's owner sees, without the time they were computed at.
    const figures = async () => {
      const { data } = (await get(`/api/v1/brand/stats/${w.brandId}/?days=365`)) as {
        data: { engagement: { clicks: number } };
      };
      const campaignStats = await get(`/api/v1/campaign/${campaign}/stats/`);
      const all = { brand: data, campaignClicks: campaignStats.clicks };
      return JSON.parse(
        JSON.stringify(all, (key, value: unknown) => (key === 'generated_at' ? undefined : value)),
      ) as typeof all;
    };
    const before = await figures();
    assert.equal(before.brand.engagement.clicks, 3);
    assert.equal(before.campaignClicks, 3);

    // Keep the current month (April) and one whole month before it (March).
    const report = await maintainClickPartitions(d, t.clock(), { retentionMonths: 1 });
    assert.ok(report.dropped.includes('clicks_2030_01') && report.dropped.includes('clicks_2030_02'));
    assert.ok(!report.dropped.includes('clicks_2030_03'));
    const left = await names(d);
    assert.ok(!left.includes('clicks_2030_01') && left.includes('clicks_2030_03'));
    assert.deepEqual(Object.values(await placement(d)), ['clicks_2030_03'], 'only March raw clicks remain');
    assert.deepEqual(await figures(), before, 'brand and campaign figures unchanged');
    // A rollup rebuild cannot recompute the dropped months: it keeps them as they were.
    await rebuildRollups(d);
    assert.deepEqual(await figures(), before, 'unchanged after a rollup rebuild too');
    const [horizon] = await rowsOf<{ kept_from: string | Date }>(d, sql`select kept_from from raw_clicks_horizon`);
    assert.equal(new Date(horizon!.kept_from).toISOString(), '2030-03-01T00:00:00.000Z');
  });

  it('several instances running the job at once create each partition once and drop each old one once', async () => {
    // On PostgreSQL each instance has its own connection pool, as separate processes would.
    const url = process.env.TEST_DATABASE_URL;
    const handles = url
      ? await Promise.all(
          [1, 2, 3].map(async () => {
            const [row] = await rowsOf<{ name: string }>(t.app.deps.db, sql`select current_database() as name`);
            const own = new URL(url);
            own.pathname = `/${row!.name}`;
            return openDatabase({ databaseUrl: own.toString(), poolMax: 2 });
          }),
        )
      : [db.handle, db.handle, db.handle];
    try {
      const now = new Date('2034-05-15T00:00:00Z');
      await writeClicks(db.handle, [click('2034-02-02T00:00:00Z')]);
      const reports = await Promise.all(
        handles.map((h) => maintainClickPartitions(h.db, now, { retentionMonths: 6 })),
      );
      const created = reports.flatMap((r) => r.created).sort();
      assert.deepEqual(created, ['clicks_2034_02', 'clicks_2034_05', 'clicks_2034_06']);
      assert.equal(reports.reduce((n, r) => n + r.moved, 0), 1);
      const later = new Date('2034-09-01T00:00:00Z'); // cutoff 2034-03: February goes
      const drops = await Promise.all(
        handles.map((h) => maintainClickPartitions(h.db, later, { retentionMonths: 6 })),
      );
      assert.deepEqual(drops.flatMap((r) => r.dropped).filter((n) => n.startsWith('clicks_2034')), ['clicks_2034_02']);
      assert.deepEqual(
        drops.flatMap((r) => r.created).sort(),
        ['clicks_2034_09', 'clicks_2034_10'],
      );
    } finally {
      if (url) await Promise.all(handles.map((h) => h.close()));
    }
  });
});

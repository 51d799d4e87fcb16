import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import {
  createCampaignAs,
  createProductAs,
  joinAs,
  type BrandWorld,
  type TestApp,
  type TestDatabase,
  withBrandWorld,
} from '../../test/helpers.js';
import { adjustConversionRollups } from './maintain.js';
import { rebuildRollups } from './rebuild.js';
import { VisitorSketch } from './visitor-sketch.js';
import { dayRange, dayStartUtc, segmentsOf, subtractingSegmentsOf } from './time.js';

let t: TestApp;
let w: BrandWorld;
let db: TestDatabase;
withBrandWorld((world) => ({ t, w, db } = world));

const HOUR = 3_600_000;

/** Every rollup row, in a stable order, as plain values. */
async function snapshot() {
  const d = t.app.deps.db;
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await d.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows.map((r) =>
      JSON.stringify(r, (_k, v: unknown) => (v instanceof Uint8Array ? Buffer.from(v).toString('hex') : v)),
    );
  return {
    clicks: await rows(sql`select * from click_rollups where clicks <> 0 or impressions <> 0 order by 1, 2, 3, 4, 5, 6`),
    conversions: await rows(
      sql`select brand_id, advocate_id, grain, bucket, campaign_id, source, event_type, currency, conversions, sales, revenue::text, rewards::text
        from conversion_rollups where conversions <> 0 order by 1, 2, 3, 4, 5, 6, 7, 8`,
    ),
    sketches: await rows(sql`select * from visitor_sketches order by 1, 2, 3, 4`),
    campaignSketches: await rows(sql`select * from campaign_visitor_sketches order by 1, 2`),
  };
}

async function activity() {
  const product = await createProductAs(t, w.owner, w.brandId, { product_url: 'https://shop.example/a' });
  const campaign = await createCampaignAs(t, w.owner, w.brandId, { product_ids: [product] });
  const code = (await joinAs(t, w.advocate, campaign)).get(product)!;
  const key = await t.app.inject({
    method: 'POST',
    url: `/api/v1/brand/${w.brandId}/api-keys/`,
    headers: w.owner.auth,
    payload: { kind: 'secret' },
  });
  const secret: string = key.json().secret;
  const visit = (ip: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    t.app.inject({
      method,
      url: `/r/${code}${headers.utm ? `?utm_source=${headers.utm}` : ''}`,
      headers: { 'user-agent': 'Mozilla/5.0 Chrome/124', ...headers },
      remoteAddress: ip,
    });
  await visit('10.0.0.1', { referer: 'https://www.instagram.com/p/1' });
  await visit('10.0.0.1'); // repeat within the hour: an impression, not a click
  await visit('10.0.0.2', { utm: 'newsletter' });
  await visit('10.0.0.3', { 'user-agent': 'Googlebot/2.1' }); // a bot: nothing
  await visit('10.0.0.4', {}, 'HEAD'); // HEAD: nothing
  const first = await visit('10.0.0.5');
  const clickId = new URL(first.headers.location as string).searchParams.get('cid')!;
  t.clock.advance(23 * HOUR);
  await visit('10.0.0.1');
  await visit('10.0.0.6');
  const convert = (payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/sdk-log-conversion/',
      headers: { authorization: `Bearer ${secret}` },
      payload,
    });
  assert.equal((await convert({ conversionRef: 'o1', clickId, value: 20 })).statusCode, 201);
  assert.equal((await convert({ conversionRef: 'o2', via: code, value: 7.5, currency: 'EUR', eventType: 'subscription' })).statusCode, 201);
  assert.equal((await convert({ conversionRef: 'o3', via: code, eventType: 'signup' })).statusCode, 201);
  await t.app.deps.clicks.flush();
  return { campaign, code };
}

describe('rollups', () => {
  it('kept in step with clicks, impressions and conversions: a rebuild from the raw events finds the same rows', async () => {
    await activity();
    const incremental = await snapshot();
    // Brand total, hour: 3 counted clicks and 4 impressions in the first hour (the repeat visit is one).
    const [first] = ((await t.app.deps.db.execute(
      sql`select sum(clicks)::int as clicks, sum(impressions)::int as impressions from click_rollups
        where advocate_id = 0 and grain = 'd'`,
    )) as unknown as { rows: { clicks: number; impressions: number }[] }).rows;
    assert.deepEqual(first, { clicks: 5, impressions: 6 });
    assert.ok(
      incremental.conversions.length > 0 && incremental.sketches.length > 0 && incremental.campaignSketches.length > 0,
    );
    await rebuildRollups(t.app.deps.db);
    assert.deepEqual(await snapshot(), incremental);
  });

  it('a conversion leaving the counted set leaves every rollup (adjustConversionRollups)', async () => {
    await activity();
    const d = t.app.deps.db;
    await d.transaction(async (tx) => {
      await tx.execute(sql`update conversions set status = 'rejected' where conversion_ref = 'o2'`);
      const [row] = ((await tx.execute(sql`select id from conversions where conversion_ref = 'o2'`)) as unknown as {
        rows: { id: number }[];
      }).rows;
      await adjustConversionRollups(tx, [row!.id], -1);
    });
    const adjusted = await snapshot();
    assert.ok(!adjusted.conversions.some((r) => r.includes('EUR')), 'no EUR figures remain');
    await rebuildRollups(d);
    assert.deepEqual(await snapshot(), adjusted);
    void db;
  });
});

describe('rollups of many visitors', () => {
  it('a rebuild finds the same sketches when an hour has more visitors than the exact set holds', async () => {
    const { writeClicks } = await import('../redirects/click-store.js');
    const base = Date.UTC(2030, 0, 1, 10);
    const clicks = Array.from({ length: 2600 }, (_, i) => ({
      clickId: `${String(i).padStart(9, '0')}${randomBytes(8).toString('hex')}`,
      createdAt: new Date(base + i * 1000),
      // One link per advocate, as share links are.
      linkId: i % 2 ? 1 : 2,
      campaignId: 1,
      productId: null,
      advocateId: i % 2 ? w.advocate.id : w.owner.id,
      brandId: w.brandId,
      source: 'direct' as const,
      referrerHost: null,
      device: 'desktop' as const,
      visitorHash: randomBytes(16).toString('hex'),
    }));
    await writeClicks(db.handle, clicks.slice(0, 1300));
    await writeClicks(db.handle, clicks.slice(1300));
    const incremental = await snapshot();
    await rebuildRollups(t.app.deps.db);
    assert.deepEqual(await snapshot(), incremental);
  });
});

describe('visitor sketch', () => {
  const hashOf = (i: number) => `${(i * 2654435761 % 2 ** 32).toString(16).padStart(8, '0')}${(i * 40503 % 2 ** 32).toString(16).padStart(8, '0')}`;
  const randomHash = () => [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');

  it('exact while small, and survives encoding', () => {
    const s = new VisitorSketch();
    for (let i = 0; i < 1000; i++) s.add(hashOf(i % 700));
    assert.equal(s.estimate(), 700);
    assert.equal(VisitorSketch.decode(s.encode()).estimate(), 700);
  });

  it('within 2% when large, and merging equals adding', () => {
    // Visitor hashes as the redirect makes them (a keyed hash, here sha256 of a counter): fixed
    // sets, so the run is repeatable. Random ones would miss 2% about once in 80 runs, since the
    // standard error with 16,384 registers is 0.8%.
    for (const seed of ['a', 'b', 'c']) {
      const a = new VisitorSketch();
      const b = new VisitorSketch();
      const all = new VisitorSketch();
      for (let i = 0; i < 100_000; i++) {
        const h = createHash('sha256').update(`${seed}${i}`).digest('hex').slice(0, 32);
        (i % 2 ? a : b).add(h);
        all.add(h);
      }
      const merged = VisitorSketch.decode(a.encode());
      merged.merge(VisitorSketch.decode(b.encode()));
      assert.deepEqual(merged.encode(), all.encode());
      const error = Math.abs(all.estimate() - 100_000) / 100_000;
      assert.ok(error < 0.02, `seed ${seed}: estimate ${all.estimate()}`);
    }
  });

  it('the rebuild’s SQL visitor_sketch() stores the same bytes as VisitorSketch, exact and dense', async () => {
    for (const n of [3, 2048, 5000]) {
      const keys = Array.from({ length: n }, () => randomHash().slice(0, 16));
      const sketch = new VisitorSketch();
      for (const k of keys) sketch.add(k);
      const [row] = ((await t.app.deps.db.execute(
        sql`select encode(visitor_sketch(${`{${keys.join(',')}}`}::text[]), 'hex') as hex`,
      )) as unknown as { rows: { hex: string }[] }).rows;
      assert.equal(row!.hex, Buffer.from(sketch.encode()).toString('hex'), `${n} visitors`);
    }
  });
});

describe('days of a zone', () => {
  it('whole-hour zones start at local midnight; half-hour zones at the hour before', () => {
    assert.equal(new Date(dayStartUtc('Europe/Paris', '2030-07-01')).toISOString(), '2030-06-30T22:00:00.000Z');
    assert.equal(new Date(dayStartUtc('America/New_York', '2030-01-01')).toISOString(), '2030-01-01T05:00:00.000Z');
    assert.equal(new Date(dayStartUtc('Asia/Kolkata', '2030-01-01')).toISOString(), '2029-12-31T18:00:00.000Z');
    // A DST change day has 23 hours.
    const spring = dayRange('Europe/Paris', '2030-03-31', '2030-03-31');
    assert.equal((spring.end - spring.start) / HOUR, 23);
  });

  it('a range is its whole UTC days plus the hours at the edges', () => {
    const r = dayRange('Europe/Paris', '2030-01-01', '2030-01-03');
    assert.deepEqual(
      segmentsOf(r.start, r.end).map((s) => [s.grain, new Date(s.from).toISOString(), new Date(s.to).toISOString()]),
      [
        ['h', '2029-12-31T23:00:00.000Z', '2030-01-01T00:00:00.000Z'],
        ['d', '2030-01-01T00:00:00.000Z', '2030-01-03T00:00:00.000Z'],
        ['h', '2030-01-03T00:00:00.000Z', '2030-01-03T23:00:00.000Z'],
      ],
    );
  });

  it('with months, the whole UTC months inside the days are read as month rows', () => {
    const r = dayRange('Europe/Paris', '2030-01-20', '2030-04-05');
    assert.deepEqual(
      segmentsOf(r.start, r.end, true).map((s) => [s.grain, new Date(s.from).toISOString(), new Date(s.to).toISOString()]),
      [
        ['h', '2030-01-19T23:00:00.000Z', '2030-01-20T00:00:00.000Z'],
        ['d', '2030-01-20T00:00:00.000Z', '2030-02-01T00:00:00.000Z'],
        ['m', '2030-02-01T00:00:00.000Z', '2030-04-01T00:00:00.000Z'],
        ['d', '2030-04-01T00:00:00.000Z', '2030-04-05T00:00:00.000Z'],
        ['h', '2030-04-05T00:00:00.000Z', '2030-04-05T22:00:00.000Z'],
      ],
    );
  });

  it('for sums, a month covered in part is its days, or its month row minus the days outside, whichever reads fewer', () => {
    const show = (start: number, end: number, now?: number) =>
      subtractingSegmentsOf(start, end, now).map((s) => [s.sign, s.grain, new Date(s.from).toISOString(), new Date(s.to).toISOString()]);
    // The last 30 days up to 2030-02-12 12:00: February is its month row less what comes after
    // the range (nothing yet); January's last 19 days are its row less its first 12 days and 23 hours.
    const r = dayRange('Europe/Paris', '2030-01-14', '2030-02-12');
    assert.deepEqual(show(r.start, r.end, Date.UTC(2030, 1, 12, 12)), [
      [-1, 'd', '2030-01-01T00:00:00.000Z', '2030-01-13T00:00:00.000Z'],
      [-1, 'd', '2030-02-13T00:00:00.000Z', '2030-03-01T00:00:00.000Z'],
      [-1, 'h', '2030-01-13T00:00:00.000Z', '2030-01-13T23:00:00.000Z'],
      [-1, 'h', '2030-02-12T23:00:00.000Z', '2030-02-13T00:00:00.000Z'],
      [1, 'm', '2030-01-01T00:00:00.000Z', '2030-03-01T00:00:00.000Z'],
    ]);
    // All time (the lists' open range): whole months, one range.
    assert.deepEqual(show(0, Date.UTC(9999, 0, 1)), [[1, 'm', '1970-01-01T00:00:00.000Z', '9999-01-01T00:00:00.000Z']]);
    // A week inside a month: its own days.
    const week = dayRange('UTC', '2030-01-10', '2030-01-16');
    assert.deepEqual(show(week.start, week.end), [[1, 'd', '2030-01-10T00:00:00.000Z', '2030-01-17T00:00:00.000Z']]);
  });
});

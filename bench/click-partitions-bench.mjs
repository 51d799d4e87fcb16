// What partitioning the clicks by month costs the click write: the server's own click store
// (writeClicks: COPY on PGlite, INSERT … ON CONFLICT on PostgreSQL, rollups in the same
// transaction) storing batches into the partitioned table (migration 0009) and into an
// unpartitioned table with the same key (click_id, created_at) and index, alternated batch by
// batch in one run so a slow spell of the shared machine lands on both. Also times the partition
// job: a run with nothing to do (every hour) and a run that creates a month.
// Usage (from server/): node --conditions=source --import tsx ../bench/click-partitions-bench.mjs
//        [--batches 10] [--batch 10000] [--postgres]
// PostgreSQL: BENCH_PG_URL (default the local server); PGlite: on its worker thread, as served.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
// drizzle-orm is the server's dependency (server/node_modules): the same module the store uses.
import { sql } from '../server/node_modules/drizzle-orm/index.js';
import { openDatabase } from '../server/src/db/client.ts';
import { maintainClickPartitions } from '../server/src/features/click-partitions/maintain.ts';
import { writeClicks } from '../server/src/features/redirects/click-store.ts';
import { newClickId } from '../server/src/features/redirects/share-link-redirect.ts';
import { freshPostgresDatabase, numberOption } from './lib-server.mjs';

const BATCHES = numberOption('--batches', 10);
const BATCH = numberOption('--batch', 10_000);
const postgres = process.argv.includes('--postgres');

const UNPARTITIONED = `
  drop table clicks;
  create table clicks (
    click_id varchar(32) not null, created_at timestamptz not null, link_id integer not null,
    campaign_id integer not null, product_id integer, advocate_id integer not null,
    brand_id integer not null, source text not null, referrer_host varchar(255),
    device text not null, visitor_hash varchar(64) not null,
    primary key (click_id, created_at),
    check (source in ('direct', 'social', 'email', 'others')),
    check (device in ('mobile', 'tablet', 'desktop')));
  create index on clicks (campaign_id, created_at);`;

async function open(label) {
  if (!postgres) {
    const handle = await openDatabase({});
    await handle.migrate();
    return { label, handle, drop: async () => handle.close() };
  }
  const fresh = await freshPostgresDatabase(`bench_partitions_${label}`);
  const handle = await openDatabase({ databaseUrl: fresh.url });
  await handle.migrate();
  return {
    label,
    handle,
    drop: async () => {
      await handle.close();
      await fresh.drop();
    },
  };
}

let seq = 0;
function batch(startMs) {
  return Array.from({ length: BATCH }, (_, i) => {
    const at = startMs + i * 7;
    seq++;
    return {
      clickId: newClickId(at),
      createdAt: new Date(at),
      linkId: 1 + (seq % 500),
      campaignId: 1 + (seq % 20),
      productId: null,
      advocateId: 1 + (seq % 1000),
      brandId: 1,
      source: ['direct', 'social', 'email', 'others'][seq % 4],
      referrerHost: seq % 3 ? 't.co' : null,
      device: 'mobile',
      visitorHash: (seq * 2654435761).toString(16).padStart(64, '0'),
    };
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const partitioned = await open('partitioned');
const plain = await open('plain');
for (const statement of UNPARTITIONED.split(';').filter((s) => s.trim()))
  await plain.handle.db.execute(sql.raw(statement));
const now = new Date();
await maintainClickPartitions(partitioned.handle.db, now, { retentionMonths: undefined });

const rates = { partitioned: [], plain: [] };
// Both sides write the same times (this month: a month partition, not the default).
let start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1, 1);
for (let round = 0; round < BATCHES; round++) {
  const rows = batch(start);
  start += BATCH * 7;
  const order = round % 2 ? [plain, partitioned] : [partitioned, plain];
  for (const side of order) {
    const t0 = performance.now();
    await writeClicks(side.handle, rows);
    rates[side.label].push(BATCH / ((performance.now() - t0) / 1000));
  }
}

const idle = [];
for (let i = 0; i < 5; i++) {
  const t0 = performance.now();
  await maintainClickPartitions(partitioned.handle.db, now, { retentionMonths: undefined });
  idle.push(performance.now() - t0);
}
const t0 = performance.now();
const created = await maintainClickPartitions(
  partitioned.handle.db,
  new Date(Date.UTC(now.getUTCFullYear() + 3, 0, 15)),
  {
    retentionMonths: undefined,
  },
);
const createMs = performance.now() - t0;

const p = median(rates.partitioned);
const u = median(rates.plain);
console.log(
  JSON.stringify(
    {
      engine: postgres ? 'postgres' : 'pglite',
      batches: BATCHES,
      batch: BATCH,
      loadavg: os.loadavg().map((x) => Number(x.toFixed(1))),
      clicksPerSecond: {
        partitioned: Math.round(p),
        unpartitioned: Math.round(u),
        ratio: Number((p / u).toFixed(3)),
      },
      partitionJob: {
        idleRunMs: Number(median(idle).toFixed(1)),
        createRunMs: Number(createMs.toFixed(1)),
        created: created.created,
      },
    },
    null,
    2,
  ),
);
await partitioned.drop();
await plain.drop();

// Migrations 0009 and 0012 on a database that already holds clicks (PGlite, or PostgreSQL with
// TEST_DATABASE_URL): every click is kept, in its month's partition, with the primary key on each
// partition, and the current and the coming month exist; the campaigns' visitors move from an
// index on the clicks to sketches that count the same visitors.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { openDatabase, pgliteHandle, type Database, type DatabaseHandle } from '../../db/client.js';
import { migrationsFolder } from '../../db/migrate.js';
import { rowsOf } from '../../lib/sql.js';
import { campaignVisitors } from '../rollups/index.js';
import { monthOf, partitionName, addMonths } from './months.js';

/** A copy of the migrations folder holding the migrations before `tag` only. */
function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'migrations-before-'));
  mkdirSync(path.join(dir, 'meta'));
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const upTo = journal.entries.findIndex((e) => e.tag === tag);
  journal.entries = journal.entries.slice(0, upTo);
  writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify(journal));
  for (const file of readdirSync(migrationsFolder).filter((f) => f.endsWith('.sql')))
    if (journal.entries.some((e) => `${e.tag}.sql` === file))
      copyFileSync(path.join(migrationsFolder, file), path.join(dir, file));
  return dir;
}

interface Fresh {
  handle: DatabaseHandle;
  migrateWith(folder: string): Promise<void>;
  dispose(): Promise<void>;
}

async function freshDatabase(): Promise<Fresh> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) {
    const handle = pgliteHandle(await PGlite.create());
    return {
      handle,
      migrateWith: (folder) => migratePglite(handle.db as Parameters<typeof migratePglite>[0], { migrationsFolder: folder }),
      dispose: () => handle.close(),
    };
  }
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  return {
    handle,
    migrateWith: (folder) => migrateNodePg(handle.db as Parameters<typeof migrateNodePg>[0], { migrationsFolder: folder }),
    dispose: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: baseUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

const insertClick = (d: Database, clickId: string, at: string, campaignId: number, visitor = 'ab') =>
  d.execute(sql`insert into clicks (click_id, created_at, link_id, campaign_id, product_id, advocate_id,
      brand_id, source, referrer_host, device, visitor_hash)
    values (${clickId}, ${at}::timestamptz, 1, ${campaignId}, null, 2, 3, 'social', 't.co', 'mobile', ${visitor.repeat(32)})`);

describe('migration 0009: clicks partitioned by month', () => {
  it('keeps every stored click, in its month, with the key on each partition', async () => {
    const fresh = await freshDatabase();
    try {
      const d = fresh.handle.db;
      await fresh.migrateWith(migrationsBefore('0009_clicks_partitioned'));
      await insertClick(d, 'a-first', '2025-10-31T23:59:59.999Z', 7);
      await insertClick(d, 'b-second', '2025-11-01T00:00:00Z', 7);
      await insertClick(d, 'c-third', '2026-01-15T10:00:00Z', 8);
      await fresh.migrateWith(migrationsFolder);

      const rows = await rowsOf<{ click_id: string; part: string; campaign_id: number; referrer_host: string }>(
        d,
        sql`select click_id, tableoid::regclass::text as part, campaign_id, referrer_host from clicks order by click_id`,
      );
      assert.deepEqual(rows, [
        { click_id: 'a-first', part: 'clicks_2025_10', campaign_id: 7, referrer_host: 't.co' },
        { click_id: 'b-second', part: 'clicks_2025_11', campaign_id: 7, referrer_host: 't.co' },
        { click_id: 'c-third', part: 'clicks_2026_01', campaign_id: 8, referrer_host: 't.co' },
      ]);
      // Every month from the oldest click to the month after this one has its partition.
      const parts = (
        await rowsOf<{ name: string }>(
          d,
          sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
              where i.inhparent = 'clicks'::regclass`,
        )
      ).map((r) => r.name);
      const now = monthOf(new Date());
      for (const month of [Date.UTC(2025, 9, 1), Date.UTC(2025, 11, 1), now, addMonths(now, 1)])
        assert.ok(parts.includes(partitionName(month)), `${partitionName(month)} exists`);
      assert.ok(parts.includes('clicks_default'));
      // Each partition carries the primary key (click_id, created_at); the campaign index 0009
      // made went with 0012.
      const indexes = await rowsOf<{ def: string }>(
        d,
        sql`select indexdef as def from pg_indexes where tablename = 'clicks_2025_11' order by indexname`,
      );
      assert.deepEqual(
        indexes.map((i) => i.def.replace(/^.* USING /, '')),
        ['btree (click_id, created_at)'],
      );
      // The same click again is refused by the key (what the click store's ON CONFLICT relies on).
      await assert.rejects(insertClick(d, 'b-second', '2025-11-01T00:00:00Z', 7));
    } finally {
      await fresh.dispose();
    }
  });
});

describe('migration 0012: campaign visitors from sketches', () => {
  it('counts the visitors of the clicks already stored, per campaign', async () => {
    const fresh = await freshDatabase();
    try {
      const d = fresh.handle.db;
      await fresh.migrateWith(migrationsBefore('0012_campaign_visitor_sketches'));
      await insertClick(d, 'a', '2025-10-31T23:59:59Z', 7, 'a1');
      await insertClick(d, 'b', '2025-11-01T00:00:00Z', 7, 'a1');
      await insertClick(d, 'c', '2025-11-02T00:00:00Z', 7, 'b2');
      await insertClick(d, 'd', '2025-11-02T00:00:00Z', 8, 'a1');
      await fresh.migrateWith(migrationsFolder);
      // The same visitor in two months is one visitor of the campaign.
      assert.equal(await campaignVisitors(d, 7), 2);
      assert.equal(await campaignVisitors(d, 8), 1);
      assert.equal(await campaignVisitors(d, 9), 0);
    } finally {
      await fresh.dispose();
    }
  });
});

// Instances that start together on one new PostgreSQL database take turns to migrate and seed:
// without the turn, two of them applying the same migration at once fail, and both may find the
// database empty and seed it twice.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { rowsOf } from '../lib/sql.js';
import { openDatabase } from './client.js';

const baseUrl = process.env.TEST_DATABASE_URL;

describe(
  'migrating from several instances at once',
  { skip: !baseUrl && 'needs TEST_DATABASE_URL' },
  () => {
    const name = `test_migrate_${randomBytes(6).toString('hex')}`;
    const admin = async (statement: string) => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      try {
        await client.query(statement);
      } finally {
        await client.end();
      }
    };
    after(() => admin(`drop database if exists ${name} with (force)`));

    it('applies every migration once and runs one seeding at a time, which the first does', async () => {
      await admin(`create database ${name}`);
      const url = new URL(baseUrl!);
      url.pathname = `/${name}`;
      const handles = await Promise.all(
        [1, 2, 3].map(() => openDatabase({ databaseUrl: url.toString(), poolMax: 3 })),
      );
      try {
        let inside = 0;
        let overlapped = false;
        const seededBy: number[] = [];
        await Promise.all(
          handles.map((handle, i) =>
            handle.migrate(async () => {
              inside += 1;
              overlapped ||= inside > 1;
              // The seed's own check: only a database without users is seeded.
              const [row] = await rowsOf<{ n: number }>(
                handle.db,
                sql`select count(*)::int as n from users`,
              );
              if (row!.n === 0) {
                await handle.db.execute(
                  sql`insert into users (email, username, password_hash) values ('first@example.test', 'first', 'x')`,
                );
                seededBy.push(i);
              }
              inside -= 1;
            }),
          ),
        );
        assert.equal(overlapped, false, 'no two instances were seeding at once');
        assert.equal(seededBy.length, 1, 'one instance seeded');
        const [users] = await rowsOf<{ n: number }>(
          handles[0]!.db,
          sql`select count(*)::int as n from users`,
        );
        assert.equal(users!.n, 1);
        const applied = await rowsOf<{ hash: string }>(
          handles[0]!.db,
          sql`select hash from drizzle.__drizzle_migrations`,
        );
        assert.equal(
          new Set(applied.map((m) => m.hash)).size,
          applied.length,
          'each migration recorded once',
        );
      } finally {
        await Promise.all(handles.map((h) => h.close()));
      }
    });
  },
);

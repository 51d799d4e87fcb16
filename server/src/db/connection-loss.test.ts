// PostgreSQL going away under the server: a restart, a failover, or (as here, without stopping
// the machine's shared server) pg_terminate_backend from another connection, which ends the
// server's connections the way a restart does. A connection checked out of the pool when that
// happens (a transaction between two statements) emitted an 'error' nobody listened to, and the
// process died; now its statements fail, the failure reads as "database unavailable" (a 503 with
// Retry-After to the client), and the next statement gets a fresh connection.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../app.js';
import { isDatabaseUnavailable } from '../lib/db-errors.js';
import { testConfig } from '../test/helpers.js';
import { openDatabase, type DatabaseHandle } from './client.js';

const baseUrl = process.env.TEST_DATABASE_URL;

/** Runs `statement` on a connection of its own to the shared server's `postgres` database. */
async function admin<T extends pg.QueryResultRow>(statement: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return (await client.query<T>(statement, params)).rows;
  } finally {
    await client.end();
  }
}

describe(
  'a PostgreSQL connection lost while in use',
  { skip: !baseUrl && 'needs TEST_DATABASE_URL' },
  () => {
    const name = `connloss_${randomBytes(6).toString('hex')}`;
    let handle: DatabaseHandle;

    before(async () => {
      await admin(`create database ${name}`);
      const url = new URL(baseUrl!);
      url.pathname = `/${name}`;
      handle = await openDatabase({ databaseUrl: url.toString(), poolMax: 2 });
    });
    after(async () => {
      await handle?.close();
      await admin(`drop database if exists ${name} with (force)`);
    });

    it('fails the transaction holding it, not the process; the next statement reconnects', async () => {
      const failure = await handle.db
        .transaction(async (tx) => {
          const [{ pid }] = (
            (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
              rows: Array<{ pid: number }>;
            }
          ).rows;
          // The server ends this connection while the transaction holds it, between statements.
          await admin('select pg_terminate_backend($1)', [pid]);
          await new Promise((resolve) => setTimeout(resolve, 300));
          await tx.execute(sql`select 1`);
        })
        .then(
          () => undefined,
          (err: unknown) => err,
        );
      assert.ok(failure instanceof Error, 'the transaction failed');
      assert.ok(isDatabaseUnavailable(failure), `read as unavailable: ${String(failure)}`);

      const rows = (await handle.db.execute(sql`select 42 as answer`)) as unknown as {
        rows: Array<{ answer: number }>;
      };
      assert.equal(rows.rows[0].answer, 42);
    });
  },
);

describe('while the database cannot be reached', () => {
  it('a conversion, a sign-in and a registration answer 503 with Retry-After, not 500', async () => {
    // Nothing listens there: what every connection attempt meets while PostgreSQL restarts.
    const handle = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:9/down' });
    const app = await buildApp({ config: testConfig(), database: handle, logger: false });
    try {
      for (const [method, url, headers, payload] of [
        [
          'POST',
          'sdk-log-conversion/',
          { authorization: `Bearer sk_live_${'a'.repeat(32)}` },
          { conversionRef: 'o-1' },
        ],
        ['POST', 'token/', {}, { email: 'a@example.com', password: 'Password1!' }],
        [
          'POST',
          'user/register/',
          {},
          {
            username: 'ada',
            email: 'ada@example.com',
            password: 'Password1!',
            password_confirmation: 'Password1!',
          },
        ],
      ] as const) {
        const res = await app.inject({ method, url: `/api/v1/${url}`, headers, payload });
        assert.equal(res.statusCode, 503, `${method} ${url}: ${res.body}`);
        assert.equal(res.headers['retry-after'], '5');
        assert.deepEqual(res.json(), {
          detail: 'The service is briefly unavailable; try again in a few seconds',
        });
      }
    } finally {
      await app.close();
      await handle.close();
    }
  });
});

// The embedded database as the server opens it: PGlite on a worker thread behind drizzle, and
// what it does when its disk is full.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import { isUniqueViolation } from '../lib/db-errors.js';
import { smallDisk } from '../test/small-disk.js';
import { openDatabase, type DatabaseHandle } from './client.js';
import { EmbeddedDatabaseUnavailable, PGliteThread } from './pglite-thread.js';
import { clicks } from './schema.js';
import { writeClicks, type Click } from '../features/redirects/click-store.js';
import { users } from './schema.js';

const newUser = (email: string) => ({
  email,
  username: email,
  passwordHash: 'x',
  firstName: 'Thread',
  lastName: 'Test',
});

describe('embedded PGlite on a worker thread', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pglite-thread-'));
  let database: DatabaseHandle;

  before(async () => {
    database = await openDatabase({ pgliteDir: dir });
    await database.migrate();
  });
  after(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads back what it writes, with timestamps as Dates', async () => {
    const [created] = await database.db
      .insert(users)
      .values(newUser('read@thread.test'))
      .returning();
    assert.ok(created);
    const [found] = await database.db.select().from(users).where(eq(users.id, created.id));
    assert.equal(found?.email, 'read@thread.test');
    assert.ok(found.dateJoined instanceof Date && !Number.isNaN(found.dateJoined.getTime()));
  });

  it("keeps a database error's SQLSTATE, so a duplicate is recognised", async () => {
    await database.db.insert(users).values(newUser('twice@thread.test'));
    const duplicate = await database.db
      .insert(users)
      .values(newUser('twice@thread.test'))
      .then(
        () => undefined,
        (err: unknown) => err,
      );
    assert.ok(
      isUniqueViolation(duplicate),
      `expected a unique violation, got ${String(duplicate)}`,
    );
  });

  it('rolls a failed transaction back and commits a successful one', async () => {
    await assert.rejects(
      database.db.transaction(async (tx) => {
        await tx.insert(users).values(newUser('rolled-back@thread.test'));
        throw new Error('changed my mind');
      }),
      /changed my mind/,
    );
    await database.db.transaction(async (tx) => {
      await tx.insert(users).values(newUser('committed@thread.test'));
    });
    const emails = (await database.db.select({ email: users.email }).from(users)).map(
      (u) => u.email,
    );
    assert.ok(emails.includes('committed@thread.test'));
    assert.ok(!emails.includes('rolled-back@thread.test'));
  });

  it('makes other statements wait for an open transaction (one connection, as in process)', async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = database.db.transaction(async (tx) => {
      await tx.insert(users).values(newUser('inside@thread.test'));
      await held;
      order.push('commit');
    });
    // Give the transaction time to open before the outside read is sent.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const outside = database.db
      .execute(sql`select count(*)::int as n from users where email = 'inside@thread.test'`)
      .then((result) => {
        order.push('outside read');
        return (result as unknown as { rows: { n: number }[] }).rows[0]?.n;
      });
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await transaction;
    assert.equal(await outside, 1, 'the outside read sees the committed row');
    assert.deepEqual(order, ['commit', 'outside read']);
  });

  it('stores a click batch by binary COPY in a transaction through the thread', async () => {
    const click: Click = {
      clickId: '0000000000thread-copy',
      createdAt: new Date(Date.UTC(2030, 0, 1, 12)),
      linkId: 7,
      campaignId: 3,
      productId: null,
      advocateId: 5,
      brandId: 2,
      source: 'direct',
      referrerHost: null,
      device: 'desktop',
      visitorHash: 'visitor-1',
    };
    await writeClicks(database, [click]);
    assert.deepEqual(await database.db.select().from(clicks), [click]);
  });

  it('runs at a lower priority than request handling (Linux: nice 10 on its thread alone)', () => {
    // Field 19 of /proc/<pid>/task/<tid>/stat is the thread's nice value.
    const niceOf = (tid: string) =>
      Number(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]);
    const nices = readdirSync('/proc/self/task').map(niceOf);
    assert.equal(niceOf(String(process.pid)), 0, 'the main thread keeps its priority');
    assert.ok(nices.includes(10), `a thread at nice 10 among ${nices.join(', ')}`);
  });

  it('keeps the data in its directory across a restart, and refuses queries once closed', async () => {
    await database.db.insert(users).values(newUser('durable@thread.test'));
    await database.close();
    await assert.rejects(database.db.select().from(users), (err: Error) => {
      assert.match(String(err.cause), /the embedded database is closed/);
      return true;
    });

    database = await openDatabase({ pgliteDir: dir });
    const [found] = await database.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.email, 'durable@thread.test'));
    assert.equal(found?.email, 'durable@thread.test');
  });
});

describe('embedded PGlite on a full disk', () => {
  it('fails statements at once after a PANIC, says why, and reopens by itself when space returns', async () => {
    const disk = smallDisk();
    await disk.inThisProcess();
    const thread = await PGliteThread.start(path.join(disk.dir, 'pglite'));
    try {
      await thread.query(
        `create table counter (id int primary key, n int not null) with (fillfactor = 30)`,
      );
      await thread.query(`insert into counter select g, 0 from generate_series(1, 2000) g`);
      disk.fill();
      // Updates in place need no new data page, only WAL: they go on until PostgreSQL cannot
      // write its WAL, which is a PANIC.
      let acknowledged = 0;
      let failure: unknown;
      while (failure === undefined && acknowledged < 5000) {
        await thread.query(`update counter set n = n + 1`).then(
          () => acknowledged++,
          (err: unknown) => (failure = err),
        );
      }
      assert.ok(failure instanceof EmbeddedDatabaseUnavailable, String(failure));
      assert.equal(failure.code, '57P02');
      assert.match(failure.message, /PANIC: .*(No space left on device|ENOSPC)/);

      // While it is being reopened (the disk is still full), a statement fails at once, saying why.
      const asked = Date.now();
      await assert.rejects(thread.query('select 1'), (err: EmbeddedDatabaseUnavailable) => {
        assert.equal(err.code, '57P03');
        assert.match(err.message, /being reopened after: PANIC/);
        return true;
      });
      assert.ok(Date.now() - asked < 1000, `took ${Date.now() - asked} ms`);

      disk.free();
      let counted: number | undefined;
      for (const end = Date.now() + 20_000; counted === undefined && Date.now() < end;) {
        counted = await thread.query(`select n from counter where id = 1`).then(
          (result) => (result.rows[0] as { n: number }).n,
          () => new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 100)),
        );
      }
      // Every acknowledged update is kept (the one the PANIC interrupted was not acknowledged).
      assert.equal(counted, acknowledged, `of ${acknowledged} acknowledged updates`);
      await thread.query(`update counter set n = n + 1`);
    } finally {
      await thread.close();
    }
  });
});

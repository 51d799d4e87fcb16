// A full disk under load: DATA_DIR (the click journal and the embedded database) on a small
// filesystem that is filled while share-link visits and conversions pour in, then freed. Nothing
// answered may be lost, nothing may hang, health must say what is wrong, the server must recover
// by itself and stop cleanly. Where the test cannot mount a filesystem (not root), the server's
// writes under DATA_DIR fail with ENOSPC by a flag instead (test/full-disk-simulation.mjs).
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase } from './db/client.js';
import { users } from './db/schema.js';
import { openTestDatabase } from './test/helpers.js';
import { smallDisk } from './test/small-disk.js';
import {
  campaignOverHttp,
  cleanups,
  exited,
  serverEnv,
  startServerProcess,
  type ServerProcess,
} from './test/server-process.js';

/**
 * A migrated database with one user, so the server starts without seeding the demo data (which
 * takes minutes): on PostgreSQL the test's own database, else the embedded one in DATA_DIR, from
 * the tests' migrated snapshot.
 */
async function prepareDatabase(env: Record<string, string>): Promise<void> {
  const placeholder = {
    email: 'placeholder@disk-full.test',
    username: 'placeholder',
    passwordHash: 'x',
    firstName: 'Disk',
    lastName: 'Full',
  };
  if (env.DATABASE_URL) {
    const database = await openDatabase({ databaseUrl: env.DATABASE_URL });
    await database.migrate();
    await database.db.insert(users).values(placeholder);
    await database.close();
    return;
  }
  const test = await openTestDatabase();
  await test.handle.db.insert(users).values(placeholder);
  // The drizzle handle of the in-memory snapshot keeps its PGlite as $client.
  const dump = await (test.handle.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
  await test.dispose();
  const onDisk = await PGlite.create(path.join(env.DATA_DIR!, 'pglite'), {
    loadDataDir: dump,
  });
  await onDisk.close();
}

interface Answer {
  status: number | 'timeout' | 'error';
  ms: number;
  /** When it was sent, in ms since the load began. */
  at: number;
  cid?: string;
  ref?: string;
  retryAfter?: string | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a full disk under load', () => {
  it('loses no answered click, answers fast (503 while it cannot write), says why, recovers, and stops with 0', async () => {
    // Room to spare once freed: the data the run leaves (database, WAL, journal) must leave more
    // than health's 16 MB minimum, or the restart below never reports healthy.
    const disk = smallDisk(160);
    const env: Record<string, string> = {
      ...(await serverEnv('disk_full')),
      DATA_DIR: disk.dir,
      ...disk.serverEnv,
    };
    await prepareDatabase(env);
    let server: ServerProcess = await startServerProcess(env);
    cleanups.push(async () => void server.child.kill('SIGKILL'));
    const { owner, secret, code } = await campaignOverHttp(server.base, 'disk_full');

    const started = Date.now();
    const visits: Answer[] = [];
    const conversions: Answer[] = [];
    const settings: Answer[] = [];
    const health: Array<{ at: number; status: number; problems: string[] }> = [];
    let stop = false;
    let n = 0;
    const timed = async (
      into: Answer[],
      request: () => Promise<Response>,
      extra: (res: Response) => Partial<Answer>,
    ) => {
      const at = Date.now() - started;
      try {
        const res = await request();
        await res.arrayBuffer();
        into.push({ status: res.status, ms: Date.now() - started - at, at, ...extra(res) });
      } catch (err) {
        const status = (err as Error).name === 'TimeoutError' ? 'timeout' : 'error';
        into.push({ status, ms: Date.now() - started - at, at });
      }
    };
    const visitor = async () => {
      while (!stop) {
        const i = n++;
        await timed(
          visits,
          () =>
            fetch(`${server.base}/r/${code}`, {
              redirect: 'manual',
              headers: { 'user-agent': `Mozilla/5.0 (disk full ${i}) Firefox/126.0` },
              signal: AbortSignal.timeout(10_000),
            }),
          (res) => ({
            cid: new URL(res.headers.get('location') ?? 'x:/').searchParams.get('cid') ?? undefined,
          }),
        );
      }
    };
    const merchant = async () => {
      while (!stop) {
        const ref = `order-${n++}`;
        await timed(
          conversions,
          () =>
            fetch(`${server.base}/api/v1/sdk-log-conversion/`, {
              method: 'POST',
              headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
              body: JSON.stringify({ conversionRef: ref, via: code, value: 10 }),
              signal: AbortSignal.timeout(10_000),
            }),
          (res) => ({ ref, retryAfter: res.headers.get('retry-after') }),
        );
      }
    };
    // A setting saved again and again: an update in place, which needs no new data page, only
    // room for its WAL, so the embedded database reaches the WAL file it cannot write.
    const settingsClient = async () => {
      for (let i = 0; !stop; i++) {
        await timed(
          settings,
          () =>
            fetch(`${server.base}/api/v1/user/notification-preferences/`, {
              method: 'PUT',
              headers: { authorization: `Bearer ${owner}`, 'content-type': 'application/json' },
              body: JSON.stringify({
                in_app: true,
                email: i % 2 === 0,
                sms: false,
                push: false,
                chat: false,
              }),
              signal: AbortSignal.timeout(10_000),
            }),
          (res) => ({ retryAfter: res.headers.get('retry-after') }),
        );
      }
    };
    const probe = async () => {
      while (!stop) {
        const at = Date.now() - started;
        try {
          const res = await fetch(`${server.base}/api/v1/health/`, {
            signal: AbortSignal.timeout(5_000),
          });
          const body = (await res.json()) as { problems?: string[] };
          health.push({ at, status: res.status, problems: body.problems ?? [] });
        } catch (err) {
          health.push({ at, status: 0, problems: [`no answer: ${(err as Error).message}`] });
        }
        await sleep(200);
      }
    };
    const load = [
      ...Array.from({ length: 6 }, visitor),
      ...Array.from({ length: 2 }, merchant),
      settingsClient(),
      probe(),
    ];
    const since = (at: number) => health.filter((h) => h.at >= at);
    const until = async (done: () => boolean, ms: number) => {
      for (const end = Date.now() + ms; !done() && Date.now() < end;) await sleep(100);
    };

    await sleep(1500);
    const filledAt = Date.now() - started;
    disk.fill();
    // Until the embedded database has given up (a WAL file it could not write), or 12 s.
    await until(
      () => since(filledAt).some((h) => h.problems.some((p) => p.startsWith('database:'))),
      12_000,
    );
    await sleep(1500);
    const freedAt = Date.now() - started;
    disk.free();
    await until(() => since(freedAt).some((h) => h.status === 200), 20_000);
    const recoveredAt = Date.now() - started;
    const convertedAfter = () =>
      conversions.filter((c) => c.at >= recoveredAt && c.status === 201).length;
    await until(() => convertedAfter() >= 3, 10_000);
    stop = true;
    await Promise.all(load);
    const aliveUnderFault = server.child.exitCode === null && server.child.signalCode === null;

    const stopping = Date.now();
    server.child.kill('SIGTERM');
    const exitCode = await exited(server.child);
    const stopMs = Date.now() - stopping;

    // Restart on the same data (the journal's clicks are stored before serving), stop, count.
    server = await startServerProcess(env);
    server.child.kill('SIGTERM');
    await exited(server.child);
    const database = await openDatabase({
      databaseUrl: env.DATABASE_URL,
      pgliteDir: path.join(env.DATA_DIR!, 'pglite'),
    });
    let stored: { clicks: Set<string>; refs: Set<string> };
    try {
      const clickRows = (await database.db.execute(`select click_id from clicks`)) as unknown as {
        rows: Array<{ click_id: string }>;
      };
      const conversionRows = (await database.db.execute(
        `select conversion_ref from conversions`,
      )) as unknown as { rows: Array<{ conversion_ref: string }> };
      stored = {
        clicks: new Set(clickRows.rows.map((r) => r.click_id)),
        refs: new Set(conversionRows.rows.map((r) => r.conversion_ref)),
      };
    } finally {
      await database.close();
    }

    const answeredClicks = visits.flatMap((v) => (v.status === 302 && v.cid ? [v.cid] : []));
    const acknowledged = conversions.flatMap((c) => (c.status === 201 && c.ref ? [c.ref] : []));
    const duringFault = conversions.filter((c) => c.at >= filledAt && c.at < recoveredAt);
    const problems = [...new Set(since(filledAt).flatMap((h) => h.problems))];
    const tally = (answers: Answer[]) =>
      answers.reduce<Record<string, number>>((counts, a) => {
        counts[a.status] = (counts[a.status] ?? 0) + 1;
        return counts;
      }, {});
    const report = JSON.stringify({
      disk: disk.kind,
      visits: tally(visits),
      conversions: tally(conversions),
      settings: tally(settings),
      slowestDuringFault: Math.max(0, ...duringFault.map((c) => c.ms)),
      recoveredAfterMs: recoveredAt - freedAt,
      problems,
      stopMs,
    });

    assert.deepEqual(
      {
        lostClicks: answeredClicks.filter((cid) => !stored.clicks.has(cid)).length,
        lostConversions: acknowledged.filter((ref) => !stored.refs.has(ref)).length,
        deadProcesses: aliveUnderFault ? 0 : 1,
        exitCode,
      },
      { lostClicks: 0, lostConversions: 0, deadProcesses: 0, exitCode: 0 },
      report,
    );
    assert.ok(
      answeredClicks.length > 100,
      `only ${answeredClicks.length} clicks answered: ${report}`,
    );
    // Every request answered, served or 503 (with Retry-After), never a 500 or a hang.
    assert.deepEqual(
      [...new Set(visits.map((v) => v.status))].filter((s) => s !== 302 && s !== 503),
      [],
      report,
    );
    assert.deepEqual(
      [...new Set(conversions.map((c) => c.status))].filter((s) => s !== 201 && s !== 503),
      [],
      report,
    );
    assert.deepEqual(
      [...new Set(settings.map((c) => c.status))].filter((s) => s !== 200 && s !== 503),
      [],
      report,
    );
    assert.ok(
      [...conversions, ...settings].filter((c) => c.status === 503).every((c) => c.retryAfter),
      `a 503 without Retry-After: ${report}`,
    );
    // Answered at once while it cannot write (before, they waited on a database that had stopped
    // for good); the bound leaves room for a machine busy with other tests.
    assert.ok(duringFault.length > 0 && duringFault.every((c) => c.ms < 8000), report);
    // Health said what was wrong, then recovered by itself once space returned.
    assert.ok(
      problems.some((p) => /ENOSPC|No space left|free in DATA_DIR/.test(p)),
      `health named no disk problem: ${report}`,
    );
    assert.ok(recoveredAt - freedAt < 20_000, `no recovery after space returned: ${report}`);
    assert.ok(convertedAfter() >= 3, `conversions not stored after recovery: ${report}`);
  });
});

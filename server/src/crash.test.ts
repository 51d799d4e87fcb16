// A crash under load: the server process is killed (SIGKILL, no chance to flush) while share-link
// visits and conversions pour in, then started again on the same data. Every click that got its
// 302 and every conversion that got its 201 must be stored: answered means kept.
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { openDatabase } from './db/client.js';
import {
  campaignOverHttp,
  cleanups,
  exited,
  serverEnv,
  startServerProcess,
} from './test/server-process.js';

describe('kill -9 under load', () => {
  it('keeps every answered click and every acknowledged conversion', async () => {
    const env: Record<string, string> = {
      ...(await serverEnv('crash')),
      // Nothing is flushed on a timer during the test: the clicks live in memory (and the
      // journal) until the kill.
      CLICK_FLUSH_MS: '600000',
      CLICK_BATCH_SIZE: '1000000',
    };

    let server = await startServerProcess(env);
    cleanups.push(async () => void server.child.kill('SIGKILL'));
    const { secret, code } = await campaignOverHttp(server.base, 'crash');

    // Load: visits (each a new visitor: a user agent of its own) and conversions, until killed.
    const answeredClicks: string[] = [];
    const acknowledged: string[] = [];
    let killed = false;
    let n = 0;
    const visitor = async () => {
      while (!killed) {
        const i = n++;
        try {
          const res = await fetch(`${server.base}/r/${code}`, {
            redirect: 'manual',
            headers: { 'user-agent': `Mozilla/5.0 (crash test ${i}) Firefox/126.0` },
          });
          const cid = new URL(res.headers.get('location') ?? 'x:/').searchParams.get('cid');
          if (res.status === 302 && cid) answeredClicks.push(cid);
        } catch {
          // the connection died with the server: not answered
        }
      }
    };
    const merchant = async () => {
      while (!killed) {
        const ref = `order-${n++}`;
        try {
          const res = await fetch(`${server.base}/api/v1/sdk-log-conversion/`, {
            method: 'POST',
            headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
            body: JSON.stringify({ conversionRef: ref, via: code, value: 10 }),
          });
          if (res.status === 201) acknowledged.push(ref);
        } catch {
          // not acknowledged
        }
      }
    };
    const load = [...Array.from({ length: 8 }, visitor), ...Array.from({ length: 2 }, merchant)];
    await new Promise((r) => setTimeout(r, 2500));
    server.child.kill('SIGKILL');
    killed = true;
    await Promise.all(load);
    await exited(server.child);
    assert.ok(answeredClicks.length > 100, `only ${answeredClicks.length} clicks answered`);
    assert.ok(acknowledged.length > 5, `only ${acknowledged.length} conversions acknowledged`);

    // Restart on the same data, then stop cleanly and read what is stored.
    server = await startServerProcess(env);
    server.child.kill('SIGTERM');
    await exited(server.child);
    const database = await openDatabase({
      databaseUrl: env.DATABASE_URL,
      pgliteDir: path.join(env.DATA_DIR!, 'pglite'),
    });
    try {
      const clickRows = (await database.db.execute(`select click_id from clicks`)) as unknown as {
        rows: Array<{ click_id: string }>;
      };
      const conversionRows = (await database.db.execute(
        `select conversion_ref from conversions`,
      )) as unknown as { rows: Array<{ conversion_ref: string }> };
      const storedClicks = new Set(clickRows.rows.map((r) => r.click_id));
      const storedRefs = new Set(conversionRows.rows.map((r) => r.conversion_ref));
      const lostClicks = answeredClicks.filter((cid) => !storedClicks.has(cid));
      const lostConversions = acknowledged.filter((ref) => !storedRefs.has(ref));
      assert.deepEqual(
        { lostClicks: lostClicks.length, lostConversions: lostConversions.length },
        { lostClicks: 0, lostConversions: 0 },
        `of ${answeredClicks.length} answered clicks and ${acknowledged.length} acknowledged conversions`,
      );
    } finally {
      await database.close();
    }
  });
});

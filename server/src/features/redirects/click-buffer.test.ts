// The click buffer's batching and failure rules, against a writer the test controls (the
// database path is covered in redirects.test.ts).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ClickBatch } from './click-batch.js';
import { ClickBuffer, type ClickLog } from './click-buffer.js';
import { decodeClicks } from './click-codec.js';
import { ClickJournal } from './click-journal.js';
import type { Click } from './click-store.js';

const click = (n: number): Click => ({
  clickId: `click-${n}`,
  createdAt: new Date('2030-01-01T12:00:00Z'),
  linkId: 1,
  campaignId: 1,
  productId: 1,
  advocateId: 1,
  brandId: 1,
  source: 'direct',
  referrerHost: null,
  device: 'desktop',
  visitorHash: `visitor-${n}`,
});

/** A writer whose writes finish when the test says, recording each batch's click numbers. */
function controlledWriter() {
  const batches: string[][] = [];
  const finishers: Array<(error?: Error) => void> = [];
  const write = (batch: ClickBatch) =>
    new Promise<void>((resolve, reject) => {
      batches.push(batch.clicks().map((c) => c.clickId));
      finishers.push((error) => (error ? reject(error) : resolve()));
    });
  const finishNext = async (error?: Error) => {
    finishers.shift()?.(error);
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { batches, write, finishNext };
}

function recordingLog() {
  const lines: Array<{ msg: string } & Record<string, unknown>> = [];
  const log: ClickLog = {
    error: (...args: unknown[]) => {
      const [fields, msg] = args as [Record<string, unknown>, string];
      lines.push({ ...fields, msg });
    },
  };
  return { log, lines };
}

describe('ClickBuffer', () => {
  it('gathers the clicks that arrive during a write into one next batch', async () => {
    const writer = controlledWriter();
    const buffer = new ClickBuffer(writer.write, recordingLog().log, {
      flushMs: 60_000,
      batchSize: 2,
    });
    buffer.add(click(1));
    buffer.add(click(2)); // a full batch: its write starts
    for (let n = 3; n <= 7; n++) buffer.add(click(n)); // all arrive while it runs
    assert.deepEqual(writer.batches, [['click-1', 'click-2']]);
    assert.equal(buffer.find('click-1')?.visitorHash, 'visitor-1', 'found while being written');
    assert.equal(buffer.find('click-7')?.visitorHash, 'visitor-7', 'found while waiting');
    await writer.finishNext();
    assert.deepEqual(writer.batches[1], ['click-3', 'click-4', 'click-5', 'click-6', 'click-7']);
    await writer.finishNext();
    assert.equal(buffer.pending, 0);
    assert.equal(writer.batches.length, 2);
    assert.equal(buffer.find('click-1'), undefined, 'stored: the database has it now');
    await buffer.close();
  });

  it('keeps the clicks of a failed write, in order, for the next attempt', async () => {
    const writer = controlledWriter();
    const { log, lines } = recordingLog();
    const buffer = new ClickBuffer(writer.write, log, { flushMs: 60_000, batchSize: 100 });
    buffer.add(click(1));
    buffer.add(click(2));
    const failed = buffer.flush();
    buffer.add(click(3));
    await writer.finishNext(new Error('database is down'));
    await failed;
    assert.equal(buffer.pending, 3);
    assert.equal(
      buffer.find('click-1')?.visitorHash,
      'visitor-1',
      'still findable for attribution',
    );
    assert.match(lines[0]?.msg ?? '', /writing clicks failed/);

    const retried = buffer.flush();
    await writer.finishNext();
    await retried;
    assert.deepEqual(writer.batches[1], ['click-1', 'click-2', 'click-3']);
    assert.equal(buffer.pending, 0);
    assert.equal(buffer.find('click-1'), undefined);
    await buffer.close();
  });

  it('drops the oldest beyond its limit and says so once per write, not once per click', async () => {
    const writer = controlledWriter();
    const { log, lines } = recordingLog();
    const buffer = new ClickBuffer(writer.write, log, {
      flushMs: 60_000,
      batchSize: 100,
      maxWaiting: 3,
    });
    for (let n = 1; n <= 6; n++) buffer.add(click(n));
    assert.equal(buffer.pending, 3);
    const flushed = buffer.flush();
    await writer.finishNext();
    await flushed;
    assert.deepEqual(writer.batches, [['click-4', 'click-5', 'click-6']]);
    const drops = lines.filter((line) => /click buffer full/.test(line.msg));
    assert.equal(drops.length, 1);
    assert.equal(drops[0]?.dropped, 3);
    await buffer.close();
  });

  it("answers a turn's redirects after one journal write of all its clicks, not before", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'journal-'));
    const buffer = new ClickBuffer(controlledWriter().write, recordingLog().log, {
      flushMs: 60_000,
      batchSize: 100,
      journal: new ClickJournal(dir),
    });
    const answered: number[] = [];
    for (const n of [1, 2, 3]) {
      buffer.add(click(n));
      buffer.whenJournaled(() => answered.push(n));
    }
    const [segment] = readdirSync(dir);
    const onDisk = () => decodeClicks(readFileSync(path.join(dir, segment!))).map((c) => c.clickId);
    assert.equal(answered.length, 0, 'nobody is answered before their click is written');
    assert.deepEqual(onDisk(), []);
    assert.equal(buffer.find('click-2')?.visitorHash, 'visitor-2', 'found before its turn ends');
    await new Promise<void>((resolve) => setImmediate(resolve));
    assert.deepEqual(answered, [1, 2, 3]);
    assert.deepEqual(onDisk(), ['click-1', 'click-2', 'click-3']);
    assert.equal(buffer.find('click-2')?.visitorHash, 'visitor-2', 'found once encoded');
    // With nothing waiting for its write, a redirect (a repeat visit) is answered at once.
    buffer.whenJournaled(() => answered.push(4));
    assert.deepEqual(answered, [1, 2, 3, 4]);
  });
});

// Clicks wait in memory and are written in batches (click-store.ts), every `flushMs` or as soon as
// `batchSize` are waiting, so a redirect never waits on the database. close() (app.close(), i.e.
// graceful shutdown) writes what is left. A failed write keeps the clicks for the next attempt,
// up to `maxWaiting`; beyond that the oldest are dropped (and logged) rather than letting a dead
// database eat the process's memory.
//
// Group commit, as databases do with their logs: the clicks of one turn of the event loop are
// encoded once, when the turn ends (setImmediate), into the tuples that both the journal (one
// write(2) per turn) and the batch's COPY take, and the redirects waiting on them
// (whenJournaled) are answered right after. One system call per click cost the redirect about a
// third of its throughput; one per turn serves every request that turn parsed.
import type { FastifyBaseLogger } from 'fastify';
import type { ClickSource } from '../../db/schema.js';
import type { TalliedLink } from '../rollups/index.js';
import { ClickBatch } from './click-batch.js';
import { encodeClicks, type Click } from './click-codec.js';
import type { ClickJournal, JournalHealth } from './click-journal.js';

/** All the buffer logs: failures and drops. */
export type ClickLog = Pick<FastifyBaseLogger, 'error'>;

export interface ClickBufferOptions {
  flushMs: number;
  batchSize: number;
  /** Clicks kept while the database is failing; the oldest beyond it are dropped. */
  maxWaiting?: number;
  /** Where each click is appended before its redirect is answered (whenJournaled), so a crash
   * loses no answered click. */
  journal?: ClickJournal;
}

export class ClickBuffer {
  /** The clicks and impressions gathered for the next write. */
  private waiting = new ClickBatch();
  /** This turn's clicks, encoded into `waiting` when the turn ends (their tally is in it already). */
  private turn: Click[] = [];
  /** What waits for this turn's clicks to be journaled (the redirects of their clicks). */
  private answers: ((journaled: boolean) => void)[] = [];
  private turnScheduled = false;
  /** The batch being written: like the waiting clicks, still found by find() until it is stored. */
  private writing: ClickBatch | undefined;
  private flushing: Promise<void> | undefined;
  private readonly timer: NodeJS.Timeout;
  private closed = false;
  /** Dropped since the last log line (one line per write, not one per click). */
  private dropped = 0;
  private readonly maxWaiting: number;
  private lastWriteStored = true;

  constructor(
    private readonly storeBatch: (batch: ClickBatch) => Promise<unknown>,
    private readonly log: ClickLog,
    private readonly options: ClickBufferOptions,
  ) {
    this.maxWaiting = options.maxWaiting ?? 200_000;
    this.timer = setInterval(() => void this.flush(), options.flushMs);
    // A pending flush must not keep a stopping process alive; close() does the final write.
    this.timer.unref();
  }

  get pending(): number {
    return this.waiting.size + this.turn.length;
  }

  add(click: Click): void {
    if (this.pending >= this.maxWaiting) {
      // Full (writes have been failing): drop the oldest tenth at once rather than a click at a
      // time.
      this.endTurn();
      this.dropped += this.waiting.dropOldest(Math.ceil(this.maxWaiting / 10));
    }
    this.waiting.tally.addClick(click);
    this.turn.push(click);
    if (!this.turnScheduled) {
      this.turnScheduled = true;
      setImmediate(this.endTurn);
    }
    // While a write is running, clicks gather into the next batch: bigger batches under load,
    // one statement in flight at a time.
    if (this.pending >= this.options.batchSize && !this.flushing) void this.flush();
  }

  /** Encodes this turn's clicks into the waiting batch and the journal, then answers their redirects. */
  private readonly endTurn = (): void => {
    this.turnScheduled = false;
    let journaled = true;
    if (this.turn.length > 0) {
      const tuples = encodeClicks(this.turn);
      this.waiting.addTuples(tuples, this.turn.length);
      this.turn = [];
      if (this.options.journal) journaled = this.options.journal.write(tuples);
    }
    const answers = this.answers;
    this.answers = [];
    for (const then of answers) then(journaled);
  };

  /**
   * Runs `then` once the clicks added so far are in the journal (at the end of this turn of the
   * event loop), with false when the journal could not write them (a full disk): a counted
   * click's redirect is sent from here only when its click survives a crash. Without a journal,
   * or with no click waiting for its write, at once.
   */
  whenJournaled(then: (journaled: boolean) => void): void {
    if (this.options.journal && this.turn.length > 0) this.answers.push(then);
    else then(true);
  }

  /** The journal's state (health route); writable without a journal. */
  journalHealth(): JournalHealth {
    return this.options.journal?.health() ?? { writable: true };
  }

  /** Counts one redirect of a person (not a bot, not HEAD) on `link` at `atMs`. */
  addImpression(link: TalliedLink, source: ClickSource, atMs: number): void {
    this.waiting.tally.addImpressions(link, source, atMs);
  }

  /**
   * A click not yet stored, by its click id, so a conversion can attribute by cid right after
   * the click. A search of the held tuples (newest first): rarer than adds, which then need no
   * index.
   */
  find(clickId: string): Click | undefined {
    return (
      this.turn.findLast((click) => click.clickId === clickId) ??
      this.waiting.find(clickId) ??
      this.writing?.find(clickId)
    );
  }

  /** Writes everything waiting now; resolves when it is stored (or the attempt failed and was logged). */
  async flush(): Promise<void> {
    // One writer at a time keeps the order and the batches simple; a flush asked for meanwhile
    // runs right after (clicks may have arrived since the running one took its batch).
    while (this.flushing) await this.flushing;
    this.endTurn();
    if (this.waiting.tally.isEmpty) return;
    const batch = this.waiting;
    this.waiting = new ClickBatch();
    // The journal segment holding these clicks (and any retried ones, in older segments).
    const sealed = this.options.journal?.seal();
    if (this.dropped > 0) {
      this.log.error({ dropped: this.dropped }, 'click buffer full: oldest clicks dropped');
      this.dropped = 0;
    }
    this.flushing = this.write(batch)
      .then((stored) => {
        this.lastWriteStored = stored;
        if (stored && sealed !== undefined) this.options.journal?.release(sealed);
      })
      .finally(() => {
        this.flushing = undefined;
        // What arrived during the write goes next, at once if it already fills a batch.
        if (this.pending >= this.options.batchSize) void this.flush();
      });
    await this.flushing;
  }

  /** Stores the batch; true when all of it was stored. */
  private async write(batch: ClickBatch): Promise<boolean> {
    this.writing = batch;
    try {
      await this.storeBatch(batch);
      return true;
    } catch (err) {
      this.log.error({ err, clicks: batch.size }, 'writing clicks failed; will retry');
      // Back in front of whatever arrived meanwhile (unless we are closing: nothing will retry).
      if (!this.closed) {
        batch.append(this.waiting);
        this.waiting = batch;
      }
      return false;
    } finally {
      this.writing = undefined;
    }
  }

  /** Stops the timer and writes what is left. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
    this.closed = true;
    // A failed final write gets one more try now that nothing else is coming.
    if (this.pending > 0) await this.flush();
    // What could not be stored stays in the journal for the next start.
    this.options.journal?.close(this.pending === 0 && this.lastWriteStored);
  }
}

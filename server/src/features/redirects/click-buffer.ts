// Clicks wait in memory and are written in batches (click-store.ts), every `flushMs` or as soon as
// `batchSize` are waiting, so a redirect never waits on the database. close() (app.close(), i.e.
// graceful shutdown) writes what is left. A failed write keeps the clicks for the next attempt,
// up to `maxWaiting`; beyond that the oldest are dropped (and logged) rather than letting a dead
// database eat the process's memory.
import type { FastifyBaseLogger } from 'fastify';
import type { ClickSource } from '../../db/schema.js';
import type { ImpressionCount } from '../rollups/index.js';
import type { ClickJournal } from './click-journal.js';
import type { Click } from './click-store.js';

const HOUR_MS = 60 * 60 * 1000;

/** The ids of the link an impression was made on. */
export interface ImpressionLink {
  linkId: number;
  brandId: number;
  campaignId: number;
  advocateId: number;
}

/** All the buffer logs: failures and drops. */
export type ClickLog = Pick<FastifyBaseLogger, 'error'>;

/** Most clicks handed to one write (one COPY or INSERT). */
const ROWS_PER_WRITE = 10_000;

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
  private waiting: Click[] = [];
  /**
   * Impressions (every redirect of a person, repeat visits included) counted per link, hour and
   * source since the last write: a map update per redirect, written with the next batch.
   */
  private impressions = new Map<string, ImpressionCount>();
  /** The batch being written: like the waiting clicks, still found by find() until it is stored. */
  private writing: readonly Click[] = [];
  private flushing: Promise<void> | undefined;
  private readonly timer: NodeJS.Timeout;
  private closed = false;
  /** Dropped since the last log line (one line per write, not one per click). */
  private dropped = 0;
  private readonly maxWaiting: number;
  private lastWriteStored = true;

  constructor(
    private readonly writeClicks: (
      clicks: readonly Click[],
      impressions: readonly ImpressionCount[],
    ) => Promise<unknown>,
    private readonly log: ClickLog,
    private readonly options: ClickBufferOptions,
  ) {
    this.maxWaiting = options.maxWaiting ?? 200_000;
    this.timer = setInterval(() => void this.flush(), options.flushMs);
    // A pending flush must not keep a stopping process alive; close() does the final write.
    this.timer.unref();
  }

  get pending(): number {
    return this.waiting.length;
  }

  add(click: Click): void {
    this.options.journal?.append(click);
    if (this.waiting.length >= this.maxWaiting) {
      // Full (writes have been failing): drop the oldest tenth at once rather than shifting the
      // whole array on every click.
      const dropped = this.waiting.splice(0, Math.ceil(this.maxWaiting / 10));
      this.dropped += dropped.length;
    }
    this.waiting.push(click);
    // While a write is running, clicks gather into the next batch: bigger batches under load,
    // one statement in flight at a time.
    if (this.waiting.length >= this.options.batchSize && !this.flushing) void this.flush();
  }

  /**
   * Runs `then` once the clicks added so far are in the journal (at the end of this turn of the
   * event loop): a counted click's redirect is sent from here, so an answered click survives a
   * crash. Without a journal, at once.
   */
  whenJournaled(then: () => void): void {
    if (this.options.journal) this.options.journal.whenWritten(then);
    else then();
  }

  /** Counts one redirect of a person (not a bot, not HEAD) on `link` at `atMs`. */
  addImpression(link: ImpressionLink, source: ClickSource, atMs: number): void {
    const hour = atMs - (atMs % HOUR_MS);
    const key = `${link.linkId}|${hour}|${source}`;
    const counted = this.impressions.get(key);
    if (counted) counted.count += 1;
    else
      this.impressions.set(key, {
        hour,
        linkId: link.linkId,
        brandId: link.brandId,
        campaignId: link.campaignId,
        advocateId: link.advocateId,
        source,
        count: 1,
      });
  }

  /**
   * A click not yet stored, by its click id, so a conversion can attribute by cid right after
   * the click. A scan (newest first): rarer than adds, which then need no index.
   */
  find(clickId: string): Click | undefined {
    const matches = (click: Click) => click.clickId === clickId;
    return this.waiting.findLast(matches) ?? this.writing.findLast(matches);
  }

  /** Writes everything waiting now; resolves when it is stored (or the attempt failed and was logged). */
  async flush(): Promise<void> {
    // One writer at a time keeps the order and the batches simple; a flush asked for meanwhile
    // runs right after (clicks may have arrived since the running one took its batch).
    while (this.flushing) await this.flushing;
    if (this.waiting.length === 0 && this.impressions.size === 0) return;
    const batch = this.waiting;
    this.waiting = [];
    // The journal segment holding these clicks (and any retried ones, in older segments).
    const sealed = this.options.journal?.seal();
    const impressions = [...this.impressions.values()];
    this.impressions = new Map();
    if (this.dropped > 0) {
      this.log.error({ dropped: this.dropped }, 'click buffer full: oldest clicks dropped');
      this.dropped = 0;
    }
    this.flushing = this.write(batch, impressions)
      .then((stored) => {
        this.lastWriteStored = stored;
        if (stored && sealed !== undefined) this.options.journal?.release(sealed);
      })
      .finally(() => {
        this.flushing = undefined;
        // What arrived during the write goes next, at once if it already fills a batch.
        if (this.waiting.length >= this.options.batchSize) void this.flush();
      });
    await this.flushing;
  }

  /** Stores the batch; true when all of it was stored. */
  private async write(batch: Click[], impressions: ImpressionCount[]): Promise<boolean> {
    let written = 0;
    let unwrittenImpressions = impressions;
    this.writing = batch;
    try {
      // The impressions go with the first write (a batch of no clicks still writes them).
      do {
        await this.writeClicks(
          batch.slice(written, written + ROWS_PER_WRITE),
          unwrittenImpressions,
        );
        unwrittenImpressions = [];
        written += ROWS_PER_WRITE;
      } while (written < batch.length);
      return true;
    } catch (err) {
      const unwritten = batch.slice(written);
      this.log.error({ err, clicks: unwritten.length }, 'writing clicks failed; will retry');
      // Back in front of whatever arrived meanwhile (unless we are closing: nothing will retry).
      if (!this.closed) {
        this.waiting = unwritten.concat(this.waiting);
        for (const i of unwrittenImpressions) {
          const key = `${i.linkId}|${i.hour}|${i.source}`;
          const counted = this.impressions.get(key);
          if (counted) counted.count += i.count;
          else this.impressions.set(key, i);
        }
      }
      return false;
    } finally {
      this.writing = [];
    }
  }

  /** Stops the timer and writes what is left. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
    this.closed = true;
    // A failed final write gets one more try now that nothing else is coming.
    if (this.waiting.length > 0) await this.flush();
    // What could not be stored stays in the journal for the next start.
    this.options.journal?.close(this.waiting.length === 0 && this.lastWriteStored);
  }
}

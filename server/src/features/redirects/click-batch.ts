// A batch of clicks on its way to the database, held the way it will be stored rather than as
// click objects: the binary COPY tuples the journal already wrote for them (click-codec.ts), and
// the tally of what they add to the rollups, kept up to date as each click and impression
// arrives. Storing the batch then sends the tuples as they are and writes the tally's few cells,
// and a click object lives only until the end of the event loop's turn that encoded it (objects
// held for a second until their batch was stored were most of the garbage collector's work).
import { ClickTally, type ImpressionCount } from '../rollups/index.js';
import {
  COPY_BINARY_HEADER,
  COPY_BINARY_TRAILER,
  decodeClicks,
  encodeClicks,
  findClick,
  type Click,
} from './click-codec.js';

export class ClickBatch {
  /** Consecutive tuples, one buffer per turn of the event loop that added clicks. */
  private chunks: Buffer[] = [];
  private rows: number[] = [];
  private total = 0;
  private counts = new ClickTally();

  /** A batch of these clicks and impressions at once (a replayed journal, the demo data). */
  static of(clicks: readonly Click[], impressions: readonly ImpressionCount[] = []): ClickBatch {
    const batch = new ClickBatch();
    batch.counts = ClickTally.of(clicks, impressions);
    if (clicks.length > 0) batch.addTuples(encodeClicks(clicks), clicks.length);
    return batch;
  }

  /** Clicks held. */
  get size(): number {
    return this.total;
  }

  /** What the batch adds to the rollups; the redirect adds each click and impression to it. */
  get tally(): ClickTally {
    return this.counts;
  }

  /** Appends `count` clicks' tuples (their tally is the caller's to keep). */
  addTuples(tuples: Buffer, count: number): void {
    this.chunks.push(tuples);
    this.rows.push(count);
    this.total += count;
  }

  /** The batch as a binary COPY stream's pieces: the header, the tuples, the trailer. */
  copyData(): Buffer[] {
    return [COPY_BINARY_HEADER, ...this.chunks, COPY_BINARY_TRAILER];
  }

  /** The clicks themselves, decoded (the rare rebuilds below, and tests). */
  clicks(): Click[] {
    return this.chunks.flatMap(decodeClicks);
  }

  /**
   * The clicks decoded a piece of about `size` at a time (whole turns), for the INSERT path: a
   * batch of tens of thousands decoded at once would hold up the event loop.
   */
  *pieces(size: number): Generator<Click[]> {
    let piece: Click[] = [];
    for (const chunk of this.chunks) {
      piece.push(...decodeClicks(chunk));
      if (piece.length >= size) {
        yield piece;
        piece = [];
      }
    }
    if (piece.length > 0) yield piece;
  }

  /** The click with this id, if the batch holds it. */
  find(clickId: string): Click | undefined {
    for (let i = this.chunks.length - 1; i >= 0; i--) {
      const found = findClick(this.chunks[i]!, clickId);
      if (found) return found;
    }
    return undefined;
  }

  /** Takes `later`'s clicks and tally after its own (a failed batch going back in front). */
  append(later: ClickBatch): void {
    this.chunks.push(...later.chunks);
    this.rows.push(...later.rows);
    this.total += later.total;
    this.counts.merge(later.counts);
  }

  /**
   * Drops at least `count` of the oldest clicks (whole turns at a time) and returns how many.
   * The tally is counted again from the clicks that stay, keeping every impression: a sketch
   * cannot forget a visitor. Only a database failing for a long while gets here.
   */
  dropOldest(count: number): number {
    let dropped = 0;
    let turns = 0;
    while (dropped < count && turns < this.chunks.length) dropped += this.rows[turns++]!;
    this.chunks = this.chunks.slice(turns);
    this.rows = this.rows.slice(turns);
    this.total -= dropped;
    this.counts = this.counts.withClicks(this.clicks());
    return dropped;
  }
}

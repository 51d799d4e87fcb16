// The one-hour window's memory inside one process: the last `capacity` counted (link, visitor)
// pairs, each with its click id, source and the time it was counted, held in typed arrays rather
// than one JavaScript object per visitor. It replaced an lru-cache of 500,000 entries: a key
// string, an entry object and a click id string each, 1.5 million small objects that every major
// garbage collection marked again, so the redirect grew slower as the window filled (the soak
// bench). Here the garbage collector sees a dozen arrays, however many visitors there are.
//
// Rules:
// - A pair is identified by its link id and 64 bits of its visitor hash (the hash is a keyed
//   SHA-256 in hex, so any 64 of its bits are as good as random; two visitors of one link would
//   share them with a probability of about 1 in 10^8 with the ring full).
// - Full, the ring overwrites the pair counted longest ago. Every pair's window runs for the
//   same time from its counted click (a repeat visit does not extend it), so that pair is also
//   the one closest to expiry; forgetting it early means its next visit counts again.
// - A pair older than the window is no longer found, and a new claim replaces it.
// Lookups go through an open-addressing index (linear probing, deletions by backward shift so
// no tombstones pile up) sized to twice the capacity.
import { CLICK_SOURCES, type ClickSource } from '../../db/schema.js';

/** Room for a click id (they are 25 characters: newClickId). */
const CLICK_ID_MAX = 32;
const EMPTY = 0;

export interface RingEntry {
  clickId: string;
  source: ClickSource;
  /** When the pair's click was counted (ms). */
  claimedAt: number;
}

export class VisitorRing {
  private readonly linkIds: Uint32Array;
  private readonly hashHigh: Uint32Array;
  private readonly hashLow: Uint32Array;
  /** NaN marks a slot whose pair was dropped from the index (expired and replaced). */
  private readonly claimedAt: Float64Array;
  private readonly sources: Uint8Array;
  private readonly clickIdLengths: Uint8Array;
  private readonly clickIds: Buffer;
  /** Open-addressing index: slot + 1, or EMPTY. */
  private readonly index: Uint32Array;
  private readonly mask: number;
  /** The slot the next pair is written to (the oldest once the ring is full). */
  private next = 0;
  private used = 0;

  constructor(
    private readonly capacity: number,
    private readonly windowMs: number,
  ) {
    this.linkIds = new Uint32Array(capacity);
    this.hashHigh = new Uint32Array(capacity);
    this.hashLow = new Uint32Array(capacity);
    this.claimedAt = new Float64Array(capacity);
    this.sources = new Uint8Array(capacity);
    this.clickIdLengths = new Uint8Array(capacity);
    this.clickIds = Buffer.alloc(capacity * CLICK_ID_MAX);
    let size = 1;
    while (size < capacity * 2) size *= 2;
    this.index = new Uint32Array(size);
    this.mask = size - 1;
  }

  /** Pairs held (expired ones included until they are overwritten or looked up). */
  get size(): number {
    return this.used;
  }

  private home(linkId: number, high: number): number {
    return (Math.imul(linkId, 0x9e3779b1) ^ high) & this.mask;
  }

  /** The index position holding the pair, or -1. */
  private find(linkId: number, high: number, low: number): number {
    for (let i = this.home(linkId, high); ; i = (i + 1) & this.mask) {
      const held = this.index[i]!;
      if (held === EMPTY) return -1;
      const slot = held - 1;
      if (
        this.linkIds[slot] === linkId &&
        this.hashHigh[slot] === high &&
        this.hashLow[slot] === low
      )
        return i;
    }
  }

  /** Empties index position `i`, moving later entries of its probe run back (no tombstones). */
  private removeAt(i: number): void {
    let hole = i;
    this.index[hole] = EMPTY;
    for (let j = (hole + 1) & this.mask; this.index[j] !== EMPTY; j = (j + 1) & this.mask) {
      const slot = this.index[j]! - 1;
      const home = this.home(this.linkIds[slot]!, this.hashHigh[slot]!);
      // The entry at j may fill the hole unless its home lies cyclically in (hole, j].
      const staysPut = hole < j ? hole < home && home <= j : hole < home || home <= j;
      if (staysPut) continue;
      this.index[hole] = this.index[j]!;
      this.index[j] = EMPTY;
      hole = j;
    }
  }

  /** The 64 bits of a visitor hash (hex) the ring keeps, as two words. */
  private static words(visitorHash: string): [high: number, low: number] {
    return [
      parseInt(visitorHash.slice(0, 8), 16) >>> 0,
      parseInt(visitorHash.slice(8, 16), 16) >>> 0,
    ];
  }

  /**
   * The index position of the live pair at `nowMs`, or -1; an expired pair found on the way
   * leaves the index, so a new claim is the only one found.
   */
  private findLive(linkId: number, high: number, low: number, nowMs: number): number {
    const at = this.find(linkId, high, low);
    if (at < 0) return -1;
    const slot = this.index[at]! - 1;
    if (nowMs - this.claimedAt[slot]! < this.windowMs) return at;
    this.removeAt(at);
    this.claimedAt[slot] = NaN;
    return -1;
  }

  private entryAt(at: number): RingEntry {
    const slot = this.index[at]! - 1;
    const start = slot * CLICK_ID_MAX;
    return {
      clickId: this.clickIds.toString('latin1', start, start + this.clickIdLengths[slot]!),
      source: CLICK_SOURCES[this.sources[slot]!]!,
      claimedAt: this.claimedAt[slot]!,
    };
  }

  /** The live pair of `linkId` and `visitorHash` (hex) at `nowMs`, if there is one. */
  get(linkId: number, visitorHash: string, nowMs: number): RingEntry | undefined {
    const [high, low] = VisitorRing.words(visitorHash);
    const at = this.findLive(linkId, high, low, nowMs);
    return at < 0 ? undefined : this.entryAt(at);
  }

  /**
   * The live pair's entry, or else a new one from `candidate()` remembered as claimed at `nowMs`
   * (`counted`): get and set with one reading of the hash and one lookup, for the redirect.
   */
  claim(
    linkId: number,
    visitorHash: string,
    nowMs: number,
    candidate: () => Omit<RingEntry, 'claimedAt'>,
  ): { entry: RingEntry; counted: boolean } {
    const [high, low] = VisitorRing.words(visitorHash);
    const at = this.findLive(linkId, high, low, nowMs);
    if (at >= 0) return { entry: this.entryAt(at), counted: false };
    const entry = { ...candidate(), claimedAt: nowMs };
    this.insert(linkId, high, low, entry);
    return { entry, counted: true };
  }

  /** Remembers the pair (replacing an expired one); full, the oldest pair is forgotten. */
  set(linkId: number, visitorHash: string, entry: RingEntry): void {
    const [high, low] = VisitorRing.words(visitorHash);
    const existing = this.find(linkId, high, low);
    if (existing >= 0) {
      this.claimedAt[this.index[existing]! - 1] = NaN;
      this.removeAt(existing);
    }
    this.insert(linkId, high, low, entry);
  }

  /** Writes a pair the index does not hold into the next slot. */
  private insert(linkId: number, high: number, low: number, entry: RingEntry): void {
    const slot = this.next;
    if (this.used === this.capacity) {
      // Overwriting the oldest pair: take it out of the index unless it already left.
      if (!Number.isNaN(this.claimedAt[slot])) {
        const at = this.find(this.linkIds[slot]!, this.hashHigh[slot]!, this.hashLow[slot]!);
        if (at >= 0) this.removeAt(at);
      }
    } else {
      this.used += 1;
    }
    this.next = (slot + 1) % this.capacity;
    this.linkIds[slot] = linkId;
    this.hashHigh[slot] = high;
    this.hashLow[slot] = low;
    this.claimedAt[slot] = entry.claimedAt;
    this.sources[slot] = CLICK_SOURCES.indexOf(entry.source);
    const length = Math.min(entry.clickId.length, CLICK_ID_MAX);
    this.clickIdLengths[slot] = length;
    this.clickIds.write(entry.clickId.slice(0, length), slot * CLICK_ID_MAX, 'latin1');
    for (let i = this.home(linkId, high); ; i = (i + 1) & this.mask) {
      if (this.index[i] === EMPTY) {
        this.index[i] = slot + 1;
        return;
      }
    }
  }
}

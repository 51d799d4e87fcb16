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
//
// Memory layout, for the processor's cache (a claim with the ring full took ~2.3 µs, mostly cache
// misses, when each field was an array of its own):
// - Each slot's fields sit together in one 64-byte line: link id, the two hash words, source,
//   click id length, the claim time and the click id.
// - The index is open addressing (linear probing, deletions by backward shift so no tombstones
//   pile up), sized to twice the capacity. Each position holds the slot and the pair's 32-bit
//   hash, so probing compares hashes in the index's own lines and a slot is read only on a
//   match; removing a pair looks for its slot number, and the backward shift reads each moved
//   entry's home from its hash.
import { CLICK_SOURCES, type ClickSource } from '../../db/schema.js';

/** Room for a click id (they are 25 characters: newClickId). */
const CLICK_ID_MAX = 32;
/** Bytes per slot, and where each field lies in it. */
const SLOT_BYTES = 64;
const LINK = 0; // u32 word 0
const HIGH = 1; // u32 word 1
const LOW = 2; // u32 word 2
const SOURCE_BYTE = 12;
const LENGTH_BYTE = 13;
const CLAIMED_AT = 2; // f64 word 2 (bytes 16-23)
const CLICK_ID_BYTE = 24;
const WORDS = SLOT_BYTES / 4;
const DOUBLES = SLOT_BYTES / 8;
const EMPTY = 0;

export interface RingEntry {
  clickId: string;
  source: ClickSource;
  /** When the pair's click was counted (ms). */
  claimedAt: number;
}

export class VisitorRing {
  /** The slots' words, doubles and bytes: three views of one buffer. */
  private readonly words: Uint32Array;
  /** A claim time of NaN marks a slot whose pair was dropped from the index (expired and replaced). */
  private readonly doubles: Float64Array;
  private readonly bytes: Buffer;
  /** Open-addressing index: pairs of (slot + 1 or EMPTY, the pair's hash). */
  private readonly index: Uint32Array;
  private readonly mask: number;
  /** The slot the next pair is written to (the oldest once the ring is full). */
  private next = 0;
  private used = 0;

  constructor(
    private readonly capacity: number,
    private readonly windowMs: number,
  ) {
    const slots = new ArrayBuffer(capacity * SLOT_BYTES);
    this.words = new Uint32Array(slots);
    this.doubles = new Float64Array(slots);
    this.bytes = Buffer.from(slots);
    let size = 1;
    while (size < capacity * 2) size *= 2;
    this.index = new Uint32Array(size * 2);
    this.mask = size - 1;
  }

  /** Pairs held (expired ones included until they are overwritten or looked up). */
  get size(): number {
    return this.used;
  }

  private static hash(linkId: number, high: number): number {
    return (Math.imul(linkId, 0x9e3779b1) ^ high) >>> 0;
  }

  private matches(slot: number, linkId: number, high: number, low: number): boolean {
    const w = slot * WORDS;
    return this.words[w + LINK] === linkId && this.words[w + HIGH] === high && this.words[w + LOW] === low;
  }

  /** The index position holding the pair, or -1. */
  private find(linkId: number, high: number, low: number): number {
    const hash = VisitorRing.hash(linkId, high);
    for (let i = hash & this.mask; ; i = (i + 1) & this.mask) {
      const held = this.index[i * 2]!;
      if (held === EMPTY) return -1;
      if (this.index[i * 2 + 1] === hash && this.matches(held - 1, linkId, high, low)) return i;
    }
  }

  /** The index position holding `slot`, or -1. */
  private findSlot(slot: number): number {
    const w = slot * WORDS;
    const hash = VisitorRing.hash(this.words[w + LINK]!, this.words[w + HIGH]!);
    for (let i = hash & this.mask; ; i = (i + 1) & this.mask) {
      const held = this.index[i * 2]!;
      if (held === EMPTY) return -1;
      if (held === slot + 1) return i;
    }
  }

  /** Empties index position `i`, moving later entries of its probe run back (no tombstones). */
  private removeAt(i: number): void {
    const index = this.index;
    let hole = i;
    index[hole * 2] = EMPTY;
    for (let j = (hole + 1) & this.mask; index[j * 2] !== EMPTY; j = (j + 1) & this.mask) {
      const home = index[j * 2 + 1]! & this.mask;
      // The entry at j may fill the hole unless its home lies cyclically in (hole, j].
      const staysPut = hole < j ? hole < home && home <= j : hole < home || home <= j;
      if (staysPut) continue;
      index[hole * 2] = index[j * 2]!;
      index[hole * 2 + 1] = index[j * 2 + 1]!;
      index[j * 2] = EMPTY;
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
    const slot = this.index[at * 2]! - 1;
    if (nowMs - this.doubles[slot * DOUBLES + CLAIMED_AT]! < this.windowMs) return at;
    this.removeAt(at);
    this.doubles[slot * DOUBLES + CLAIMED_AT] = NaN;
    return -1;
  }

  private entryAt(at: number): RingEntry {
    const slot = this.index[at * 2]! - 1;
    const start = slot * SLOT_BYTES;
    const clickId = start + CLICK_ID_BYTE;
    return {
      clickId: this.bytes.toString('latin1', clickId, clickId + this.bytes[start + LENGTH_BYTE]!),
      source: CLICK_SOURCES[this.bytes[start + SOURCE_BYTE]!]!,
      claimedAt: this.doubles[slot * DOUBLES + CLAIMED_AT]!,
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
      this.doubles[(this.index[existing * 2]! - 1) * DOUBLES + CLAIMED_AT] = NaN;
      this.removeAt(existing);
    }
    this.insert(linkId, high, low, entry);
  }

  /** Writes a pair the index does not hold into the next slot. */
  private insert(linkId: number, high: number, low: number, entry: RingEntry): void {
    const slot = this.next;
    if (this.used === this.capacity) {
      // Overwriting the oldest pair: take it out of the index unless it already left.
      if (!Number.isNaN(this.doubles[slot * DOUBLES + CLAIMED_AT])) {
        const at = this.findSlot(slot);
        if (at >= 0) this.removeAt(at);
      }
    } else {
      this.used += 1;
    }
    this.next = (slot + 1) % this.capacity;
    const w = slot * WORDS;
    this.words[w + LINK] = linkId;
    this.words[w + HIGH] = high;
    this.words[w + LOW] = low;
    this.doubles[slot * DOUBLES + CLAIMED_AT] = entry.claimedAt;
    const start = slot * SLOT_BYTES;
    this.bytes[start + SOURCE_BYTE] = CLICK_SOURCES.indexOf(entry.source);
    const length = Math.min(entry.clickId.length, CLICK_ID_MAX);
    this.bytes[start + LENGTH_BYTE] = length;
    this.bytes.write(entry.clickId, start + CLICK_ID_BYTE, length, 'latin1');
    const hash = VisitorRing.hash(linkId, high);
    for (let i = hash & this.mask; ; i = (i + 1) & this.mask) {
      if (this.index[i * 2] === EMPTY) {
        this.index[i * 2] = slot + 1;
        this.index[i * 2 + 1] = hash;
        return;
      }
    }
  }
}

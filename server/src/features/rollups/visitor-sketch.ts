// Distinct visitors as a mergeable sketch: the exact set of visitors while it is small, a
// HyperLogLog (2^14 registers, standard error 0.8%) beyond that. Sketches are kept per brand or
// advocate and per hour and day (visitor_sketches), and merged when a range is asked for, so
// "unique visitors over 90 days" never reads the clicks. Written here rather than taken from a
// package: the input is already a uniform hash (the visitor hash is SHA-256), the sketch has to
// be stored as bytes and merged, and the exact mode keeps small counts exact.

/** Register index bits: 16384 registers, 16 KB dense. */
const P = 14;
const M = 1 << P;
/** Up to this many visitors the sketch is their exact set (8 bytes each, as large as dense). */
export const EXACT_MAX = 2048;
const EXACT_TAG = 1;
const DENSE_TAG = 2;

/** The first 64 bits of a visitor hash (hex), as the 16-character key the sketch keeps. */
const keyOf = (visitorHash: string): string => visitorHash.slice(0, 16).toLowerCase();

function addKeyToRegisters(registers: Uint8Array, key: string): void {
  addWordsToRegisters(registers, parseInt(key.slice(0, 8), 16) >>> 0, parseInt(key.slice(8, 16), 16) >>> 0);
}

/** A key as its two 32-bit halves. */
function addWordsToRegisters(registers: Uint8Array, hi: number, lo: number): void {
  const index = hi >>> (32 - P);
  // The rank: leading zeros of the remaining 50 bits, plus one.
  const rest = (hi << P) >>> 0;
  const rank = rest !== 0 ? Math.clz32(rest) + 1 : 32 - P + (lo !== 0 ? Math.clz32(lo) : 32) + 1;
  if (rank > registers[index]!) registers[index] = rank;
}

export class VisitorSketch {
  private exact: Set<string> | undefined = new Set();
  private registers: Uint8Array | undefined;

  /** Adds one visitor by their visitor hash (hex). */
  add(visitorHash: string): void {
    this.addKey(keyOf(visitorHash));
  }

  private addKey(key: string): void {
    if (this.exact) {
      this.exact.add(key);
      if (this.exact.size > EXACT_MAX) this.toDense();
    } else {
      addKeyToRegisters(this.registers!, key);
    }
  }

  private toDense(): void {
    const registers = new Uint8Array(M);
    for (const key of this.exact ?? []) addKeyToRegisters(registers, key);
    this.registers = registers;
    this.exact = undefined;
  }

  /** Adds every visitor of `other` (the union). */
  merge(other: VisitorSketch): void {
    if (other.exact) {
      for (const key of other.exact) this.addKey(key);
      return;
    }
    if (this.exact) this.toDense();
    const mine = this.registers!;
    const theirs = other.registers!;
    for (let i = 0; i < M; i++) if (theirs[i]! > mine[i]!) mine[i] = theirs[i]!;
  }

  /** Distinct visitors: exact in the exact mode, else the HyperLogLog estimate. */
  estimate(): number {
    if (this.exact) return this.exact.size;
    const registers = this.registers!;
    let sum = 0;
    let zeros = 0;
    for (let i = 0; i < M; i++) {
      const r = registers[i]!;
      sum += 2 ** -r;
      if (r === 0) zeros += 1;
    }
    const alpha = 0.7213 / (1 + 1.079 / M);
    const raw = (alpha * M * M) / sum;
    // Small ranges: linear counting is the better estimate while registers are still empty.
    if (raw <= 2.5 * M && zeros > 0) return Math.round(M * Math.log(M / zeros));
    return Math.round(raw);
  }

  /** The stored form: a tag byte, then the sorted 8-byte keys (exact) or the registers (dense). */
  encode(): Uint8Array {
    if (!this.exact) {
      const out = new Uint8Array(1 + M);
      out[0] = DENSE_TAG;
      out.set(this.registers!, 1);
      return out;
    }
    const keys = [...this.exact].sort();
    const out = new Uint8Array(1 + keys.length * 8);
    out[0] = EXACT_TAG;
    keys.forEach((key, i) => out.set(Buffer.from(key, 'hex'), 1 + i * 8));
    return out;
  }

  /**
   * The union of many stored sketches at once: a set while the visitors are few, else straight
   * into registers (no set of every visitor of a year on the way).
   */
  static union(stored: readonly Uint8Array[]): VisitorSketch {
    let exactKeys = 0;
    let dense = false;
    for (const bytes of stored) {
      if (bytes[0] === DENSE_TAG) dense = true;
      else exactKeys += (bytes.length - 1) / 8;
    }
    if (!dense && exactKeys <= EXACT_MAX) {
      const sketch = new VisitorSketch();
      for (const bytes of stored) sketch.merge(VisitorSketch.decode(bytes));
      return sketch;
    }
    const sketch = new VisitorSketch();
    sketch.exact = undefined;
    const registers = new Uint8Array(M);
    sketch.registers = registers;
    for (const bytes of stored) {
      if (bytes[0] === DENSE_TAG) {
        for (let i = 0; i < M; i++) if (bytes[i + 1]! > registers[i]!) registers[i] = bytes[i + 1]!;
        continue;
      }
      const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      for (let offset = 1; offset + 8 <= bytes.length; offset += 8) {
        addWordsToRegisters(registers, view.getUint32(offset), view.getUint32(offset + 4));
      }
    }
    return sketch;
  }

  static decode(bytes: Uint8Array): VisitorSketch {
    const sketch = new VisitorSketch();
    if (bytes[0] === DENSE_TAG) {
      sketch.exact = undefined;
      sketch.registers = Uint8Array.from(bytes.subarray(1, 1 + M));
      return sketch;
    }
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (let offset = 1; offset + 8 <= buffer.length; offset += 8) {
      sketch.exact!.add(buffer.toString('hex', offset, offset + 8));
    }
    return sketch;
  }
}

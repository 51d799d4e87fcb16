// The click buffer's journal: every counted click is appended to a file before its visitor gets
// the 302, so a click that was answered survives a crash of the server process (kill -9, an
// out-of-memory kill): the next start stores what the journal holds before serving. Appends go
// to the operating system's page cache without fsync, which is what a process crash cannot take
// away; a power loss of the whole machine can still lose the clicks of the last few seconds the
// kernel had not written out (docs/design-notes.md says so).
//
// The click buffer writes each turn of the event loop's clicks with one write (group commit, as
// databases do with their logs: click-buffer.ts), as the binary COPY tuples the click store
// also sends (click-codec.ts).
//
// The journal is a series of segments (`<sequence>.clicks`, the tuples one after another). Each
// flush of the buffer seals the segment holding the clicks it takes; once a flush has stored
// everything, every sealed segment up to it is deleted. A failed write keeps its segments, and
// replaying a click that was stored after all does nothing (the click id is the table's key,
// and only newly stored clicks reach the rollups).
import {
  closeSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { decodeClicks, type Click } from './click-codec.js';

const SUFFIX = '.clicks';
/** Clicks handed to one write during replay. */
const REPLAY_BATCH = 10_000;

/** The journal's state for the health route. */
export interface JournalHealth {
  /** False while writes fail (a full disk, a read-only volume): visits answer 503, uncounted. */
  writable: boolean;
  /** The last write's error while failing, e.g. "ENOSPC: no space left on device, write". */
  error?: string;
}

export class ClickJournal {
  private sequence: number;
  /** The open segment; -1 after a failed write until a new one could be opened. */
  private fd: number;
  /** Why the last write failed; undefined while writes succeed. */
  private failure: Error | undefined;
  /** A write put part of its clicks on disk: the segment is sealed before the next write. */
  private damaged = false;
  /** Sealed segments whose clicks are not known to be stored yet, oldest first. */
  private readonly sealed: number[] = [];

  /**
   * Opens the journal in `dir`; call replay() before appending, to store what a crash left.
   * `onWriteError` hears of a failed write (a full disk, say): its clicks are still in memory and
   * stored with the next batch, so their visitors are answered all the same.
   */
  constructor(
    private readonly dir: string,
    private readonly onWriteError: (err: unknown) => void = () => {},
    /** write(2) of the segment; tests put a failing one here (a disk that is full, then not). */
    private readonly writeFile: (fd: number, data: Buffer) => number = writeSync,
  ) {
    mkdirSync(dir, { recursive: true });
    const existing = this.segments();
    this.sequence = (existing.at(-1) ?? 0) + 1;
    this.fd = openSync(this.file(this.sequence), 'a');
  }

  private file(sequence: number): string {
    return path.join(this.dir, `${String(sequence).padStart(12, '0')}${SUFFIX}`);
  }

  /** Segment sequence numbers present on disk, oldest first. */
  private segments(): number[] {
    return readdirSync(this.dir)
      .filter((name) => name.endsWith(SUFFIX))
      .map((name) => Number(name.slice(0, -SUFFIX.length)))
      .filter(Number.isSafeInteger)
      .sort((a, b) => a - b);
  }

  /**
   * Stores the clicks of segments an earlier process left (it stopped before storing them) with
   * `write`, then deletes them. Returns how many clicks were read.
   */
  async replay(write: (clicks: readonly Click[]) => Promise<unknown>): Promise<number> {
    let count = 0;
    for (const sequence of this.segments()) {
      if (sequence === this.sequence) continue;
      // A crash mid-append can leave a partial last click: it was never answered, and reading
      // stops there.
      const clicks = decodeClicks(readFileSync(this.file(sequence)));
      for (let i = 0; i < clicks.length; i += REPLAY_BATCH)
        await write(clicks.slice(i, i + REPLAY_BATCH));
      count += clicks.length;
      unlinkSync(this.file(sequence));
    }
    return count;
  }

  /**
   * Appends clicks' tuples (encodeClicks) to the open segment: one write(2), to the operating
   * system's page cache. Returns false when they are not all on disk (a full disk writes part of
   * them, or nothing): the failure goes to `onWriteError` once per outage, the visits of these
   * clicks are not answered as counted (they stay in memory and are stored all the same), and
   * the next write tries again, in a new segment after a partial write (its segment may end in
   * part of a click, where a replay stops reading). Writing resumes by itself when space returns.
   */
  write(tuples: Buffer): boolean {
    try {
      if (this.damaged || this.fd < 0) this.seal();
      if (this.fd < 0) throw this.failure;
      const written = this.writeFile(this.fd, tuples);
      if (written < tuples.length) {
        this.damaged = true;
        throw Object.assign(new Error(`short write: ${written} of ${tuples.length} bytes`), {
          code: 'ENOSPC',
        });
      }
      this.failure = undefined;
      return true;
    } catch (err) {
      this.failed(err);
      return false;
    }
  }

  private failed(err: unknown): void {
    // Logged once per outage, not once per turn of the event loop.
    if (!this.failure) this.onWriteError(err);
    this.failure = err instanceof Error ? err : new Error(String(err));
  }

  health(): JournalHealth {
    return this.failure ? { writable: false, error: this.failure.message } : { writable: true };
  }

  /**
   * Starts a new segment for the clicks to come; returns the token of the one just sealed. When
   * the new segment cannot be opened (no space for a file), the next write tries again.
   */
  seal(): number {
    if (this.fd >= 0) closeSync(this.fd);
    this.fd = -1;
    const sealed = this.sequence;
    this.sealed.push(sealed);
    this.sequence += 1;
    try {
      this.fd = openSync(this.file(this.sequence), 'a');
      this.damaged = false;
    } catch (err) {
      this.failed(err);
    }
    return sealed;
  }

  /** Every click of segments up to `token` is stored: delete them. */
  release(token: number): void {
    while (this.sealed.length > 0 && this.sealed[0]! <= token) {
      const sequence = this.sealed.shift()!;
      try {
        unlinkSync(this.file(sequence));
      } catch {
        // Already gone: nothing to release.
      }
    }
  }

  /** After the final flush stored everything: closes and removes the (empty) open segment. */
  close(allStored: boolean): void {
    if (this.fd >= 0) closeSync(this.fd);
    if (allStored) {
      this.release(Number.MAX_SAFE_INTEGER);
      try {
        unlinkSync(this.file(this.sequence));
      } catch {
        // Nothing to remove.
      }
    }
  }
}

// Uploaded bytes on disk: DATA_DIR/uploads/<random>.<ext>. A request's file is first staged
// under uploads/.staging while the form is read; the handler commits it (a rename) only once the
// rest of the request is valid, and whatever is left staged is deleted when the response ends.
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { StorageQuota } from '../../config.js';
import { HttpError } from '../../lib/http-error.js';
import type { UploadOwner } from './quota.js';
import { sniff, SNIFF_BYTES, type FileKind, type SniffedType } from './sniff.js';

/** What a route accepts in its file field. */
export interface UploadRule {
  /** The multipart field carrying the file, e.g. 'brand_CAC'. */
  field: string;
  accept: readonly FileKind[];
  maxBytes: number;
  /** For messages: 'an image or a PDF'. */
  description: string;
}

/** A file read from the request, checked and written to the staging area, not yet kept. */
export interface StagedFile {
  tempPath: string;
  type: SniffedType;
  size: number;
  rule: UploadRule;
}

/** A kept file. */
export interface StoredFile {
  name: string;
  type: SniffedType;
  size: number;
  /** The form field it came in, which a quota refusal names. */
  field: string;
  owner: UploadOwner;
  /** The quotas it is checked against when its transaction settles (repository.ts). */
  quota: StorageQuota;
}

/** busboy marks a file stream `truncated` when it hit the size limit. */
export type UploadStream = Readable & { truncated?: boolean };

/** 18 random bytes → 24 URL-safe characters, then the sniffed extension. */
const STORED_NAME = /^[A-Za-z0-9_-]{24}\.[a-z0-9]{2,5}$/;
const randomName = (): string => randomBytes(18).toString('base64url');

const megabytes = (bytes: number): string => `${Math.round(bytes / (1024 * 1024))} MB`;

export class UploadStore {
  private readonly stagingDir: string;

  constructor(
    readonly dir: string,
    private readonly quota: StorageQuota,
    /** Told of a released file that could not be deleted (the sweep retries it later). */
    private readonly onRemoveError: (err: unknown) => void = () => {},
  ) {
    this.stagingDir = path.join(dir, '.staging');
    mkdirSync(this.stagingDir, { recursive: true });
  }

  /**
   * Streams `stream` to the staging area. The type is decided from the first bytes; a file of
   * another type is read to its end without being written (so the client gets the 415 instead
   * of a reset connection) and rejected. Oversize (busboy truncated it) → 413.
   */
  async stage(stream: UploadStream, rule: UploadRule): Promise<StagedFile> {
    const tempPath = path.join(this.stagingDir, randomName());
    const file = await open(tempPath, 'wx', 0o600);
    let head = Buffer.alloc(0);
    let type: SniffedType | undefined;
    let rejected = false;
    let size = 0;
    const decide = () => {
      type = sniff(head);
      rejected = !type || !rule.accept.includes(type.kind);
    };
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (!type && !rejected) {
          head = Buffer.concat([head, chunk]);
          if (head.length >= SNIFF_BYTES) decide();
        }
        if (!rejected) await file.write(chunk);
      }
      if (!type && !rejected) decide();
    } catch (err) {
      await file.close();
      await this.discard(tempPath);
      throw err;
    }
    await file.close();
    if (stream.truncated) {
      await this.discard(tempPath);
      throw new HttpError(
        413,
        `${rule.field}: the file is larger than ${megabytes(rule.maxBytes)}`,
        {
          [rule.field]: [`The file is larger than ${megabytes(rule.maxBytes)}`],
        },
      );
    }
    if (rejected || !type) {
      await this.discard(tempPath);
      throw new HttpError(415, `${rule.field}: must be ${rule.description}`, {
        [rule.field]: [`Must be ${rule.description}`],
      });
    }
    return { tempPath, type, size, rule };
  }

  /** Moves a staged file to its permanent random name. */
  async commit(staged: StagedFile, owner: UploadOwner): Promise<StoredFile> {
    const name = `${randomName()}.${staged.type.ext}`;
    await rename(staged.tempPath, path.join(this.dir, name));
    const { type, size, rule } = staged;
    return { name, type, size, field: rule.field, owner, quota: this.quota };
  }

  /**
   * Keeps the request's staged file (if any) for `owner` and runs `work` with it, typically the
   * database write that references it; when `work` fails (a quota refusal included) the file is
   * deleted again, so no row points to a missing file and no file outlives a failed request.
   */
  async keep<T>(
    staged: StagedFile | null,
    owner: UploadOwner,
    work: (file: StoredFile | undefined) => Promise<T>,
  ): Promise<T> {
    if (!staged) return work(undefined);
    const stored = await this.commit(staged, owner);
    try {
      return await work(stored);
    } catch (err) {
      await this.discard(path.join(this.dir, stored.name));
      throw err;
    }
  }

  /** Deletes a staged or stored file; a file already gone is fine. */
  async discard(filePath: string): Promise<void> {
    await rm(filePath, { force: true });
  }

  /**
   * Deletes stored files whose rows a committed transaction released (settleUploads). The change
   * is done by then, so a failure is reported, not thrown: the sweep deletes the file later.
   */
  async remove(names: readonly string[]): Promise<void> {
    await Promise.all(
      names.map(async (name) => {
        const filePath = this.pathOf(name);
        if (filePath) await this.discard(filePath).catch(this.onRemoveError);
      }),
    );
  }

  /**
   * Stored names and staged paths last written before `before`: what the sweep considers. A
   * stored file is written once (its staging) and renamed, so its age is its upload's.
   */
  async filesOlderThan(before: Date): Promise<{ stored: string[]; staged: string[] }> {
    const older = async (dir: string, names: string[]) => {
      const found: string[] = [];
      for (const name of names) {
        const info = await stat(path.join(dir, name)).catch(() => undefined);
        if (info?.isFile() && info.mtime < before) found.push(name);
      }
      return found;
    };
    const stored = (await readdir(this.dir)).filter((name) => STORED_NAME.test(name));
    const staged = await readdir(this.stagingDir);
    return {
      stored: await older(this.dir, stored),
      staged: (await older(this.stagingDir, staged)).map((name) =>
        path.join(this.stagingDir, name),
      ),
    };
  }

  /** The on-disk path of a stored file; undefined for anything that is not a stored name. */
  pathOf(name: string): string | undefined {
    return STORED_NAME.test(name) ? path.join(this.dir, name) : undefined;
  }

  /** Size of a stored file, undefined when missing. */
  async sizeOf(name: string): Promise<number | undefined> {
    const filePath = this.pathOf(name);
    if (!filePath) return undefined;
    try {
      return (await stat(filePath)).size;
    } catch {
      return undefined;
    }
  }
}

// Embedded PGlite on its own thread, behind the slice of PGlite's client API that drizzle's
// PGlite driver uses (query with a row mode, transaction). The event loop only posts messages,
// so a statement's WASM execution no longer blocks redirects and other requests.
//
// When PostgreSQL gives up (a PANIC: on a full disk, a new WAL file it cannot write), PGlite never
// answers again. The thread is then replaced by a new one on the same data directory, which
// replays the WAL as PostgreSQL does after a crash: what was committed is kept. Until the new
// one is open (on a disk that is still full, it is tried again with a growing pause), every
// statement fails at once with a SQLSTATE that the API answers 503 to, instead of waiting.
import { Worker } from 'node:worker_threads';
import type {
  QueryResult,
  Request,
  RowMode,
  SerializedError,
  WorkerMessage,
  WorkerOptions,
} from './pglite-thread.protocol.js';

/** A request before it gets its id (Omit applied to each member of the union). */
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;
type Outgoing = WithoutId<Request>;

/** PostgreSQL's crash_shutdown: the statement's database stopped under it. */
const CRASH_SHUTDOWN = '57P02';
/** PostgreSQL's cannot_connect_now: the database is being opened (again). */
const CANNOT_CONNECT_NOW = '57P03';
/** PostgreSQL's admin_shutdown: the database has been closed. */
const ADMIN_SHUTDOWN = '57P01';
/** Pauses between attempts to reopen the database: doubling from the first up to the last. */
const REOPEN_FIRST_MS = 250;
const REOPEN_MAX_MS = 4000;

/**
 * The embedded database cannot run statements now (it stopped, or is being reopened); `code` is
 * the SQLSTATE PostgreSQL gives in the same case. Its message says why, for the health route.
 */
export class EmbeddedDatabaseUnavailable extends Error {
  override readonly name = 'EmbeddedDatabaseUnavailable';
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

/** The worker's errors come back as Errors with their database fields (code, constraint, …). */
function revive(error: SerializedError): Error {
  const { message, name, ...fields } = error;
  return Object.assign(new Error(message), fields, { name });
}

/**
 * The worker's bootstrap: the built .js next to this file, or from the sources (tests, `npm run
 * dev`) the .ts through tsx's loader, which a worker does not inherit on Node 20.
 */
function workerEntry(): string {
  const fromSource = import.meta.url.endsWith('.ts');
  const entry = new URL(`./pglite-thread.worker.${fromSource ? 'ts' : 'js'}`, import.meta.url);
  const load = `import(${JSON.stringify(entry.href)})`;
  if (!fromSource) return load;
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  return `import(${tsx}).then(({ register }) => { register(); return ${load}; })`;
}

interface QueryOptions {
  rowMode?: RowMode;
  /** The data a `COPY … FROM '/dev/blob'` statement reads. */
  blob?: Blob;
}

/** A request waiting for the worker's answer. */
interface Waiting {
  resolve: (result: QueryResult | undefined) => void;
  reject: (err: Error) => void;
}

/** What a query runs on: the database, or one open transaction. */
export interface PGliteQueryable {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult>;
}

export class PGliteThread implements PGliteQueryable {
  private nextId = 1;
  private readonly pending = new Map<number, Waiting>();
  /** The open database's thread; undefined while it is being reopened, and once closed. */
  private worker: Worker | undefined;
  /** A thread being started to replace one that stopped. */
  private opening: Worker | undefined;
  private reopenTimer: NodeJS.Timeout | undefined;
  /** Counts the threads replaced: a transaction belongs to the one it began on. */
  private generation = 0;
  /** Why the database is not open; undefined while it is. */
  private failure: Error | undefined;
  private closed = false;

  private constructor(private readonly dataDir: string | undefined) {}

  /** Starts the worker and resolves once the database is open (rejects if it cannot be). */
  static async start(dataDir: string | undefined): Promise<PGliteThread> {
    const thread = new PGliteThread(dataDir);
    thread.worker = await thread.open();
    return thread;
  }

  /** A new thread on the data directory; resolves with it once its database is open. */
  private open(): Promise<Worker> {
    const worker = new Worker(workerEntry(), {
      eval: true,
      workerData: { dataDir: this.dataDir } satisfies WorkerOptions,
    });
    this.opening = worker;
    return new Promise((resolve, reject) => {
      let phase: 'opening' | 'open' | 'gone' = 'opening';
      const stop = (reason: Error) => {
        if (phase === 'gone') return;
        const wasOpen = phase === 'open';
        phase = 'gone';
        if (this.opening === worker) this.opening = undefined;
        // A thread looping after a PANIC only stops when terminated.
        void worker.terminate();
        if (wasOpen) this.stopped(worker, reason);
        else reject(reason);
      };
      worker.on('message', (message: WorkerMessage) => {
        if ('panic' in message) return stop(new Error(`PANIC: ${message.panic}`));
        if (phase === 'opening') {
          if (!message.ok) return stop(revive(message.error));
          phase = 'open';
          this.opening = undefined;
          return resolve(worker);
        }
        const waiting = this.pending.get(message.id);
        this.pending.delete(message.id);
        if (message.ok) waiting?.resolve(message.result);
        else waiting?.reject(revive(message.error));
      });
      worker.on('error', stop);
      worker.on('exit', () => stop(new Error('the database thread has stopped')));
    });
  }

  /** The open database's thread stopped: fail what waits on it, and reopen the database. */
  private stopped(worker: Worker, reason: Error): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    this.generation += 1;
    this.failure = reason;
    const lost = new EmbeddedDatabaseUnavailable(
      `the embedded database stopped (${reason.message})`,
      CRASH_SHUTDOWN,
    );
    for (const waiting of this.pending.values()) waiting.reject(lost);
    this.pending.clear();
    if (this.closed) return;
    console.error(`embedded database stopped (${reason.message}); reopening it`);
    this.reopen(0);
  }

  private reopen(attempt: number): void {
    const delay = Math.min(REOPEN_FIRST_MS * 2 ** attempt, REOPEN_MAX_MS);
    this.reopenTimer = setTimeout(() => {
      this.reopenTimer = undefined;
      this.open().then(
        (worker) => {
          if (this.closed) return void worker.terminate();
          this.worker = worker;
          this.failure = undefined;
          console.error('embedded database reopened');
        },
        (err: Error) => {
          if (this.closed) return;
          // Still failing (the disk is still full): the newest reason is the one statements and
          // health give, and the attempts grow apart.
          this.failure = err;
          this.reopen(attempt + 1);
        },
      );
    }, delay);
  }

  /** Why statements fail now, for a statement that could not be sent. */
  private unavailable(): EmbeddedDatabaseUnavailable {
    if (this.closed)
      return new EmbeddedDatabaseUnavailable('the embedded database is closed', ADMIN_SHUTDOWN);
    return new EmbeddedDatabaseUnavailable(
      `the embedded database is being reopened after: ${this.failure?.message ?? 'a failure'}`,
      CANNOT_CONNECT_NOW,
    );
  }

  /** Sends a request to the open database; `generation` is its transaction's, if it has one. */
  private send(
    request: Outgoing,
    id = this.nextId++,
    generation = this.generation,
  ): Promise<QueryResult | undefined> {
    const worker = this.worker;
    if (!worker) return Promise.reject(this.unavailable());
    if (generation !== this.generation) {
      // Its transaction was on a thread that has stopped: it was rolled back with it.
      return Promise.reject(
        new EmbeddedDatabaseUnavailable(
          'the embedded database stopped during this transaction',
          CRASH_SHUTDOWN,
        ),
      );
    }
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ ...request, id });
    });
  }

  private async run(
    sql: string,
    params: unknown[] = [],
    options: QueryOptions = {},
    tx?: { id: number; generation: number },
  ): Promise<QueryResult> {
    const { rowMode = 'object', blob } = options;
    const result = await this.send(
      {
        op: 'query',
        sql,
        params,
        rowMode,
        ...(tx && { tx: tx.id }),
        ...(blob && { blob }),
      },
      undefined,
      tx?.generation,
    );
    return result ?? { rows: [], fields: [] };
  }

  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult> {
    return this.run(sql, params, options);
  }

  /**
   * Runs `fn` in a transaction: committed when it resolves, rolled back when it throws. Other
   * statements wait for it (PGlite is single-connection), as they would in process.
   */
  async transaction<T>(fn: (tx: PGliteQueryable) => Promise<T>): Promise<T> {
    const tx = { id: this.nextId++, generation: this.generation };
    await this.send({ op: 'begin' }, tx.id);
    const inTransaction: PGliteQueryable = {
      query: (sql, params, options) => this.run(sql, params, options, tx),
    };
    let result: T;
    try {
      result = await fn(inTransaction);
    } catch (err) {
      await this.send({ op: 'end', tx: tx.id, commit: false }, undefined, tx.generation).catch(
        () => undefined,
      );
      throw err;
    }
    await this.send({ op: 'end', tx: tx.id, commit: true }, undefined, tx.generation);
    return result;
  }

  /**
   * Closes the database (its last writes reach the data directory) and stops the thread. When
   * closing fails (a PANIC in the final checkpoint on a full disk), what was committed is in the
   * WAL, which the next start replays.
   */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.reopenTimer);
    await this.opening?.terminate();
    const worker = this.worker;
    if (!worker) return;
    try {
      await this.send({ op: 'close' });
    } catch (err) {
      console.error(`embedded database: closing failed (${(err as Error).message})`);
    }
    this.worker = undefined;
    await worker.terminate();
  }
}

// Embedded PGlite on its own thread, behind the slice of PGlite's client API that drizzle's
// PGlite driver uses (query with a row mode, transaction). The event loop only posts messages,
// so a statement's WASM execution no longer blocks redirects and other requests.
import { Worker } from 'node:worker_threads';
import type {
  QueryResult,
  Request,
  Response,
  RowMode,
  SerializedError,
  WorkerOptions,
} from './pglite-thread.protocol.js';

/** A request before it gets its id (Omit applied to each member of the union). */
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;
type Outgoing = WithoutId<Request>;

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

/** What a query runs on: the database, or one open transaction. */
export interface PGliteQueryable {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult>;
}

export class PGliteThread implements PGliteQueryable {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (r: Response) => void }>();
  private stopped: Error | undefined;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (response: Response) => {
      const waiting = this.pending.get(response.id);
      this.pending.delete(response.id);
      waiting?.resolve(response);
    });
    const stop = (reason: Error) => {
      this.stopped ??= reason;
      const failed = { ok: false, error: { name: 'Error', message: reason.message } } as const;
      for (const [id, waiting] of this.pending) waiting.resolve({ id, ...failed });
      this.pending.clear();
    };
    worker.on('error', stop);
    worker.on('exit', () => stop(new Error('the database thread has stopped')));
  }

  /** Starts the worker and resolves once the database is open (rejects if it cannot be). */
  static async start(dataDir: string | undefined): Promise<PGliteThread> {
    const worker = new Worker(workerEntry(), {
      eval: true,
      workerData: { dataDir } satisfies WorkerOptions,
    });
    const thread = new PGliteThread(worker);
    const ready = await new Promise<Response>((resolve) => thread.pending.set(0, { resolve }));
    if (!ready.ok) {
      await worker.terminate();
      throw revive(ready.error);
    }
    return thread;
  }

  private async send(request: Outgoing, id = this.nextId++): Promise<QueryResult | undefined> {
    if (this.stopped) throw this.stopped;
    const response = await new Promise<Response>((resolve) => {
      this.pending.set(id, { resolve });
      this.worker.postMessage({ ...request, id });
    });
    if (!response.ok) throw revive(response.error);
    return response.result;
  }

  private async run(
    sql: string,
    params: unknown[] = [],
    options: QueryOptions = {},
    tx?: number,
  ): Promise<QueryResult> {
    const { rowMode = 'object', blob } = options;
    const result = await this.send({
      op: 'query',
      sql,
      params,
      rowMode,
      ...(tx && { tx }),
      ...(blob && { blob }),
    });
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
    const tx = this.nextId++;
    await this.send({ op: 'begin' }, tx);
    const inTransaction: PGliteQueryable = {
      query: (sql, params, options) => this.run(sql, params, options, tx),
    };
    let result: T;
    try {
      result = await fn(inTransaction);
    } catch (err) {
      await this.send({ op: 'end', tx, commit: false }).catch(() => undefined);
      throw err;
    }
    await this.send({ op: 'end', tx, commit: true });
    return result;
  }

  /** Closes the database (its last writes reach the data directory) and stops the thread. */
  async close(): Promise<void> {
    if (this.stopped) return;
    await this.send({ op: 'close' });
    await this.worker.terminate();
  }
}

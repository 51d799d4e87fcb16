// Messages between the server's main thread (pglite-thread.ts) and the worker thread that owns
// the embedded database (pglite-thread.worker.ts). Plain data only: they cross a MessagePort.

export type RowMode = 'object' | 'array';

export type Request =
  | {
      id: number;
      op: 'query';
      sql: string;
      params: unknown[];
      rowMode: RowMode;
      tx?: number;
      /** What `COPY … FROM '/dev/blob'` reads. */
      blob?: Blob;
    }
  /** Opens a transaction; its queries carry `tx: id` until 'end' with the same tx. */
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'close' };

/** What drizzle reads of a PGlite result. */
export interface QueryResult {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

/** A database error's own fields (SQLSTATE `code`, `constraint`, …), which callers inspect. */
export type SerializedError = { message: string; name: string } & Record<string, unknown>;

export type Response =
  | { id: number; ok: true; result?: QueryResult }
  | { id: number; ok: false; error: SerializedError };

/**
 * PostgreSQL gave up (a PANIC, such as a WAL file it could not write on a full disk). PGlite does
 * not return from one: the worker's thread spins in WASM and answers nothing more, so it says so
 * from its log output, while it still can, and the main thread replaces it.
 */
export interface Panic {
  panic: string;
}

/** What the worker posts: answers to requests, or its PANIC. */
export type WorkerMessage = Response | Panic;

export interface WorkerOptions {
  /** Data directory; undefined → in memory. */
  dataDir: string | undefined;
}

// The worker thread that owns the embedded PGlite database. PGlite executes SQL synchronously in
// WASM, so on the main thread every statement (a batch of clicks, a stats query) would stall all
// requests; here it runs beside the event loop. Requests are served as they arrive: PGlite itself
// serializes them, and an open transaction holds its lock until the main thread ends it.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import type {
  Panic,
  QueryResult,
  Request,
  Response,
  SerializedError,
  WorkerOptions,
} from './pglite-thread.protocol.js';

if (!parentPort) throw new Error('pglite-thread.worker must run as a worker thread');
const port = parentPort;
const { dataDir } = workerData as WorkerOptions;

// The parsers drizzle's PGlite driver asks for (it keeps dates, intervals and numeric arrays as
// text); functions cannot cross threads, so they are fixed here.
const asText = (value: string) => value;
const PARSERS = Object.fromEntries(
  [
    types.TIMESTAMP,
    types.TIMESTAMPTZ,
    types.INTERVAL,
    types.DATE,
    1231,
    1115,
    1185,
    1187,
    1182,
  ].map((type) => [type, asText]),
);

/**
 * When the cores are all busy, requests on the main thread go first and the database work (mostly
 * click batches, which nobody waits for) takes the gaps: nice 10 for this thread alone (Linux
 * applies setpriority() to the thread id it is given). Elsewhere, or if refused, it stays as is.
 */
function yieldToRequests(): void {
  if (process.platform !== 'linux') return;
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    setPriority(threadId, 10);
  } catch {
    // no /proc or not permitted: default priority
  }
}
yieldToRequests();

/**
 * PostgreSQL logs a PANIC (e.g. `PANIC:  could not write to file "pg_wal/xlogtemp.42": No space
 * left on device`) just before it aborts; PGlite then loops in WASM for good. The log line is the
 * last moment this thread runs JavaScript, so the main thread hears of it from here.
 */
function reportPanic(line: string): boolean {
  const panic = /\bPANIC:\s+(.*)$/.exec(line);
  if (panic) port.postMessage({ panic: panic[1]! } satisfies Panic);
  return false;
}

const db = await PGlite.create(dataDir, {
  onStderr: reportPanic,
  // Each new 16 MB WAL segment is zero-filled by default, which took about a tenth of the click
  // writes' time. Off (PostgreSQL's wal_init_zero), a segment is created at full size without
  // writing it; zero-filling only reserves the disk blocks up front.
  startParams: [...PGlite.defaultStartParams, '-c', 'wal_init_zero=off'],
});

interface OpenTransaction {
  tx: Transaction;
  finish: (commit: boolean) => Promise<void>;
}
const transactions = new Map<number, OpenTransaction>();

function serializeError(err: unknown): SerializedError {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err) };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(err)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value))
      fields[key] = value;
  }
  return { ...fields, name: err.name, message: err.message };
}

/** Starts a PGlite transaction and keeps it open until finish() is called. */
function begin(): Promise<OpenTransaction> {
  return new Promise((opened, failed) => {
    let settle!: { commit: () => void; rollback: (reason: Error) => void };
    const ended = new Promise<void>((commit, rollback) => (settle = { commit, rollback }));
    const done = db.transaction(async (tx) => {
      opened({
        tx,
        finish: async (commit) => {
          if (commit) settle.commit();
          else settle.rollback(new Error('rollback'));
          await done.catch((err: unknown) => {
            if (commit) throw err;
          });
        },
      });
      await ended;
    });
    done.catch(failed);
  });
}

async function handle(request: Request): Promise<QueryResult | undefined> {
  switch (request.op) {
    case 'query': {
      const executor = request.tx === undefined ? db : transactions.get(request.tx)?.tx;
      if (!executor) throw new Error('transaction is not open');
      const result = await executor.query(request.sql, request.params, {
        rowMode: request.rowMode,
        parsers: PARSERS,
        ...(request.blob && { blob: request.blob }),
      });
      return {
        rows: result.rows,
        fields: result.fields.map(({ name, dataTypeID }) => ({ name, dataTypeID })),
        ...(result.affectedRows === undefined ? {} : { affectedRows: result.affectedRows }),
      };
    }
    case 'begin':
      transactions.set(request.id, await begin());
      return undefined;
    case 'end': {
      const open = transactions.get(request.tx);
      if (!open) throw new Error('transaction is not open');
      transactions.delete(request.tx);
      await open.finish(request.commit);
      return undefined;
    }
    case 'close':
      await db.close();
      return undefined;
  }
}

port.on('message', (request: Request) => {
  handle(request).then(
    (result) => port.postMessage({ id: request.id, ok: true, result } satisfies Response),
    (err: unknown) =>
      port.postMessage({
        id: request.id,
        ok: false,
        error: serializeError(err),
      } satisfies Response),
  );
});
port.postMessage({ id: 0, ok: true } satisfies Response);

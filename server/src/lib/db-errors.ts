// Recognising constraint violations from either driver. Drizzle wraps driver errors in
// DrizzleQueryError, so the Postgres SQLSTATE may sit on the error or on its cause.
const UNIQUE_VIOLATION = '23505';

function sqlState(err: unknown): string | undefined {
  for (let current: unknown = err, depth = 0; current instanceof Error && depth < 3; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = current.cause;
  }
  return undefined;
}

export const isUniqueViolation = (err: unknown): boolean => sqlState(err) === UNIQUE_VIOLATION;

/**
 * SQLSTATEs of a database that is not there for now: connection exceptions (08…), the server
 * shutting down or starting (57P01-57P03), a full disk (53100: the write is refused until space
 * returns), too many connections.
 */
const UNAVAILABLE_STATES = /^(08...|57P0[123]|53100|53300)$/;
/** node-postgres and socket failures of a connection that went away or never came. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|not queryable|timeout exceeded when trying to connect|Cannot use a pool after calling end/;

/**
 * True when `err` (or an error it wraps) says the database cannot be reached or cannot write
 * right now (a restart, a failover, a network cut, a full disk), as opposed to a query it
 * refused: the request may be retried shortly, so it is answered 503 rather than 500.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let current: unknown = err, depth = 0; current instanceof Error && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_STATES.test(code) || UNAVAILABLE_CODES.has(code)))
      return true;
    if (UNAVAILABLE_MESSAGES.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}

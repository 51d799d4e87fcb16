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

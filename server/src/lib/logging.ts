// Logger options of the server: what never reaches a log line. Secrets travel in headers
// (bearer tokens, refresh cookies, API keys) and in failed queries' parameters (a user's
// password hash on registration, emails, tokens); a database error is logged with its SQL text
// and SQLSTATE but without the values bound to it.
import { err as errSerializer } from 'pino-std-serializers';

const CENSOR = '[redacted]';

/** pino paths removed from every log line (fast-redact syntax). */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  // drizzle's DrizzleQueryError carries `params`; node-postgres errors may carry `parameters`.
  'err.params',
  'err.parameters',
  'err.cause.params',
  'err.cause.parameters',
  'err.cause.cause.params',
  // PostgreSQL's DETAIL of a failed constraint: "Failing row contains (…)", "Key (email)=(…)".
  'err.detail',
  // Anything a handler logs by these names, one level down.
  '*.password',
  '*.passwordHash',
  '*.password_hash',
  '*.token',
  '*.access',
  '*.refresh',
  '*.secret',
  '*.apiKey',
  '*.api_key',
];

/** Drizzle's DrizzleQueryError message: `Failed query: <sql>\nparams: <values joined by ",">`. */
const PARAMS_LINE = /^params: .*$/gm;

/** `text` without the bound values `params` (and every error of its cause chain) carries. */
function withoutParams(text: string, error: unknown): string {
  let scrubbed = text;
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const params = (e as { params?: unknown }).params;
    // Values may hold newlines, so the exact text drizzle wrote goes first, the line after.
    if (Array.isArray(params) && params.length > 0) {
      scrubbed = scrubbed.split(`params: ${String(params)}`).join(`params: ${CENSOR}`);
    }
  }
  return scrubbed.replace(PARAMS_LINE, `params: ${CENSOR}`);
}

/**
 * pino's error serializer, then the query parameters taken out of the message and the stack:
 * redact paths remove `err.params`, but drizzle also writes the values into its message, which
 * the stack repeats (a registration failing in the database logged the email, the username and
 * the password hash).
 */
export function redactedErrorSerializer(error: Error): ReturnType<typeof errSerializer> {
  const serialized = errSerializer(error);
  if (typeof serialized.message === 'string')
    serialized.message = withoutParams(serialized.message, error);
  if (typeof serialized.stack === 'string')
    serialized.stack = withoutParams(serialized.stack, error);
  return serialized;
}

export function loggerOptions(level: string): {
  level: string;
  redact: { paths: string[]; censor: string };
  serializers: { err: typeof redactedErrorSerializer };
} {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: CENSOR },
    serializers: { err: redactedErrorSerializer },
  };
}

// Logger options of the server: what never reaches a log line. Secrets travel in headers
// (bearer tokens, refresh cookies, API keys) and in failed queries' parameters (a user's
// password hash on registration, emails, tokens); a database error is logged with its SQL text
// and SQLSTATE but without the values bound to it.
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

export function loggerOptions(level: string): {
  level: string;
  redact: { paths: string[]; censor: string };
} {
  return { level, redact: { paths: REDACTED_PATHS, censor: CENSOR } };
}

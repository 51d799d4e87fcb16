// Error rendering for the whole API: every failure a client can cause becomes a 4xx with
// `{ detail, errors? }` (the shape the client's error normaliser reads), never a 500 or a stack.
import type { FastifyError, FastifyInstance, FastifySchemaValidationError } from 'fastify';
import fp from 'fastify-plugin';
import { isDatabaseUnavailable } from '../lib/db-errors.js';
import { fieldError, HttpError, type FieldErrors } from '../lib/http-error.js';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../lib/json-depth.js';
import { patternMessage } from '../lib/schema.js';

/** The message of the log line a 500 writes (the test apps print these lines and no others). */
export const UNHANDLED_ERROR = 'unhandled error';

/** The 503's detail when the database cannot be reached. */
export const DATABASE_UNAVAILABLE =
  'The service is briefly unavailable; try again in a few seconds';
/** Retry-After of that 503: a PostgreSQL restart takes a few seconds. */
export const RETRY_AFTER_S = 5;

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  integer: 'an integer',
  number: 'a number',
  boolean: 'a boolean (true or false)',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

/** Fastify's own client errors, reworded for people. */
const FASTIFY_CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Malformed JSON body',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Malformed JSON body',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported media type; send application/json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Request body length does not match Content-Length',
  // @fastify/multipart (brand and campaign uploads).
  FST_FILES_LIMIT: 'Attach at most one file',
  FST_FIELDS_LIMIT: 'Too many form fields',
  FST_PARTS_LIMIT: 'Too many form parts',
  FST_PROTO_VIOLATION: 'Invalid form field name',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'Malformed multipart body',
  FST_INVALID_JSON_FIELD_ERROR: 'Malformed JSON form field',
};

function fieldName(error: FastifySchemaValidationError, dataVar: string): string {
  const path = error.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
  return path || dataVar;
}

/** Whether another error at the same place describes the failure (not a union or null branch). */
function hasSpecificSibling(
  error: FastifySchemaValidationError,
  siblings: FastifySchemaValidationError[],
): boolean {
  return siblings.some(
    (e) =>
      e !== error &&
      e.instancePath === error.instancePath &&
      e.keyword !== 'anyOf' &&
      e.keyword !== 'const' &&
      !(e.keyword === 'type' && (e.params as Record<string, unknown>).type === 'null'),
  );
}

function describe(
  error: FastifySchemaValidationError,
  siblings: FastifySchemaValidationError[],
): string | undefined {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'type':
      // "must be null" from the null branch of a nullable field says nothing useful when the
      // other branch explains the failure.
      if (params.type === 'null' && hasSpecificSibling(error, siblings)) return undefined;
      return `must be ${TYPE_NAMES[String(params.type)] ?? String(params.type)}`;
    case 'format':
      return params.format === 'email'
        ? 'must be a valid email'
        : `must be a valid ${String(params.format)}`;
    case 'minLength':
      return params.limit === 1
        ? 'must not be empty'
        : `must be at least ${String(params.limit)} characters`;
    case 'maxLength':
      return `must be at most ${String(params.limit)} characters`;
    case 'minimum':
      return `must be at least ${String(params.limit)}`;
    case 'maximum':
      return `must be at most ${String(params.limit)}`;
    case 'pattern':
      return patternMessage(String(params.pattern));
    case 'enum':
      return `must be one of: ${(params.allowedValues as unknown[]).join(', ')}`;
    case 'const':
      // Part of a union of literals: reported once, by the enclosing anyOf.
      return siblings.some((e) => e.keyword === 'anyOf' && e.instancePath === error.instancePath)
        ? undefined
        : `must be ${String(params.allowedValue)}`;
    case 'anyOf': {
      const allowed = siblings
        .filter((e) => e.keyword === 'const' && e.instancePath === error.instancePath)
        .map((e) => String((e.params as Record<string, unknown>).allowedValue));
      if (allowed.length > 0) return `must be one of: ${allowed.join(', ')}`;
      // The branches already said what is wrong (e.g. a nullable URL: the pattern message).
      return hasSpecificSibling(error, siblings) ? undefined : 'has an invalid value';
    }
    default:
      return error.message ?? 'is invalid';
  }
}

/**
 * Product wording for some failures, per field and validation keyword, e.g.
 * `{ brand_name: { required: 'Brand name is required' } }`.
 */
export type FieldMessages = Record<string, Partial<Record<string, string>>>;

/** Schema errors (TypeBox or AJV) → 400 `{ detail: "email: must be a valid email", errors: { email: [...] } }`. */
export function validationError(
  errors: FastifySchemaValidationError[],
  dataVar: string,
  messages: FieldMessages = {},
): HttpError {
  const fields: FieldErrors = {};
  const add = (field: string, message: string, keyword: string) => {
    const wording = Object.hasOwn(messages, field) ? messages[field][keyword] : undefined;
    const text = wording ?? message;
    const list = (fields[field] ??= []);
    if (!list.includes(text)) list.push(text);
  };
  for (const error of errors) {
    const params = error.params as Record<string, unknown>;
    if (error.keyword === 'required') {
      // TypeBox lists all missing properties at once; AJV reports one per error.
      const missing = (params.requiredProperties as string[] | undefined) ?? [
        String(params.missingProperty),
      ];
      const prefix = error.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
      for (const name of missing)
        add(prefix ? `${prefix}.${name}` : name, 'is required', 'required');
      continue;
    }
    const message = describe(error, errors);
    if (message) add(fieldName(error, dataVar), message, error.keyword);
  }
  const detail = Object.entries(fields)
    .map(([field, messages]) => `${field}: ${messages.join(', ')}`)
    .join('; ');
  return new HttpError(400, detail || 'Invalid request', fields);
}

/** A route's schemaErrorFormatter using `messages` for the wording of the given failures. */
export const formatWithMessages =
  (messages: FieldMessages) =>
  (errors: FastifySchemaValidationError[], dataVar: string): HttpError =>
    validationError(errors, dataVar, messages);

const DECIMAL_INTEGER = /^-?(0|[1-9][0-9]*)$/;

/** The first property of `values` that `schema` types as an integer but is not decimal text. */
function nonDecimalInteger(values: unknown, schema: unknown): string | undefined {
  if (typeof values !== 'object' || values === null) return undefined;
  const properties = (schema as { properties?: Record<string, { type?: unknown }> } | undefined)
    ?.properties;
  if (!properties) return undefined;
  for (const [name, value] of Object.entries(values)) {
    if (properties[name]?.type !== 'integer') continue;
    for (const item of Array.isArray(value) ? value : [value])
      if (typeof item === 'string' && !DECIMAL_INTEGER.test(item.trim())) return name;
  }
  return undefined;
}

// C0 controls except tab, newline and carriage return; DEL.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/**
 * The dotted path of the first string (or object key) in `value` holding a control character,
 * '' for `value` itself, undefined when there is none.
 */
export function controlCharacterField(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return CONTROL_CHARACTER.test(value) ? path : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  // JSON bodies are bounded by their parser; a multipart field's JSON (product_ids) is not.
  if (depth > MAX_JSON_DEPTH)
    throw fieldError(path, `must not nest deeper than ${MAX_JSON_DEPTH} levels`);
  for (const [key, item] of Object.entries(value)) {
    const itemPath = path ? `${path}.${key}` : key;
    if (CONTROL_CHARACTER.test(key)) return itemPath;
    const found = controlCharacterField(item, itemPath, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && typeof (error as FastifyError).code === 'string';
}

async function errorsPlugin(app: FastifyInstance): Promise<void> {
  app.setSchemaErrorFormatter((errors, dataVar) => validationError(errors, dataVar));

  // The API speaks JSON only (text/plain would reach handlers as a string: answer 415 instead).
  // Accept an empty JSON body (some clients send Content-Type with no body on "no body" calls)
  // and keep Fastify's prototype-poisoning protection for the rest.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    // Before anything walks the parsed value recursively (json-depth.ts).
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      return done(new HttpError(400, `JSON body nests deeper than ${MAX_JSON_DEPTH} levels`));
    }
    parseJson(request, text, done);
  });

  // A POST without any body counts as `{}`, so a missing body reports its missing fields
  // ("email: is required") rather than "body: must be an object".
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined && ['POST', 'PUT', 'PATCH'].includes(request.method)) {
      request.body = {};
    }
  });

  // Path and query integers are converted from text before validation, and a lenient
  // conversion reads '1.5', '+1', '0x1' or '1e0' as 1: another resource than the one named.
  // Only plain decimal digits name an integer.
  app.addHook('preValidation', async (request) => {
    const schema = request.routeOptions.schema;
    for (const [part, values, partSchema] of [
      ['params', request.params, schema?.params],
      ['query', request.query, schema?.querystring],
    ] as const) {
      const field = nonDecimalInteger(values, partSchema);
      if (field !== undefined) throw fieldError(field || part, 'must be an integer');
    }
  });

  // Text never carries control characters: PostgreSQL refuses NUL in text (a 500 on any route
  // that stores the field), and the others (backspace, escape, …) are never typed by a person or
  // sent by a well-behaved client. Tab, newline and carriage return stay allowed. Checked here,
  // after validation and multipart conversion, so every route and both encodings are covered.
  app.addHook('preHandler', async (request) => {
    for (const [part, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const field = controlCharacterField(value, '');
      if (field !== undefined) {
        const name = field || part;
        throw fieldError(name, 'must not contain control characters');
      }
    }
  });

  app.setErrorHandler(async (error: unknown, request, reply) => {
    if (error instanceof HttpError) {
      return reply
        .code(error.statusCode)
        .send(
          error.errors ? { detail: error.detail, errors: error.errors } : { detail: error.detail },
        );
    }
    if (
      isFastifyError(error) &&
      error.statusCode !== undefined &&
      error.statusCode >= 400 &&
      error.statusCode < 500
    ) {
      const detail = FASTIFY_CLIENT_ERRORS[error.code] ?? error.message;
      return reply.code(error.statusCode).send({ detail });
    }
    // The database restarting or out of reach: the client may try again in a moment (a
    // conversion with the same idempotency key is stored once).
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, DATABASE_UNAVAILABLE);
      return reply
        .code(503)
        .header('Retry-After', String(RETRY_AFTER_S))
        .send({ detail: DATABASE_UNAVAILABLE });
    }
    request.log.error({ err: error }, UNHANDLED_ERROR);
    return reply.code(500).send({ detail: 'Internal server error' });
  });
}

export default fp(errorsPlugin, { name: 'errors' });

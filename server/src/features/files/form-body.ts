// Multipart bodies validated exactly like JSON ones. A preValidation hook reads the form, stages
// its one file, and turns the text fields into the JSON body the route's schema expects:
// numbers and booleans converted per the schema, JSON-encoded lists (product_ids: "[1,2]")
// parsed. Fastify's normal body validation then runs on the result, so a route has one schema
// and one set of messages for both encodings.
import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TSchema } from 'typebox';
import { HttpError } from '../../lib/http-error.js';
import type { StagedFile, UploadRule } from './storage.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The staged file of a multipart request (routes using formBody); null otherwise. */
    upload: StagedFile | null;
  }
}

/** The most a form may carry besides its file: plenty for the brand and campaign forms. */
const FORM_LIMITS = { fields: 50, fieldSize: 64 * 1024, parts: 51, files: 1 } as const;

const typeBoxed = (app: FastifyInstance) => app.withTypeProvider<TypeBoxTypeProvider>();
/** The context the routes taking multipart forms are declared on. */
export type FormRoutes = ReturnType<typeof typeBoxed>;

/**
 * Declares the routes of `routes` in a context of their own where the multipart parser is
 * registered, so every other route keeps answering 415 to forms.
 */
export async function withMultipart(
  app: FastifyInstance,
  routes: (form: FormRoutes) => void,
): Promise<void> {
  await app.register(async (context) => {
    const form = typeBoxed(context);
    await form.register(multipart, { limits: FORM_LIMITS, throwFileSizeLimit: true });
    routes(form);
  });
}

/** The JSON types a property schema admits (looking through unions such as nullable fields). */
function acceptedTypes(schema: unknown, into = new Set<string>()): Set<string> {
  if (typeof schema !== 'object' || schema === null) return into;
  const record = schema as { type?: unknown; anyOf?: unknown; enum?: unknown };
  if (typeof record.type === 'string') into.add(record.type);
  if (Array.isArray(record.anyOf)) for (const branch of record.anyOf) acceptedTypes(branch, into);
  if (Array.isArray(record.enum)) into.add('string');
  return into;
}

const NUMERIC = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$/;

/** One form value → the JSON value it stands for, given what the field accepts. */
function convert(value: string, accepts: Set<string>): unknown {
  if (accepts.has('array') || accepts.has('object')) {
    // Lists travel as JSON text; anything else is left as is and fails validation by name.
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  }
  if ((accepts.has('number') || accepts.has('integer')) && NUMERIC.test(value.trim()))
    return Number(value);
  if (accepts.has('boolean') && (value === 'true' || value === 'false')) return value === 'true';
  if (accepts.has('null') && value === 'null') return null;
  return value;
}

/**
 * Form text fields → the JSON body `schema` describes. Deliberately literal (unlike TypeBox's
 * Value.Convert, which turns '1.5' into an integer 1 and '0' into null): a value that is not
 * exactly a number stays text and fails validation with the same message as in JSON.
 */
export function formFieldsToBody(
  schema: TSchema,
  fields: Record<string, string | string[]>,
): Record<string, unknown> {
  const properties = (schema as { properties?: Record<string, unknown> }).properties ?? {};
  const body: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    const accepts = acceptedTypes(Object.hasOwn(properties, name) ? properties[name] : undefined);
    body[name] = Array.isArray(value)
      ? value.map((item) => convert(item, accepts))
      : convert(value, accepts);
  }
  return body;
}

function isClientError(err: unknown): boolean {
  if (err instanceof HttpError) return true;
  const status: unknown =
    err instanceof Error ? (err as Error & { statusCode?: unknown }).statusCode : undefined;
  return typeof status === 'number' && status < 500;
}

/**
 * preValidation hook for a route accepting JSON or multipart: for multipart, reads the form
 * into request.body (per `bodySchema`) and the file named by `rule` into request.upload.
 */
export function formBody(app: FastifyInstance, bodySchema: TSchema, rule: UploadRule) {
  const { uploads, config } = app.deps;
  // Every form may carry a file, so every form counts, before a byte of it is read or stored.
  // One budget for all upload routes, per signed-in user (these routes all require one).
  const rateLimited = app.rateLimitGuard([
    {
      name: 'upload-user',
      rule: config.rateLimits.uploadPerUser,
      key: (request) => (request.principal ? String(request.principal.userId) : undefined),
    },
  ]);
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (!request.isMultipart()) return;
    await rateLimited(request, reply);
    const fields: Record<string, string | string[]> = {};
    try {
      const parts = request.parts({ limits: { ...FORM_LIMITS, fileSize: rule.maxBytes } });
      for await (const part of parts) {
        if (part.type === 'file') {
          if (part.fieldname !== rule.field || request.upload) {
            part.file.resume();
            throw new HttpError(400, `${part.fieldname}: unexpected file`, {
              [part.fieldname]: ['Unexpected file'],
            });
          }
          request.upload = await uploads.stage(part.file, rule);
          continue;
        }
        if (part.valueTruncated) {
          throw new HttpError(413, `${part.fieldname}: the value is too long`, {
            [part.fieldname]: ['The value is too long'],
          });
        }
        const value = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
        // An empty form field means "not given", as an omitted JSON property does.
        if (value === '') continue;
        const previous = fields[part.fieldname];
        fields[part.fieldname] = previous === undefined ? value : [previous, value].flat();
      }
    } catch (err) {
      // Client errors as they are; disk trouble (fs errors carry a syscall) is the server's.
      if (isClientError(err) || (err instanceof Error && 'syscall' in err)) throw err;
      // busboy's own parse errors are plain Errors: a broken body, not a server fault.
      request.log.debug({ err }, 'malformed multipart body');
      throw new HttpError(400, 'Malformed multipart body');
    }
    request.body = formFieldsToBody(bodySchema, fields);
  };
}

// OpenAPI document generated from the route schemas: UI at /api/docs, JSON at /api/docs/json.
// It declares OpenAPI 3.1, whose schemas are JSON Schema 2020-12, so TypeBox's schemas (numeric
// exclusiveMinimum, `type: 'null'` in nullable unions) are valid as written. Every operation
// gets a stable operationId (generated clients name their methods after it) and states its
// security, public ones with `security: []`. `npm run openapi:check -w server` lints the document
// and generates a typed client from it, as a client developer would.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { docsTheme } from './docs-theme.js';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const API_PREFIX = '/api/v1/';

const BAD_INPUT = {
  description: 'Malformed input, such as a control character in a query value',
  type: 'object',
  properties: { detail: { type: 'string' } },
  required: ['detail'],
};

const UNAVAILABLE = {
  description: 'The database cannot be reached for now (a restart): try again after Retry-After',
  type: 'object',
  properties: { detail: { type: 'string' } },
  required: ['detail'],
};

/**
 * `GET /api/v1/brand/{id}/campaigns/` → `getBrandByIdCampaigns`: the method, then each path
 * segment, parameters as `By<Name>`. Unique, since method and path are.
 */
export function operationIdOf(method: string, url: string): string {
  const path = url.startsWith(API_PREFIX) ? url.slice(API_PREFIX.length) : url.replace(/^\//, '');
  const words = path
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^[:{](\w+)}?$/.exec(segment);
      return param ? ['by', param[1]] : segment.split(/[^A-Za-z0-9]+/);
    })
    .filter(Boolean);
  const capitalised = words.map((word) => word[0].toUpperCase() + word.slice(1));
  return method.toLowerCase() + capitalised.join('');
}

async function swaggerPlugin(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Advocate Marketplace API',
        version: '1.0.0',
        description:
          'API v1. Authenticate with `Authorization: Bearer <access>` from POST /api/v1/token/. ' +
          'Errors are `{ detail, errors? }`.',
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      // Relative: the document describes whichever host serves it.
      servers: [{ url: '/', description: 'The server publishing this document' }],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: ({ schema, url, route }) => {
      const method = Array.isArray(route.method) ? route.method[0] : route.method;
      const documented = { ...(schema ?? {}) } as Record<string, unknown>;
      documented.operationId ??= operationIdOf(method, url);
      // No security declared means none is needed: say so, rather than leave it unsaid.
      documented.security ??= [];
      // Any route served through Fastify refuses malformed input (control characters, a
      // non-decimal integer) with a 400, including those that declare no other client error.
      const responses = { ...((documented.response ?? {}) as Record<string, unknown>) };
      // A route declaring no reply at all (a file, a script) answers 200 with its content.
      if (Object.keys(responses).length === 0) responses['200'] = { description: 'The content' };
      if (
        !Object.keys(responses).some((status) => status.startsWith('4')) &&
        !url.startsWith('/r/')
      )
        responses['400'] = BAD_INPUT;
      // Any API route that reads or writes the database answers 503 (with Retry-After) while
      // the database cannot be reached (plugins/errors.ts).
      if (url.startsWith(API_PREFIX)) responses['503'] ??= UNAVAILABLE;
      documented.response = responses;
      return { schema: documented as typeof schema, url };
    },
  });
  // In the product's colours and theme (plugins/docs-theme.ts).
  await app.register(swaggerUi, { routePrefix: '/api/docs', theme: docsTheme });
}

export default fp(swaggerPlugin, { name: 'swagger' });

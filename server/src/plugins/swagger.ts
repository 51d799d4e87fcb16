// OpenAPI document generated from the route schemas: UI at /api/docs, JSON at /api/docs/json.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

async function swaggerPlugin(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Advocate Marketplace API',
        version: '1.0.0',
        description:
          'API v1. Authenticate with `Authorization: Bearer <access>` from POST /api/v1/token/. ' +
          'Errors are `{ detail, errors? }`.',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}

export default fp(swaggerPlugin, { name: 'swagger' });

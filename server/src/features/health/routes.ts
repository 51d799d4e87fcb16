// GET health/: liveness + database reachability, for load balancers and start scripts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { pingDatabase } from '../../db/client.js';

const HealthReply = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('unavailable')]),
  database: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]),
});

const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/health/',
    {
      schema: {
        tags: ['health'],
        summary: 'Health probe',
        response: { 200: HealthReply, 503: HealthReply },
      },
    },
    async (request, reply) => {
      const database = app.deps.dbKind;
      try {
        await pingDatabase(app.deps.db);
        return { status: 'ok' as const, database };
      } catch (err) {
        request.log.error({ err }, 'health check: database unreachable');
        return reply.code(503).send({ status: 'unavailable' as const, database });
      }
    },
  );
};

export default healthRoutes;

// GET health/: liveness, database reachability, the click journal and the data disk's free space,
// for load balancers, start scripts and whoever looks at why an instance is out; ?for=redirects
// leaves the database out, for the load balancer's share-link backend.
import { statfs } from 'node:fs/promises';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { pingDatabase } from '../../db/client.js';
import { EmbeddedDatabaseUnavailable } from '../../db/pglite-thread.js';

const HealthQuery = Type.Object({
  /**
   * `redirects`: whether this instance can answer share links, which do not need the database
   * (a link is resolved from the cache and its click waits in memory and in the journal until the
   * database is back). A load balancer sending /r/ to instances that pass this check keeps share
   * links working through a database outage.
   */
  for: Type.Optional(Type.Literal('redirects')),
});

const HealthReply = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('unavailable')]),
  database: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]),
  /** What is wrong when unavailable, e.g. "click journal: ENOSPC: no space left on device, write". */
  problems: Type.Optional(Type.Array(Type.String())),
});

/**
 * Below this much free space in DATA_DIR the instance reports itself unavailable: the embedded
 * database's next WAL file (16 MB) might not fit, and without it PostgreSQL stops (a PANIC) and is
 * reopened. Taken out of the load balancer before that, and said why.
 */
export const MIN_FREE_BYTES = 16 * 1024 * 1024;

/** The embedded database's own account of why it cannot run statements, if that is the cause. */
function embeddedDatabaseProblem(err: unknown): string | undefined {
  for (let current = err, depth = 0; current instanceof Error && depth < 4; depth++) {
    if (current instanceof EmbeddedDatabaseUnavailable) return current.message;
    current = current.cause;
  }
  return undefined;
}

const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/health/',
    {
      schema: {
        tags: ['health'],
        summary: 'Health probe',
        description:
          'Everything this instance needs (the database, the click journal, free space in DATA_DIR); ' +
          'with for=redirects, only what share links need (not the database).',
        querystring: HealthQuery,
        response: { 200: HealthReply, 503: HealthReply },
      },
    },
    async (request, reply) => {
      const database = app.deps.dbKind;
      const problems: string[] = [];
      if (request.query.for !== 'redirects') {
        try {
          await pingDatabase(app.deps.db);
        } catch (err) {
          request.log.error({ err }, 'health check: database unreachable');
          // The embedded database's reason names no secret (a PANIC's file, a closed database); a
          // PostgreSQL connection error could (a host, a user), so it stays in the log.
          problems.push(`database: ${embeddedDatabaseProblem(err) ?? 'unreachable'}`);
        }
      }
      // Visits answer 503 while the journal cannot write: the load balancer should use another
      // instance, and whoever looks should read why.
      const journal = app.deps.clicks.journalHealth();
      if (!journal.writable) problems.push(`click journal: ${journal.error ?? 'cannot write'}`);
      const disk = await statfs(app.deps.config.dataDir).catch(() => undefined);
      const free = disk ? disk.bavail * disk.bsize : undefined;
      if (free !== undefined && free < MIN_FREE_BYTES)
        problems.push(`disk: ${mb(free)} free in DATA_DIR, less than ${mb(MIN_FREE_BYTES)}`);
      if (problems.length === 0) return { status: 'ok' as const, database };
      return reply.code(503).send({ status: 'unavailable' as const, database, problems });
    },
  );
};

export default healthRoutes;

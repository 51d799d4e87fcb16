// The PGlite vacuum job (vacuum.ts says why): on the embedded database only, once when the
// server listens and every hour after; never in app.inject() tests; stops on close.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runPeriodically } from '../../lib/periodic-job.js';
import { vacuumTables } from './vacuum.js';

/** Joins grow slowly and an hour's events are few pages: an hour keeps both tidy. */
export const VACUUM_JOB_INTERVAL_MS = 60 * 60 * 1000;

async function pgliteVacuumJobPlugin(app: FastifyInstance): Promise<void> {
  if (app.deps.dbKind !== 'pglite') return;
  runPeriodically(app, VACUUM_JOB_INTERVAL_MS, () =>
    vacuumTables(app.deps.db).catch((err: unknown) =>
      app.log.error({ err }, 'PGlite vacuum job failed'),
    ),
  );
}

export default fp(pgliteVacuumJobPlugin, { name: 'pglite-vacuum-job', dependencies: ['context'] });

// The periodic hold-expiry job: every instance runs it (expireHolds is safe to run concurrently),
// on the shared schedule of lib/periodic-job (when the server listens, never in app.inject()
// tests, and stopped on close).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runPeriodically } from '../../lib/periodic-job.js';
import { expireHolds } from './moves.js';

export const HOLD_JOB_INTERVAL_MS = 60_000;

async function holdJobPlugin(app: FastifyInstance): Promise<void> {
  runPeriodically(app, HOLD_JOB_INTERVAL_MS, () =>
    expireHolds(app.deps.db, app.deps.clock())
      .then((approved) => {
        if (approved > 0) app.log.info({ approved }, 'rewards approved: hold period ended');
      })
      .catch((err: unknown) => app.log.error({ err }, 'hold-expiry job failed')),
  );
}

export default fp(holdJobPlugin, { name: 'hold-job', dependencies: ['context'] });

// The uploads sweep (sweep.ts), hourly on every instance: its deletions are safe to run on
// several at once (a row is deleted once, a missing file is fine).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runPeriodically } from '../../lib/periodic-job.js';
import { sweepUploads } from './sweep.js';

export const SWEEP_JOB_INTERVAL_MS = 60 * 60 * 1000;

async function uploadSweepJobPlugin(app: FastifyInstance): Promise<void> {
  runPeriodically(app, SWEEP_JOB_INTERVAL_MS, () =>
    sweepUploads(app.deps.db, app.deps.uploads, app.deps.clock())
      .then((swept) => {
        if (swept.released + swept.orphaned + swept.staged > 0)
          app.log.info(swept, 'uploads sweep: deleted files nothing refers to');
      })
      .catch((err: unknown) => app.log.error({ err }, 'uploads sweep failed')),
  );
}

export default fp(uploadSweepJobPlugin, { name: 'upload-sweep-job', dependencies: ['context'] });

// The periodic partition job: every instance runs it every hour (maintainClickPartitions takes
// turns under an advisory lock, so several instances at once are safe). The server's start-up
// also runs it once before listening (index.ts), so the current and the coming month's
// partitions exist before the first click. It starts when the server listens, never in
// app.inject() tests, and stops on close.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runPeriodically } from '../../lib/periodic-job.js';
import { maintainClickPartitions } from './maintain.js';

/** An hour: a month's partition is made a whole month ahead, so any run in that month will do. */
export const PARTITION_JOB_INTERVAL_MS = 60 * 60 * 1000;

async function partitionJobPlugin(app: FastifyInstance): Promise<void> {
  runPeriodically(app, PARTITION_JOB_INTERVAL_MS, () =>
    maintainClickPartitions(app.deps.db, app.deps.clock(), {
      retentionMonths: app.deps.config.clickRetentionMonths,
    })
      .then((report) => {
        if (report.created.length + report.dropped.length + report.moved + report.expired > 0)
          app.log.info(report, 'click partitions maintained');
      })
      .catch((err: unknown) => app.log.error({ err }, 'click partition job failed')),
  );
}

export default fp(partitionJobPlugin, { name: 'click-partition-job', dependencies: ['context'] });

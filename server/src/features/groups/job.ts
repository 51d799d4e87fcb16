// The daily run of every brand's automatic group rules, on the shared schedule of
// lib/periodic-job (when the server listens, never in app.inject() tests, stopped on close).
// Several instances may run it: each brand's evaluation locks its groups, and a second run
// finds nobody left to move.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runPeriodically } from '../../lib/periodic-job.js';
import { integrationActor } from '../audit/index.js';
import { evaluateAllBrands } from './evaluate.js';

export const GROUP_JOB_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** Who the audit log names for the daily moves. */
export const GROUP_RULES_ACTOR = 'Automatic group rules';

async function groupJobPlugin(app: FastifyInstance): Promise<void> {
  runPeriodically(app, GROUP_JOB_INTERVAL_MS, () =>
    evaluateAllBrands(app.deps.db, app.deps.clock(), integrationActor(GROUP_RULES_ACTOR))
      .then((moved) => {
        if (moved > 0) app.log.info({ moved }, 'advocates moved by the automatic group rules');
      })
      .catch((err: unknown) => app.log.error({ err }, 'group rules job failed')),
  );
}

export default fp(groupJobPlugin, { name: 'group-job', dependencies: ['context'] });

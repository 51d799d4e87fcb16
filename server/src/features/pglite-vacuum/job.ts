// The PGlite vacuum job (vacuum.ts says why): on the embedded database only, once when the
// server listens and every hour after; never in app.inject() tests; stops on close.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { vacuumStatisticsTables } from './vacuum.js';

/** Joins grow with people joining campaigns, slowly: an hour keeps the map nearly complete. */
export const VACUUM_JOB_INTERVAL_MS = 60 * 60 * 1000;

async function pgliteVacuumJobPlugin(app: FastifyInstance): Promise<void> {
  if (app.deps.dbKind !== 'pglite') return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const run = () => {
    running ??= vacuumStatisticsTables(app.deps.db)
      .catch((err: unknown) => app.log.error({ err }, 'PGlite vacuum job failed'))
      .finally(() => {
        running = undefined;
      });
  };
  app.addHook('onListen', async () => {
    run();
    timer = setInterval(run, VACUUM_JOB_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}

export default fp(pgliteVacuumJobPlugin, { name: 'pglite-vacuum-job', dependencies: ['context'] });

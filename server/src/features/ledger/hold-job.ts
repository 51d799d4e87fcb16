// The periodic hold-expiry job: every instance runs it (expireHolds is safe to run concurrently).
// It starts when the server listens, never in app.inject() tests, and stops on close.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { expireHolds } from './moves.js';

export const HOLD_JOB_INTERVAL_MS = 60_000;

async function holdJobPlugin(app: FastifyInstance): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const run = () => {
    if (running) return;
    running = expireHolds(app.deps.db, app.deps.clock())
      .then((approved) => {
        if (approved > 0) app.log.info({ approved }, 'rewards approved: hold period ended');
      })
      .catch((err: unknown) => app.log.error({ err }, 'hold-expiry job failed'))
      .finally(() => {
        running = undefined;
      });
  };
  app.addHook('onListen', async () => {
    run();
    timer = setInterval(run, HOLD_JOB_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}

export default fp(holdJobPlugin, { name: 'hold-job', dependencies: ['context'] });

// A job a server runs once when it listens and every `intervalMs` after, never in app.inject()
// tests (they never listen), one run at a time, and waited for on close.
import type { FastifyInstance } from 'fastify';

/**
 * Schedules `job`; returns a nudge that starts a run now (when the server listens and no run is
 * under way), for work another job has just made due. A nudge only hastens: the timer alone is
 * enough for correctness.
 */
export function runPeriodically(
  app: FastifyInstance,
  intervalMs: number,
  job: () => Promise<unknown>,
): () => void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let live = false;
  const run = () => {
    running ??= job().finally(() => {
      running = undefined;
    });
  };
  app.addHook('onListen', async () => {
    live = true;
    run();
    timer = setInterval(run, intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    live = false;
    if (timer) clearInterval(timer);
    await running;
  });
  return () => {
    if (live) run();
  };
}

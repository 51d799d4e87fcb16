// A job a server runs once when it listens and every `intervalMs` after, never in app.inject()
// tests (they never listen), one run at a time, and waited for on close.
import type { FastifyInstance } from 'fastify';

export function runPeriodically(
  app: FastifyInstance,
  intervalMs: number,
  job: () => Promise<unknown>,
): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const run = () => {
    running ??= job().finally(() => {
      running = undefined;
    });
  };
  app.addHook('onListen', async () => {
    run();
    timer = setInterval(run, intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}

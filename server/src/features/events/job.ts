// The event pipeline's periodic jobs, on every instance (they share the work through SKIP
// LOCKED): dispatch events to their consumers, attempt due webhook deliveries (the instance's
// delivery lanes, refilled continuously: webhooks/pool.ts), send due emails.
// Each runs when the server listens and every EVENTS_JOB_INTERVAL_MS after (lib/periodic-job:
// never in app.inject() tests, which call the functions themselves), and drains what is due
// before it rests. Nothing depends on timing: a missed tick only delays.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runPeriodically } from '../../lib/periodic-job.js';
import { sendDueEmails, sendReviewSummaries } from '../emails/index.js';
import { DeliveryPool, webhookWorkerContext } from '../webhooks/index.js';
import { dispatchEvents } from './dispatcher.js';

export const EVENTS_JOB_INTERVAL_MS = 500;
export const REVIEW_SUMMARY_INTERVAL_MS = 10 * 60_000;
const DISPATCH_BATCH = 200;
/** Rounds one run may take before it lets the next tick continue (keeps shutdown prompt). */
const MAX_ROUNDS = 50;

async function drain(step: () => Promise<boolean>): Promise<void> {
  for (let round = 0; round < MAX_ROUNDS && (await step()); round += 1);
}

async function eventsJobPlugin(app: FastifyInstance): Promise<void> {
  const { db, clock, config, mailer } = app.deps;
  const deliveries = new DeliveryPool(webhookWorkerContext(app));
  // On close: no new claim; the attempts under way finish and are recorded.
  app.addHook('onClose', () => deliveries.close());
  const guard = (name: string, job: () => Promise<void>) => () =>
    job().catch((err: unknown) => app.log.error({ err }, `${name} failed`));

  // Delivery and email runs are nudged as soon as a dispatch has made work due, rather than on
  // their next tick: that halves the time from a conversion to its delivery. A tick fills the
  // free delivery lanes (retries come due by the clock); recorded outcomes refill them between.
  const nudgeDelivery = runPeriodically(
    app,
    EVENTS_JOB_INTERVAL_MS,
    guard('webhook delivery', async () => void (await deliveries.fill())),
  );
  const nudgeEmail = runPeriodically(
    app,
    EVENTS_JOB_INTERVAL_MS * 2,
    guard('email sending', () => drain(async () => (await sendDueEmails(db, mailer, clock())) > 0)),
  );
  runPeriodically(
    app,
    EVENTS_JOB_INTERVAL_MS,
    guard('event dispatch', () =>
      drain(async () => {
        const dispatched = await dispatchEvents(
          db,
          { now: clock(), publicUrl: config.publicUrl, secret: config.jwtSecret },
          DISPATCH_BATCH,
        );
        if (dispatched > 0) {
          nudgeDelivery();
          nudgeEmail();
        }
        return dispatched === DISPATCH_BATCH;
      }),
    ),
  );
  runPeriodically(
    app,
    REVIEW_SUMMARY_INTERVAL_MS,
    guard('review summary', async () => {
      await sendReviewSummaries(db, {
        now: clock(),
        publicUrl: config.publicUrl,
        secret: config.jwtSecret,
      });
    }),
  );
}

export default fp(eventsJobPlugin, { name: 'events-job', dependencies: ['context'] });

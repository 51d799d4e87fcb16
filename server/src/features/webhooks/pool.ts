// The delivery lanes of one instance: WEBHOOK_LANES attempts under way at once, shared by every
// webhook, and refilled continuously: as soon as an attempt's outcome is recorded (its lane and
// its webhook's cap are free again) the pool claims what is due next, rather than waiting for a
// whole batch. The claim decides what is fair (deliveries.ts): each webhook at most its cap,
// every webhook's first delivery before any webhook's second. Outcomes are recorded in groups
// (a group commit: while one group is being written the next gathers), so the database sees a
// few statements per group rather than per attempt.
import {
  claimDueDeliveries,
  recordAttempts,
  releaseOwnClaims,
  type AttemptToRecord,
  type ClaimedDelivery,
} from './deliveries.js';
import { recordOptions, send, type WebhookWorkerContext } from './worker.js';

/** Attempts under way at once in one instance, all webhooks together. */
export const WEBHOOK_LANES = 32;

export class DeliveryPool {
  private readonly startedAt: Date;
  private releasedOwnClaims = false;
  private sending = 0;
  private attempted = 0;
  private claiming: Promise<number> | undefined;
  private claimAgain = false;
  private closing = false;
  private readonly sends = new Set<Promise<void>>();
  private toRecord: AttemptToRecord[] = [];
  private recording: Promise<void> | undefined;

  constructor(
    private readonly ctx: WebhookWorkerContext,
    private readonly lanes = WEBHOOK_LANES,
  ) {
    this.startedAt = ctx.now();
  }

  /**
   * Claims due deliveries for the free lanes and starts their attempts; resolves with how many
   * it claimed (the attempts go on). A call while a claim is under way runs one more after it.
   */
  fill(): Promise<number> {
    if (this.closing) return Promise.resolve(0);
    if (this.claiming) {
      this.claimAgain = true;
      return this.claiming;
    }
    const claiming = this.claim().finally(() => {
      this.claiming = undefined;
      if (this.claimAgain) {
        this.claimAgain = false;
        void this.fill().catch(this.ctx.onError);
      }
    });
    this.claiming = claiming;
    return claiming;
  }

  /** Attempts everything due until nothing is (what ticks would do, for tests); returns how many. */
  async drain(): Promise<number> {
    const before = this.attempted;
    for (;;) {
      const round = this.attempted;
      await this.fill();
      await this.idle();
      if (this.attempted === round) return this.attempted - before;
    }
  }

  /** Claims nothing more; waits for the attempts under way and their records. */
  async close(): Promise<void> {
    this.closing = true;
    await this.idle();
  }

  private async claim(): Promise<number> {
    const now = this.ctx.now();
    if (!this.releasedOwnClaims) {
      await releaseOwnClaims(this.ctx.db, this.ctx.instance, this.startedAt);
      this.releasedOwnClaims = true;
    }
    const free = this.lanes - this.sending;
    if (free <= 0) return 0;
    const claimed = await claimDueDeliveries(
      this.ctx.db,
      { now, instance: this.ctx.instance },
      free,
    );
    for (const delivery of claimed) this.start(delivery);
    return claimed.length;
  }

  private start(delivery: ClaimedDelivery) {
    this.sending += 1;
    this.attempted += 1;
    const attempt = send(this.ctx, delivery).then((outcome) => {
      this.sending -= 1;
      this.toRecord.push({ delivery, outcome });
      this.recording ??= this.record().finally(() => {
        this.recording = undefined;
      });
    });
    this.sends.add(attempt);
    void attempt.finally(() => this.sends.delete(attempt));
  }

  /** Writes the outcomes gathered, group by group; each written group frees lanes to fill. */
  private async record() {
    // Outcomes that arrive together (endpoints refusing at once) make one group, and then one
    // claim fills their lanes: without this, each would cost a claim and a record of its own.
    await new Promise((resolve) => setImmediate(resolve));
    while (this.toRecord.length > 0) {
      const group = this.toRecord.splice(0);
      try {
        await recordAttempts(this.ctx.db, group, recordOptions(this.ctx));
      } catch (error) {
        // Unrecorded, the claims run out and the deliveries are attempted again (at least once).
        this.ctx.onError(error);
      }
      void this.fill().catch(this.ctx.onError);
    }
  }

  /** Until no claim, attempt or record is under way. */
  private async idle() {
    while (this.claiming || this.sends.size > 0 || this.recording) {
      await Promise.allSettled([this.claiming, ...this.sends, this.recording]);
    }
  }
}

/** Attempts every due delivery until none is left, as one instance would (tests). */
export function deliverDueWebhooks(ctx: WebhookWorkerContext): Promise<number> {
  return new DeliveryPool(ctx).drain();
}

// Clicks wait in memory and are written in multi-row INSERTs, every `flushMs` or as soon as
// `batchSize` are waiting, so a redirect never waits on the database. close() (app.close(), i.e.
// graceful shutdown) writes what is left. A failed write keeps the clicks for the next attempt,
// up to MAX_WAITING; beyond that the oldest are dropped (and logged) rather than letting a dead
// database eat the process's memory.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { ClickRow } from '../../db/schema.js';

export type Click = Required<Omit<ClickRow, 'id'>>;

const ROWS_PER_INSERT = 1000;

/**
 * One INSERT for many clicks with a single JSON parameter, expanded by json_to_recordset.
 * A VALUES list with 11 parameters per row costs ~3x more to build, bind and parse, which
 * matters with embedded PGlite: it runs on the event loop, so every millisecond here delays
 * redirects. ON CONFLICT: a retried batch whose first attempt did commit must not fail.
 */
function insertClicks(db: Database, rows: readonly Click[]) {
  const json = JSON.stringify(
    rows.map((c) => ({
      click_id: c.clickId,
      created_at: c.createdAt.toISOString(),
      link_id: c.linkId,
      campaign_id: c.campaignId,
      product_id: c.productId,
      advocate_id: c.advocateId,
      brand_id: c.brandId,
      source: c.source,
      referrer_host: c.referrerHost,
      device: c.device,
      visitor_hash: c.visitorHash,
    })),
  );
  return db.execute(sql`
    insert into clicks (click_id, created_at, link_id, campaign_id, product_id, advocate_id, brand_id, source, referrer_host, device, visitor_hash)
    select * from json_to_recordset(${json}::json) as x(
      click_id text, created_at timestamptz, link_id int, campaign_id int, product_id int, advocate_id int,
      brand_id int, source text, referrer_host text, device text, visitor_hash text)
    on conflict (click_id) do nothing`);
}
const MAX_WAITING = 200_000;

export class ClickBuffer {
  private waiting: Click[] = [];
  /** Waiting clicks by click id, so a conversion can attribute by cid before the click is written. */
  private readonly byClickId = new Map<string, Click>();
  private flushing: Promise<void> | undefined;
  private readonly timer: NodeJS.Timeout;
  private closed = false;

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly options: { flushMs: number; batchSize: number },
  ) {
    this.timer = setInterval(() => void this.flush(), options.flushMs);
    // A pending flush must not keep a stopping process alive; close() does the final write.
    this.timer.unref();
  }

  get pending(): number {
    return this.waiting.length;
  }

  add(click: Click): void {
    this.waiting.push(click);
    this.byClickId.set(click.clickId, click);
    if (this.waiting.length > MAX_WAITING) {
      const dropped = this.waiting.splice(0, this.waiting.length - MAX_WAITING);
      for (const old of dropped) this.byClickId.delete(old.clickId);
      this.log.error({ dropped: dropped.length }, 'click buffer full: oldest clicks dropped');
    }
    if (this.waiting.length >= this.options.batchSize) void this.flush();
  }

  /** A click not yet written, by its click id. */
  find(clickId: string): Click | undefined {
    return this.byClickId.get(clickId);
  }

  /** Writes everything waiting now; resolves when it is stored (or the attempt failed and was logged). */
  async flush(): Promise<void> {
    // One writer at a time keeps the order and the batches simple; a flush asked for meanwhile
    // runs right after (clicks may have arrived since the running one took its batch).
    while (this.flushing) await this.flushing;
    if (this.waiting.length === 0) return;
    const batch = this.waiting;
    this.waiting = [];
    this.flushing = this.write(batch).finally(() => {
      this.flushing = undefined;
    });
    await this.flushing;
  }

  private async write(batch: Click[]): Promise<void> {
    let written = 0;
    try {
      for (; written < batch.length; written += ROWS_PER_INSERT) {
        await insertClicks(this.db, batch.slice(written, written + ROWS_PER_INSERT));
      }
    } catch (err) {
      const unwritten = batch.slice(written);
      this.log.error({ err, clicks: unwritten.length }, 'writing clicks failed; will retry');
      // Back in front of whatever arrived meanwhile (unless we are closing: nothing will retry).
      if (!this.closed) this.waiting = unwritten.concat(this.waiting);
      else for (const click of unwritten) this.byClickId.delete(click.clickId);
      return;
    }
    for (const click of batch) this.byClickId.delete(click.clickId);
  }

  /** Stops the timer and writes what is left. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
    this.closed = true;
    // A failed final write gets one more try now that nothing else is coming.
    if (this.waiting.length > 0) await this.flush();
  }
}

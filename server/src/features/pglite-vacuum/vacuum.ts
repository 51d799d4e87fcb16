// Embedded PGlite has no autovacuum daemon: nothing sets the visibility map of a table it
// writes, so an index-only scan still visits the heap for every row. Brand stats count the
// distinct advocates of a brand's joins by such a scan; at 1 million clicks (20,000 joins) that
// was 15–22 ms of the 30-day call, and a VACUUM of the joins alone (about 0.1 s) took the call
// from 54 to 43 ms p50 on an idle machine. PostgreSQL's own autovacuum does this there.
import { sql } from 'drizzle-orm';
import type { Tx } from '../../lib/sql.js';

/**
 * The tables vacuumed, each well under a second an hour (a vacuum skips the pages already
 * all-visible):
 * - campaign_joins: the statistics read it by index-only scans.
 * - events, webhook_deliveries, email_jobs: the outbox and its queues. A row done leaves its
 *   partial "still to do" index, but its dead entry stays there until a vacuum, and every poll
 *   walks past them: after 200,000 events a dispatcher poll read 318 buffers, 1 after a vacuum.
 */
export const VACUUMED_TABLES = [
  'campaign_joins',
  'events',
  'webhook_deliveries',
  'email_jobs',
] as const;

/** Vacuums and analyzes VACUUMED_TABLES (one statement; PGlite runs it on its own thread). */
export async function vacuumTables(db: Tx): Promise<void> {
  await db.execute(sql.raw(`vacuum (analyze) ${VACUUMED_TABLES.join(', ')}`));
}

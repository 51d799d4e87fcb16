// Embedded PGlite has no autovacuum daemon: nothing sets the visibility map of a table it
// writes, so an index-only scan still visits the heap for every row. Brand stats count the
// distinct advocates of a brand's joins by such a scan; at 1 million clicks (20,000 joins) that
// was 15–22 ms of the 30-day call, and a VACUUM of the joins alone (about 0.1 s) took the call
// from 54 to 43 ms p50 on an idle machine. PostgreSQL's own autovacuum does this there.
import { sql } from 'drizzle-orm';
import type { Tx } from '../../lib/sql.js';

/**
 * The tables the statistics read by index-only scans, small enough to vacuum in well under a
 * second (the rollups and clicks are read by ordinary index scans and are far larger).
 */
export const VACUUMED_TABLES = ['campaign_joins'] as const;

/** Vacuums and analyzes VACUUMED_TABLES (one statement; PGlite runs it on its own thread). */
export async function vacuumStatisticsTables(db: Tx): Promise<void> {
  await db.execute(sql.raw(`vacuum (analyze) ${VACUUMED_TABLES.join(', ')}`));
}

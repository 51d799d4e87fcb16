// Paged lists of ledger entries (the brand's review list, the advocate's earnings history).
import { and, sql, type SQL } from 'drizzle-orm';
import type { EventType } from '../../db/schema.js';
import { dayRange, pagedRows, type Paging } from '../../lib/paging.js';
import type { Tx } from '../../lib/sql.js';

/** The filters both lists take: a conversion type, and the days the entry was made. */
export interface EntryFilters {
  eventType?: EventType | undefined;
  since?: string | undefined;
  until?: string | undefined;
}

/**
 * One page of ledger entries (rewards `r`, each with its conversion `c`), newest first, and how
 * many there are: `columns` are the fields of a row, `joins` what else they read, `where` (with
 * `filters`) which entries.
 */
export function pagedEntries<R extends { total: string | number }>(
  db: Tx,
  {
    columns,
    joins,
    where,
    filters,
  }: { columns: SQL; joins: SQL; where: SQL[]; filters: EntryFilters },
  page: Paging,
) {
  const conditions = [...where];
  if (filters.eventType) conditions.push(sql`c.event_type = ${filters.eventType}::text`);
  conditions.push(...dayRange(sql`r.created_at`, filters.since, filters.until));
  const entries = sql`rewards r join conversions c on c.id = r.conversion_id`;
  return pagedRows<R>(
    db,
    sql`select ${columns}, count(*) over () as total
      from ${entries} ${joins}
      where ${and(...conditions)}
      order by r.created_at desc, r.id desc`,
    sql`select count(*) as n from ${entries} where ${and(...conditions)}`,
    page,
  );
}

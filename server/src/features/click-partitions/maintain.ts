// Keeping the clicks table's month partitions (migration 0009): the current month and the coming
// ones exist before a click needs them, a click that landed in clicks_default (no partition
// covered its time) moves into its month, and with a retention setting the months past it are
// dropped whole. Rollups are never touched: statistics read them, so dropping raw clicks changes
// no figure; what is lost is the raw rows themselves (attribution by a click id older than the
// retention, a rollup rebuild of those buckets, campaign visitors counted from raw clicks).
//
// Safe on several instances at once: one transaction under a transaction-scoped advisory lock, so
// the instances take turns and each finds the work of the one before done.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rowsOf, type Tx } from '../../lib/sql.js';
import {
  addMonths,
  monthLiteral,
  monthOf,
  monthOfPartition,
  partitionName,
  type MonthStart,
} from './months.js';

/** Key of the advisory lock that serializes partition maintenance across instances. */
const PARTITIONS_LOCK = 0x636c_6b70; // 'clkp'

/** How many months after the current one always have their partition. */
export const MONTHS_AHEAD = 1;

/**
 * A DDL statement here waits at most this long for the clicks table's lock (a long statistics
 * query, a rollup rebuild): waiting longer would hold up every click write queued behind it.
 * The job then fails, logs, and tries again on its next run.
 */
const LOCK_TIMEOUT = '5s';

export interface PartitionOptions {
  /**
   * Raw clicks of the current month and of this many whole months before it are kept; older
   * months are dropped. Undefined: kept forever.
   */
  retentionMonths: number | undefined;
}

export interface PartitionReport {
  /** Partitions created, oldest first. */
  created: string[];
  /** Partitions dropped by retention, oldest first. */
  dropped: string[];
  /** Clicks moved out of clicks_default into their month's partition. */
  moved: number;
  /** Clicks older than the retention deleted from clicks_default. */
  expired: number;
}

/** The month partitions that exist (not clicks_default), oldest first. */
export async function monthPartitions(db: Tx): Promise<MonthStart[]> {
  const rows = await rowsOf<{ name: string }>(
    db,
    sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
        where i.inhparent = 'clicks'::regclass`,
  );
  return rows
    .map((r) => monthOfPartition(r.name))
    .filter((m): m is MonthStart => m !== undefined)
    .sort((a, b) => a - b);
}

/** The first month whose raw clicks retention keeps at `now`. */
export function retentionCutoff(now: Date, retentionMonths: number): MonthStart {
  return addMonths(monthOf(now), -retentionMonths);
}

/**
 * Creates the partition of `month` and moves into it the clicks clicks_default holds for that
 * month. The table is built apart and then attached: CREATE TABLE … PARTITION OF would refuse
 * while the default partition holds rows of the month. ATTACH builds the partition's copies of
 * the primary key and the campaign index.
 */
async function createPartition(tx: Tx, month: MonthStart): Promise<number> {
  const name = sql.identifier(partitionName(month));
  const from = sql.raw(monthLiteral(month));
  const to = sql.raw(monthLiteral(addMonths(month, 1)));
  await tx.execute(sql`create table ${name} (like clicks including defaults including constraints)`);
  const moved = await rowsOf<{ n: number }>(
    tx,
    sql`with moved as (
          delete from clicks_default where created_at >= ${from} and created_at < ${to} returning *)
        , stored as (insert into ${name} select * from moved returning 1)
        select count(*)::int as n from stored`,
  );
  await tx.execute(sql`alter table clicks attach partition ${name} for values from (${from}) to (${to})`);
  return moved[0]?.n ?? 0;
}

/**
 * One maintenance pass at `now`: creates the partitions of the current month, the MONTHS_AHEAD
 * months after it and any month clicks_default holds clicks of; then, with a retention, drops
 * the partitions of months before the cutoff and deletes such clicks from clicks_default, and
 * records the cutoff in raw_clicks_horizon (rollups of older buckets cannot be recomputed).
 */
export async function maintainClickPartitions(
  db: Database,
  now: Date,
  options: PartitionOptions,
): Promise<PartitionReport> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${PARTITIONS_LOCK}::integer)`);
    const report: PartitionReport = { created: [], dropped: [], moved: 0, expired: 0 };
    const existing = new Set(await monthPartitions(tx));
    const cutoff =
      options.retentionMonths === undefined
        ? undefined
        : retentionCutoff(now, options.retentionMonths);

    // Months clicks_default holds clicks of, named as their partitions would be.
    const strays = (
      await rowsOf<{ name: string }>(
        tx,
        sql`select distinct 'clicks_' || to_char(created_at at time zone 'UTC', 'YYYY_MM') as name
            from clicks_default`,
      )
    )
      .map((r) => monthOfPartition(r.name))
      .filter((m): m is MonthStart => m !== undefined);
    const wanted = new Set<MonthStart>();
    const current = monthOf(now);
    for (let i = 0; i <= MONTHS_AHEAD; i++) wanted.add(addMonths(current, i));
    for (const month of strays) if (cutoff === undefined || month >= cutoff) wanted.add(month);
    const toCreate = [...wanted].filter((m) => !existing.has(m)).sort((a, b) => a - b);
    const toDrop = cutoff === undefined ? [] : [...existing].filter((m) => m < cutoff);
    const expiredStrays = cutoff !== undefined && strays.some((m) => m < cutoff);
    if (toCreate.length === 0 && toDrop.length === 0 && !expiredStrays) return report;

    // DDL below: take the whole table's lock first, so that no statement holding part of it
    // (a reader of some partitions) can deadlock with this one.
    await tx.execute(sql.raw(`set local lock_timeout = '${LOCK_TIMEOUT}'`));
    await tx.execute(sql`lock table clicks in access exclusive mode`);
    for (const month of toCreate) {
      report.moved += await createPartition(tx, month);
      report.created.push(partitionName(month));
    }
    if (cutoff !== undefined) {
      for (const month of toDrop) {
        await tx.execute(sql`drop table ${sql.identifier(partitionName(month))}`);
        report.dropped.push(partitionName(month));
      }
      const expired = await rowsOf<{ n: number }>(
        tx,
        sql`with gone as (delete from clicks_default where created_at < ${sql.raw(monthLiteral(cutoff))} returning 1)
            select count(*)::int as n from gone`,
      );
      report.expired = expired[0]?.n ?? 0;
      if (report.dropped.length > 0 || report.expired > 0) {
        const keptFrom = new Date(cutoff).toISOString();
        await tx.execute(sql`
          insert into raw_clicks_horizon (id, kept_from) values (true, ${keptFrom})
          on conflict (id) do update set kept_from = greatest(raw_clicks_horizon.kept_from, excluded.kept_from)`);
      }
    }
    return report;
  });
}

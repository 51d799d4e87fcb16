import { useEffect, useState, useSyncExternalStore } from 'react';

import type { CsvCell, CsvColumn } from 'contract/csv';

/** A cell as written to the file; null and undefined become empty cells. */
export type CsvValue = CsvCell;

/**
 * A column of the file: `value` for a plain cell, or `money` for an amount in one or more
 * currencies (the file then has a row per currency: contract/csv.ts, the one CSV rule).
 */
export type ExportColumn<T> = CsvColumn<T>;

/** The main table of a screen, as the header's Export button downloads it. */
export interface ExportableTable<T = unknown> {
  /** Names the file (`advocates` → advocates-2026-11-22.csv) and the button's tooltip. */
  name: string;
  columns: readonly ExportColumn<T>[];
  /** The rows on screen (a page of a longer result when `loadAll` is given). */
  rows: readonly T[];
  /**
   * A paged table's whole result: Export calls it and saves every row, not the page on screen.
   * Without it, the file holds `rows`.
   */
  loadAll?: () => Promise<readonly T[]>;
  /** How many rows the whole result has, when the screen shows one page of it. */
  total?: number;
}

/** True when the table has something to save: rows on screen, or a whole result behind them. */
export function hasRowsToExport<T>(
  table: ExportableTable<T> | null,
): table is ExportableTable<T> {
  return table !== null && (table.rows.length > 0 || (table.total ?? 0) > 0);
}

/*
 * One registry per page. shared-ui is a federation singleton, so the shell's header and every
 * remote's screens read and write this same module; no provider has to sit between them.
 */
const tables = new Map<number, ExportableTable<never>>();
const listeners = new Set<() => void>();
let current: ExportableTable<never> | null = null;
let nextKey = 1;

function publish() {
  // The screen that registered last is the one on display (the previous screen's cleanup runs
  // before the next screen's effects).
  current = [...tables.values()].pop() ?? null;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

const snapshot = () => current;

/**
 * Offers this screen's main table to the header's Export button while the screen is mounted.
 * Pass null while there is nothing to offer (loading, error). Keep `columns` and `loadAll` stable
 * (a module constant, useMemo or useCallback) and pass the rows the table shows; a paged table
 * also passes `loadAll` and `total`, so the file holds the whole result, not the page.
 */
export function useExportableTable<T>(table: ExportableTable<T> | null): void {
  const [key] = useState(() => nextKey++);
  const name = table?.name;
  const columns = table?.columns;
  const rows = table?.rows;
  const loadAll = table?.loadAll;
  const total = table?.total;

  useEffect(() => {
    if (name === undefined || columns === undefined || rows === undefined) {
      if (tables.delete(key)) publish();
      return;
    }
    tables.set(key, { name, columns, rows, loadAll, total } as unknown as ExportableTable<never>);
    publish();
  }, [key, name, columns, rows, loadAll, total]);

  useEffect(
    () => () => {
      if (tables.delete(key)) publish();
    },
    [key],
  );
}

/** The table the current screen offers for export, or null when it offers none. */
export function useCurrentExportableTable(): ExportableTable | null {
  return useSyncExternalStore(subscribe, snapshot, snapshot) as ExportableTable | null;
}

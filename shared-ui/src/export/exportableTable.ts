import { useEffect, useState, useSyncExternalStore } from 'react';

/** A cell as written to the file; null and undefined become empty cells. */
export type CsvValue = string | number | boolean | null | undefined;

export interface ExportColumn<T> {
  header: string;
  value: (row: T) => CsvValue;
}

/** The main table of a screen, as the header's Export button downloads it. */
export interface ExportableTable<T = unknown> {
  /** Names the file (`advocates` → advocates-2026-11-22.csv) and the button's tooltip. */
  name: string;
  columns: readonly ExportColumn<T>[];
  rows: readonly T[];
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
 * Pass null while there is nothing to offer (loading, error). Keep `columns` stable (a module
 * constant or useMemo) and pass the rows the table shows, so the file matches the screen.
 */
export function useExportableTable<T>(table: ExportableTable<T> | null): void {
  const [key] = useState(() => nextKey++);
  const name = table?.name;
  const columns = table?.columns;
  const rows = table?.rows;

  useEffect(() => {
    if (name === undefined || columns === undefined || rows === undefined) {
      if (tables.delete(key)) publish();
      return;
    }
    tables.set(key, { name, columns, rows } as unknown as ExportableTable<never>);
    publish();
  }, [key, name, columns, rows]);

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

import { tableCsv } from 'contract/csv';
import type { ExportableTable } from './exportableTable';

/** The table as CSV text by the one CSV rule (contract/csv.ts): BOM, CRLF, a row per currency. */
export function tableToCsv<T>(table: ExportableTable<T>): string {
  return tableCsv(table.columns, table.rows);
}

/** `Top advocates` on 22 Nov 2026 → top-advocates-2026-11-22.csv */
export function csvFileName(name: string, now: Date = new Date()): string {
  const slug =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'table';
  return `${slug}-${now.toISOString().slice(0, 10)}.csv`;
}

/**
 * Saves the table as a CSV file through the browser's download: its whole result when it can
 * load one (`loadAll`), else the rows on screen.
 */
export async function downloadTableCsv<T>(table: ExportableTable<T>, now?: Date): Promise<void> {
  const rows = table.loadAll ? await table.loadAll() : table.rows;
  // The text starts with the byte-order mark: Excel reads the file as UTF-8 (accents intact).
  const csv = tableToCsv({ ...table, rows });
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = csvFileName(table.name, now);
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has handed the file to the download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

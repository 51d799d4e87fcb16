import type { ExportableTable } from './exportableTable';

/*
 * A cell a spreadsheet would run as a formula (=, +, -, @, tab, CR first) is prefixed with a
 * quote, so an advocate named "=HYPERLINK(…)" cannot run code on the brand's machine. A plain
 * negative number such as -12.50 stays a number.
 */
const FORMULA_START = /^(?:[=+@\t\r]|-(?!\d+(?:\.\d+)?$))/;

/** The table as CSV text (RFC 4180: CRLF line ends, quotes where needed), header row first. */
export async function tableToCsv<T>(table: ExportableTable<T>): Promise<string> {
  // papaparse is loaded on the first export only: the header is on every signed-in page.
  const { unparse } = await import('papaparse');
  return unparse(
    {
      fields: table.columns.map((column) => column.header),
      data: table.rows.map((row) => table.columns.map((column) => column.value(row) ?? '')),
    },
    { escapeFormulae: FORMULA_START, newline: '\r\n' },
  );
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
  const csv = await tableToCsv({ ...table, rows });
  // The byte-order mark makes Excel read the file as UTF-8 (names with accents stay intact).
  const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
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

// The one CSV rule of every export, in the browser (shared-ui's Export button) and on the server
// (payout batch files): UTF-8 with a byte-order mark (so spreadsheets read accents right), CRLF
// line ends (RFC 4180), quotes only where needed, formula starts neutralised, and amounts with
// their currency's decimals (12.50 USD, 1250 JPY), never added across currencies: a figure in
// several currencies is one row per currency. Dependency-free: the remotes bundle it.
import { moneyText } from './currency.js';

/** Starts every file: the UTF-8 byte-order mark. */
export const CSV_BOM = '\uFEFF';
/** Ends every line, the header's too. */
export const CSV_NEWLINE = '\r\n';

export type CsvCell = string | number | boolean | null | undefined;

/** An amount in one currency, as a money column gives it. */
export interface CsvMoney {
  amount: number | string;
  currency: string;
}

/*
 * A cell a spreadsheet would run as a formula (=, +, -, @, tab, CR first) is prefixed with a
 * quote, so an advocate named "=HYPERLINK(…)" cannot run code on the brand's machine. A plain
 * negative number such as -12.50 stays a number.
 */
const FORMULA_START = /^(?:[=+@\t\r]|-(?!\d+(?:\.\d+)?$))/;

/** One cell: empty for null, quoted when it holds a comma, quote or line break. */
export function csvField(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One line, its line end included. */
export const csvLine = (values: readonly CsvCell[]): string =>
  values.map(csvField).join(',') + CSV_NEWLINE;

/** '12.50' for USD, '1250' for JPY, '12.345' for KWD: exact, with the currency's decimals. */
export const csvAmount = (amount: number | string, currency: string): string =>
  moneyText(amount, currency);

/** A whole file: the mark, then the header line (if any), then each row's line. */
export function csvFile(header: readonly string[] | null, rows: readonly CsvCell[][]): string {
  return CSV_BOM + (header ? csvLine(header) : '') + rows.map(csvLine).join('');
}

/** A column of a table's export: a plain value, or an amount in one or more currencies. */
export type CsvColumn<T> =
  | { header: string; value: (row: T) => CsvCell; money?: undefined }
  | { header: string; money: (row: T) => readonly CsvMoney[]; value?: undefined };

/**
 * A table as one file. With money columns, a Currency column follows and each row becomes one
 * row per currency its amounts are in (the other cells repeated), each money cell holding its
 * amount in that currency (empty when it has none).
 */
export function tableCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  const money = columns.some((c) => c.money);
  const header = columns.map((c) => c.header).concat(money ? ['Currency'] : []);
  const lines: CsvCell[][] = [];
  for (const row of rows) {
    const amounts = columns.map((c) => (c.money ? c.money(row) : []));
    const currencies = [...new Set(amounts.flat().map((a) => a.currency))].sort();
    if (!money || currencies.length === 0) {
      lines.push(
        columns.map((c) => (c.money ? '' : c.value(row))).concat(money ? [''] : []),
      );
      continue;
    }
    for (const currency of currencies)
      lines.push(
        columns
          .map((c, i) => {
            if (!c.money) return c.value(row);
            const hit = amounts[i].find((a) => a.currency === currency);
            return hit ? csvAmount(hit.amount, currency) : '';
          })
          .concat([currency]),
      );
  }
  return csvFile(header, lines);
}

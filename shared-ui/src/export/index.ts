export { useExportableTable, useCurrentExportableTable, hasRowsToExport } from './exportableTable';
export type { ExportableTable, ExportColumn, CsvValue } from './exportableTable';
export { downloadTableCsv, tableToCsv, csvFileName } from './csv';

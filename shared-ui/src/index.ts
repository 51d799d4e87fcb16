/// <reference path="./styled.d.ts" />
/// <reference path="./assets.d.ts" />
// Charts are deliberately not exported here: import them from 'shared-ui/charts' so chart.js
// only lands in bundles that draw charts.
export * from './theme';
export * from './forms';
export * from './components';
export { VisuallyHidden } from './internal/VisuallyHidden';
export {
  ToastProvider,
  useToast,
  useToastClearance,
  TOAST_DEFAULTS,
  TOP_BAR_HEIGHT_VAR,
} from './toast/ToastProvider';
export type { ToastApi, ToastProviderProps } from './toast/ToastProvider';
export {
  formatMoney,
  formatAmounts,
  formatMoneyAxis,
  padId,
  formatOrdinalDate,
  formatMemberSince,
  truncate,
} from './format';
export type { DateInput } from './format';
export { useDebouncedValue } from './useDebouncedValue';
export {
  useExportableTable,
  useCurrentExportableTable,
  hasRowsToExport,
  downloadTableCsv,
  tableToCsv,
  csvFileName,
} from './export';
export type { ExportableTable, ExportColumn, CsvValue } from './export';

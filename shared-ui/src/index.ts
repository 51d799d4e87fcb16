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
export { formatMoney, formatAmounts, formatMoneyAxis, padId, truncate } from './format';
export {
  formatDate,
  formatDateTime,
  formatMonth,
  formatShortDay,
  formatTime,
  NO_DATE,
  type DateInput,
} from './dates';
export {
  BILLING_EVENT_OUTCOME_LABELS,
  CREDENTIAL_KIND_LABELS,
  EVENT_TYPE_LABELS,
  labelledOptions,
  PAYOUT_STATUS_LABELS,
  REWARD_STATUS_LABELS,
} from './labels';
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

// What other advocate screens use of the dashboard: its periods and their arithmetic, and the
// performance query.
export {
  ADVOCATE_PERIODS,
  ALL_TIME_SINCE,
  DEFAULT_ADVOCATE_PERIOD,
  isoDay,
  periodRange,
  type AdvocatePeriod,
} from './periods';
export { useGetPerformanceQuery } from './performanceApi';

// What other advocate screens use of the dashboard: its period arithmetic and performance query.
export { ALL_TIME_SINCE, isoDay } from './periods';
export { useGetPerformanceQuery } from './performanceApi';

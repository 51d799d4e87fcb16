import type { Performance, PerformanceReply } from 'contract';
import { api } from 'shared-api';

export interface PerformanceArgs {
  since: string;
  until: string;
  timeseries: boolean;
  tz: string;
  /** Report money in this currency (the previous period in the current one's). */
  currency?: string;
}

/** GET advocates/performance/: the signed-in advocate's figures for a range of days. */
export const performanceApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPerformance: build.query<Performance, PerformanceArgs>({
      query: ({ since, until, timeseries, tz, currency }) => ({
        url: 'advocates/performance/',
        params: {
          since,
          until,
          timeseries: timeseries ? 1 : 0,
          tz,
          ...(currency ? { currency } : {}),
        },
      }),
      transformResponse: (reply: PerformanceReply) => reply.data,
      providesTags: [{ type: 'Stats', id: 'PERFORMANCE' }],
    }),
  }),
});

export const { useGetPerformanceQuery } = performanceApi;

import type {
  AdvocatePayoutListReply,
  EarningsListReply,
  EarningsQuery,
  EarningsSummary,
} from 'contract';
import { api } from 'shared-api';

export const TRANSACTIONS_PER_PAGE = 10;
export const PAYOUTS_PER_PAGE = 10;

/** The advocate's earnings: totals per currency and the ledger's entries. */
export const earningsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getEarnings: build.query<EarningsSummary, void>({
      query: () => 'advocates/earnings/',
      providesTags: [{ type: 'Conversion', id: 'EARNINGS' }],
    }),
    listEarnings: build.query<EarningsListReply, EarningsQuery>({
      query: (params) => ({
        url: 'advocates/earnings/transactions/',
        params: { per_page: TRANSACTIONS_PER_PAGE, ...params },
      }),
      providesTags: [{ type: 'Conversion', id: 'EARNINGS' }],
    }),
    listMyPayouts: build.query<AdvocatePayoutListReply, number>({
      query: (page) => ({
        url: 'advocates/payouts/',
        params: { page, per_page: PAYOUTS_PER_PAGE },
      }),
      providesTags: [{ type: 'Conversion', id: 'EARNINGS' }],
    }),
  }),
});

export const {
  useGetEarningsQuery,
  useListEarningsQuery,
  useLazyListEarningsQuery,
  useListMyPayoutsQuery,
} = earningsApi;

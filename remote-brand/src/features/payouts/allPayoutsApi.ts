import type { PayoutListReply, PayoutStatus, PayoutView } from 'contract';
import { api } from 'shared-api';

/** The most rows one call of the payouts list returns. */
const MOST_PER_PAGE = 100;

/**
 * Every payout of a brand (of one status, when given), read page by page: what the provider
 * exports offer and what the header's Export saves must be the whole list, never a page of it.
 */
export const allPayoutsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listAllPayouts: build.query<PayoutView[], { brandId: number; status?: PayoutStatus }>({
      async queryFn({ brandId, status }, _api, _extra, baseQuery) {
        const rows: PayoutView[] = [];
        for (let page = 1, pages = 1; page <= pages; page += 1) {
          const reply = await baseQuery({
            url: `brand/${brandId}/payouts/`,
            params: { page, per_page: MOST_PER_PAGE, ...(status ? { status } : {}) },
          });
          if (reply.error) return { error: reply.error };
          const body = reply.data as PayoutListReply;
          rows.push(...body.results);
          pages = body.meta.pages;
        }
        return { data: rows };
      },
      // Refreshed with the screen's other money figures after a payout is created or marked.
      providesTags: [{ type: 'Payment', id: 'PAYOUTS' }],
    }),
  }),
});

export const { useListAllPayoutsQuery } = allPayoutsApi;

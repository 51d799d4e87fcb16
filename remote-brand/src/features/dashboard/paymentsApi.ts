import type { PaymentsReply } from 'contract';
import { api } from 'shared-api';

export const PAYMENTS_PER_PAGE = 10;

export interface PaymentsArgs {
  page: number;
  /** One brand, or null for all of the caller's brands. */
  brandId: number | null;
  tz: string;
}

/** GET payments/: the brand's attributed sales, newest first, a page at a time. */
export const paymentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listPayments: build.query<PaymentsReply, PaymentsArgs>({
      query: ({ page, brandId, tz }) => ({
        url: 'payments/',
        params: {
          page,
          per_page: PAYMENTS_PER_PAGE,
          ...(brandId === null ? {} : { brand_id: brandId }),
          tz,
        },
      }),
      providesTags: [{ type: 'Payment', id: 'LIST' }],
    }),
  }),
});

export const { useListPaymentsQuery } = paymentsApi;

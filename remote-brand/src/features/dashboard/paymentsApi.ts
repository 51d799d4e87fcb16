import type { PaymentsReply } from 'contract';
import { api } from 'shared-api';

export const PAYMENTS_PER_PAGE = 10;

export interface PaymentsArgs {
  page: number;
  /** One brand, or null for all of the caller's brands. */
  brandId: number | null;
  tz: string;
  /** The days of the dashboard's period (YYYY-MM-DD, both included), in `tz`. */
  since: string;
  until: string;
  /** Rows a page; the table shows ten, an export asks for the most the server gives. */
  perPage?: number;
}

/** The most rows one call of payments/ returns. */
export const PAYMENTS_MAX_PER_PAGE = 100;

/** GET payments/: the brand's attributed sales in a period, newest first, a page at a time. */
export const paymentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listPayments: build.query<PaymentsReply, PaymentsArgs>({
      query: ({ page, brandId, tz, since, until, perPage = PAYMENTS_PER_PAGE }) => ({
        url: 'payments/',
        params: {
          page,
          per_page: perPage,
          ...(brandId === null ? {} : { brand_id: brandId }),
          since,
          until,
          tz,
        },
      }),
      providesTags: [{ type: 'Payment', id: 'LIST' }],
    }),
  }),
});

export const { useListPaymentsQuery } = paymentsApi;

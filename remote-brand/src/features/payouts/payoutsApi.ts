import type {
  CreatePayoutsReply,
  PayoutPreviewReply,
  RefusedReportListReply,
  ReopenReply,
  ReviewDetail,
  FraudSettings,
  PayoutExportFormat,
  PayoutListReply,
  PayoutReply,
  PayoutSettings,
  PayoutSummary,
  ReviewBody,
  ReviewListReply,
  ReviewQuery,
  ReviewReply,
} from 'contract';
import { api, REVIEW_TAG } from 'shared-api';

export const REVIEW_PER_PAGE = 20;
export const PAYOUTS_PER_PAGE = 10;

export type PayoutMark = 'sent' | 'successful' | 'failed';

// The review's tag is shared-api's: its summary (the dashboard's and the sidebar's count) lives there.
const MONEY = [{ type: 'Payment' as const, id: 'PAYOUTS' }, REVIEW_TAG];

/** The brand's money: review of pending conversions, settings, balances and payouts. */
export const payoutsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPayoutSummary: build.query<PayoutSummary, number>({
      query: (brandId) => `brand/${brandId}/payouts/summary/`,
      providesTags: MONEY,
    }),
    listPayouts: build.query<PayoutListReply, { brandId: number; page: number }>({
      query: ({ brandId, page }) => ({
        url: `brand/${brandId}/payouts/`,
        params: { page, per_page: PAYOUTS_PER_PAGE },
      }),
      providesTags: MONEY,
    }),
    /** What "create payouts" would pay, kept as a preview to confirm (nothing is paid). */
    previewPayouts: build.mutation<PayoutPreviewReply, number>({
      query: (brandId) => ({ url: `brand/${brandId}/payouts/preview/`, method: 'POST' }),
    }),
    /** Confirms a preview: creates exactly its payouts, once. */
    createPayouts: build.mutation<CreatePayoutsReply, { brandId: number; previewId: string }>({
      query: ({ brandId, previewId }) => ({
        url: `brand/${brandId}/payouts/`,
        method: 'POST',
        body: { preview_id: previewId },
      }),
      invalidatesTags: MONEY,
    }),
    markPayout: build.mutation<PayoutReply, { id: number; mark: PayoutMark; reason?: string }>({
      query: ({ id, mark, reason }) => ({
        url: `payout/${id}/${mark}/`,
        method: 'POST',
        body: mark === 'failed' ? { ...(reason ? { reason } : {}) } : undefined,
      }),
      invalidatesTags: MONEY,
    }),
    exportPayouts: build.query<
      string,
      { brandId: number; format: PayoutExportFormat; currency: string }
    >({
      query: ({ brandId, format, currency }) => ({
        url: `brand/${brandId}/payouts/export/`,
        params: { format, currency },
        responseHandler: 'text',
      }),
      keepUnusedDataFor: 0,
    }),
    listReview: build.query<ReviewListReply, { brandId: number } & ReviewQuery>({
      query: ({ brandId, ...params }) => ({
        url: `brand/${brandId}/review/`,
        params: { per_page: REVIEW_PER_PAGE, ...params },
      }),
      providesTags: MONEY,
    }),
    getReviewDetail: build.query<ReviewDetail, { brandId: number; conversionId: number }>({
      query: ({ brandId, conversionId }) => `brand/${brandId}/review/${conversionId}/`,
      providesTags: MONEY,
    }),
    listRefusedReports: build.query<RefusedReportListReply, { brandId: number; page: number }>({
      query: ({ brandId, page }) => ({
        url: `brand/${brandId}/review/refused/`,
        params: { page, per_page: REVIEW_PER_PAGE },
      }),
      providesTags: MONEY,
    }),
    reopenConversion: build.mutation<
      ReopenReply,
      { brandId: number; conversionId: number; reason?: string }
    >({
      query: ({ brandId, conversionId, reason }) => ({
        url: `brand/${brandId}/review/${conversionId}/reopen/`,
        method: 'POST',
        body: reason ? { reason } : {},
      }),
      invalidatesTags: MONEY,
    }),
    reviewConversions: build.mutation<ReviewReply, { brandId: number } & ReviewBody>({
      query: ({ brandId, ...body }) => ({ url: `brand/${brandId}/review/`, method: 'POST', body }),
      invalidatesTags: MONEY,
    }),
    getPayoutSettings: build.query<PayoutSettings, number>({
      query: (brandId) => `brand/${brandId}/payout-settings/`,
      providesTags: MONEY,
    }),
    savePayoutSettings: build.mutation<PayoutSettings, { brandId: number } & PayoutSettings>({
      query: ({ brandId, ...body }) => ({
        url: `brand/${brandId}/payout-settings/`,
        method: 'PUT',
        body,
      }),
      invalidatesTags: MONEY,
    }),
    getFraudSettings: build.query<FraudSettings, number>({
      query: (brandId) => `brand/${brandId}/fraud-settings/`,
      providesTags: MONEY,
    }),
    saveFraudSettings: build.mutation<FraudSettings, { brandId: number } & FraudSettings>({
      query: ({ brandId, ...body }) => ({
        url: `brand/${brandId}/fraud-settings/`,
        method: 'PUT',
        body,
      }),
      invalidatesTags: MONEY,
    }),
  }),
});

export { useGetReviewSummaryQuery } from 'shared-api';

export const {
  useGetPayoutSummaryQuery,
  useListPayoutsQuery,
  usePreviewPayoutsMutation,
  useCreatePayoutsMutation,
  useGetReviewDetailQuery,
  useListRefusedReportsQuery,
  useReopenConversionMutation,
  useMarkPayoutMutation,
  useLazyExportPayoutsQuery,
  useListReviewQuery,
  useReviewConversionsMutation,
  useGetPayoutSettingsQuery,
  useSavePayoutSettingsMutation,
  useGetFraudSettingsQuery,
  useSaveFraudSettingsMutation,
} = payoutsApi;

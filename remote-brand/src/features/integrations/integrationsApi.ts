// A brand's Stripe connection (its restricted key or webhook secret, the events received), the
// promotion codes of its Stripe account and those given to a campaign's advocates: only this
// workspace uses them, so the endpoints live here, injected into the one api slice.
import type {
  PromotionCodeListReply,
  PromotionCodeView,
  StripeConnectBody,
  StripeConnectReply,
  StripeIntegrationReply,
  StripePromotionCodesReply,
  StripePromotionCodeView,
  StripeTestEventReply,
} from 'contract';
import { api } from 'shared-api';

export type StripeIntegration = StripeIntegrationReply;
export type PromotionCode = PromotionCodeView;
export type StripePromotionCode = StripePromotionCodeView;

const stripeTag = (brandId: number) =>
  ({ type: 'StripeIntegration', id: `brand-${brandId}` }) as const;
const codesTag = (campaignId: number) =>
  ({ type: 'PromotionCode', id: `campaign-${campaignId}` }) as const;
/** Any change to a code given invalidates every list of codes (campaign, brand, Stripe's). */
const allCodesTag = { type: 'PromotionCode', id: 'all' } as const;

export const integrationsApi = api
  .enhanceEndpoints({ addTagTypes: ['StripeIntegration', 'PromotionCode'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getStripeIntegration: build.query<StripeIntegration, number>({
        query: (brandId) => `brand/${brandId}/integrations/stripe/`,
        providesTags: (_reply, _error, brandId) => [stripeTag(brandId), allCodesTag],
      }),
      /** The key or secret goes to the server once; nothing ever sends it back. */
      connectStripe: build.mutation<StripeConnectReply, { brandId: number } & StripeConnectBody>({
        query: ({ brandId, ...body }) => ({
          url: `brand/${brandId}/integrations/stripe/`,
          method: 'PUT',
          body,
        }),
        invalidatesTags: (_reply, _error, { brandId }) => [stripeTag(brandId), allCodesTag],
      }),
      sendStripeTestEvent: build.mutation<StripeTestEventReply, number>({
        query: (brandId) => ({
          url: `brand/${brandId}/integrations/stripe/test-event/`,
          method: 'POST',
        }),
        invalidatesTags: (_reply, _error, brandId) => [stripeTag(brandId)],
      }),
      /** The active codes of the brand's Stripe account (needs a restricted key connected). */
      listStripePromotionCodes: build.query<StripePromotionCode[], number>({
        query: (brandId) => `brand/${brandId}/integrations/stripe/promotion-codes/`,
        transformResponse: (reply: StripePromotionCodesReply) => reply.codes,
        providesTags: [allCodesTag],
      }),
      disconnectStripe: build.mutation<{ message?: string }, number>({
        query: (brandId) => ({ url: `brand/${brandId}/integrations/stripe/`, method: 'DELETE' }),
        invalidatesTags: (_reply, _error, brandId) => [stripeTag(brandId), allCodesTag],
      }),
      listPromotionCodes: build.query<PromotionCode[], number>({
        query: (campaignId) => `campaign/${campaignId}/promotion-codes/`,
        transformResponse: (reply: PromotionCodeListReply) => reply.codes,
        providesTags: (_codes, _error, campaignId) => [codesTag(campaignId), allCodesTag],
      }),
      assignPromotionCode: build.mutation<
        PromotionCodeListReply,
        { campaignId: number; code: string; advocateId: number }
      >({
        query: ({ campaignId, code, advocateId }) => ({
          url: `campaign/${campaignId}/promotion-codes/`,
          method: 'PUT',
          body: { code, advocate_id: advocateId },
        }),
        invalidatesTags: (_reply, _error, { campaignId }) => [codesTag(campaignId), allCodesTag],
      }),
      removePromotionCode: build.mutation<
        { message?: string },
        { campaignId: number; code: string }
      >({
        query: ({ campaignId, code }) => ({
          url: `campaign/${campaignId}/promotion-codes/${encodeURIComponent(code)}/`,
          method: 'DELETE',
        }),
        invalidatesTags: (_reply, _error, { campaignId }) => [codesTag(campaignId), allCodesTag],
      }),
    }),
  });

export const {
  useGetStripeIntegrationQuery,
  useConnectStripeMutation,
  useDisconnectStripeMutation,
  useSendStripeTestEventMutation,
  useListStripePromotionCodesQuery,
  useListPromotionCodesQuery,
  useAssignPromotionCodeMutation,
  useRemovePromotionCodeMutation,
} = integrationsApi;

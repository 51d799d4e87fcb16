// A brand's Stripe connection (its webhook endpoint and the events received) and the Stripe
// promotion codes given to a campaign's advocates: only this workspace uses them, so the
// endpoints live here, injected into the one api slice.
import type {
  PromotionCodeListReply,
  PromotionCodeView,
  StripeConnectReply,
  StripeIntegrationReply,
} from 'contract';
import { api } from 'shared-api';

export type StripeIntegration = StripeIntegrationReply;
export type PromotionCode = PromotionCodeView;

const stripeTag = (brandId: number) =>
  ({ type: 'StripeIntegration', id: `brand-${brandId}` }) as const;
const codesTag = (campaignId: number) =>
  ({ type: 'PromotionCode', id: `campaign-${campaignId}` }) as const;

export const integrationsApi = api
  .enhanceEndpoints({ addTagTypes: ['StripeIntegration', 'PromotionCode'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getStripeIntegration: build.query<StripeIntegration, number>({
        query: (brandId) => `brand/${brandId}/integrations/stripe/`,
        providesTags: (_reply, _error, brandId) => [stripeTag(brandId)],
      }),
      /** The secret goes to the server once; nothing ever sends it back. */
      connectStripe: build.mutation<StripeConnectReply, { brandId: number; webhookSecret: string }>(
        {
          query: ({ brandId, webhookSecret }) => ({
            url: `brand/${brandId}/integrations/stripe/`,
            method: 'PUT',
            body: { webhook_secret: webhookSecret },
          }),
          invalidatesTags: (_reply, _error, { brandId }) => [stripeTag(brandId)],
        },
      ),
      disconnectStripe: build.mutation<{ message?: string }, number>({
        query: (brandId) => ({ url: `brand/${brandId}/integrations/stripe/`, method: 'DELETE' }),
        invalidatesTags: (_reply, _error, brandId) => [stripeTag(brandId)],
      }),
      listPromotionCodes: build.query<PromotionCode[], number>({
        query: (campaignId) => `campaign/${campaignId}/promotion-codes/`,
        transformResponse: (reply: PromotionCodeListReply) => reply.codes,
        providesTags: (_codes, _error, campaignId) => [codesTag(campaignId)],
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
        invalidatesTags: (_reply, _error, { campaignId }) => [codesTag(campaignId)],
      }),
      removePromotionCode: build.mutation<
        { message?: string },
        { campaignId: number; code: string }
      >({
        query: ({ campaignId, code }) => ({
          url: `campaign/${campaignId}/promotion-codes/${encodeURIComponent(code)}/`,
          method: 'DELETE',
        }),
        invalidatesTags: (_reply, _error, { campaignId }) => [codesTag(campaignId)],
      }),
    }),
  });

export const {
  useGetStripeIntegrationQuery,
  useConnectStripeMutation,
  useDisconnectStripeMutation,
  useListPromotionCodesQuery,
  useAssignPromotionCodeMutation,
  useRemovePromotionCodeMutation,
} = integrationsApi;

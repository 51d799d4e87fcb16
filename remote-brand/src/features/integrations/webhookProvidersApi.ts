// A brand's Paddle, Lemon Squeezy and Shopify connections (each a webhook whose signing secret the
// brand pastes), the events each received, and the discount codes given to a campaign's advocates: only this workspace uses them, so the endpoints
// live here, injected into the one api slice.
import type {
  DiscountCodeListReply,
  DiscountCodeView,
  WebhookConnectReply,
  WebhookIntegrationReply,
  WebhookProvider,
} from 'contract';
import { api } from 'shared-api';

export type WebhookIntegration = WebhookIntegrationReply;
export type DiscountCode = DiscountCodeView;

interface ProviderArg {
  brandId: number;
  provider: WebhookProvider;
}

const tag = ({ brandId, provider }: ProviderArg) =>
  ({ type: 'WebhookIntegration', id: `brand-${brandId}-${provider}` }) as const;
const codesTag = (campaignId: number) =>
  ({ type: 'DiscountCode', id: `campaign-${campaignId}` }) as const;

export const webhookProvidersApi = api
  .enhanceEndpoints({ addTagTypes: ['WebhookIntegration', 'DiscountCode'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getWebhookIntegration: build.query<WebhookIntegration, ProviderArg>({
        query: ({ brandId, provider }) => `brand/${brandId}/integrations/${provider}/`,
        providesTags: (_reply, _error, arg) => [tag(arg)],
      }),
      /** The secret goes to the server once; nothing ever sends it back. */
      connectWebhookProvider: build.mutation<
        WebhookConnectReply,
        ProviderArg & { webhookSecret: string }
      >({
        query: ({ brandId, provider, webhookSecret }) => ({
          url: `brand/${brandId}/integrations/${provider}/`,
          method: 'PUT',
          body: { webhook_secret: webhookSecret },
        }),
        invalidatesTags: (_reply, _error, arg) => [tag(arg)],
      }),
      disconnectWebhookProvider: build.mutation<{ message?: string }, ProviderArg>({
        query: ({ brandId, provider }) => ({
          url: `brand/${brandId}/integrations/${provider}/`,
          method: 'DELETE',
        }),
        invalidatesTags: (_reply, _error, arg) => [tag(arg)],
      }),
      listDiscountCodes: build.query<DiscountCode[], number>({
        query: (campaignId) => `campaign/${campaignId}/discount-codes/`,
        transformResponse: (reply: DiscountCodeListReply) => reply.codes,
        providesTags: (_codes, _error, campaignId) => [codesTag(campaignId)],
      }),
      giveDiscountCode: build.mutation<
        DiscountCodeListReply,
        { campaignId: number; provider: WebhookProvider; code: string; advocateId: number }
      >({
        query: ({ campaignId, provider, code, advocateId }) => ({
          url: `campaign/${campaignId}/discount-codes/`,
          method: 'PUT',
          body: { provider, code, advocate_id: advocateId },
        }),
        invalidatesTags: (_reply, _error, { campaignId }) => [codesTag(campaignId)],
      }),
      removeDiscountCode: build.mutation<
        { message?: string },
        { campaignId: number; provider: WebhookProvider; code: string }
      >({
        query: ({ campaignId, provider, code }) => ({
          url: `campaign/${campaignId}/discount-codes/${provider}/${encodeURIComponent(code)}/`,
          method: 'DELETE',
        }),
        invalidatesTags: (_reply, _error, { campaignId }) => [codesTag(campaignId)],
      }),
    }),
  });

export const {
  useGetWebhookIntegrationQuery,
  useConnectWebhookProviderMutation,
  useDisconnectWebhookProviderMutation,
  useListDiscountCodesQuery,
  useGiveDiscountCodeMutation,
  useRemoveDiscountCodeMutation,
} = webhookProvidersApi;

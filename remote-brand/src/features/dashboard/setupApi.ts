import type {
  PayoutListReply,
  PayoutSettingsReply,
  ProductListReply,
  StripeIntegrationReply,
} from 'contract';
import { api } from 'shared-api';

/**
 * What the brand setup checklist reads, each the smallest question the server answers: is there
 * a product, a payout, a connected Stripe account, and are the payout settings the defaults.
 */
export const setupApi = api.injectEndpoints({
  endpoints: (build) => ({
    setupProductCount: build.query<number, number>({
      query: (brandId) => ({ url: `brand/${brandId}/products/`, params: { limit: 1 } }),
      transformResponse: (reply: ProductListReply) => reply.data.count,
    }),
    setupPayoutCount: build.query<number, number>({
      query: (brandId) => ({ url: `brand/${brandId}/payouts/`, params: { per_page: 1 } }),
      transformResponse: (reply: PayoutListReply) => reply.meta.total,
    }),
    setupPayoutSettings: build.query<PayoutSettingsReply, number>({
      query: (brandId) => `brand/${brandId}/payout-settings/`,
    }),
    setupStripeConnected: build.query<boolean, number>({
      query: (brandId) => `brand/${brandId}/integrations/stripe/`,
      transformResponse: (reply: StripeIntegrationReply) => reply.connected,
    }),
  }),
});

export const {
  useSetupProductCountQuery,
  useSetupPayoutCountQuery,
  useSetupPayoutSettingsQuery,
  useSetupStripeConnectedQuery,
} = setupApi;

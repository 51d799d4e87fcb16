import type {
  PayoutMethodBody,
  PayoutMethodListReply,
  PayoutMethodReply,
  StatusReply,
} from 'contract';
import { api } from 'shared-api';

const METHODS = [{ type: 'User' as const, id: 'PAYOUT_METHODS' }];

/** The signed-in advocate's payout methods. */
export const payoutMethodsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listPayoutMethods: build.query<PayoutMethodListReply, void>({
      query: () => 'payout-methods/',
      providesTags: METHODS,
    }),
    addPayoutMethod: build.mutation<PayoutMethodReply, PayoutMethodBody>({
      query: (body) => ({ url: 'payout-methods/', method: 'POST', body }),
      invalidatesTags: METHODS,
    }),
    updatePayoutMethod: build.mutation<PayoutMethodReply, { id: number } & PayoutMethodBody>({
      query: ({ id, ...body }) => ({ url: `payout-methods/${id}/`, method: 'PUT', body }),
      invalidatesTags: METHODS,
    }),
    makeDefaultPayoutMethod: build.mutation<PayoutMethodReply, number>({
      query: (id) => ({ url: `payout-methods/${id}/default/`, method: 'POST' }),
      invalidatesTags: METHODS,
    }),
    removePayoutMethod: build.mutation<StatusReply, number>({
      query: (id) => ({ url: `payout-methods/${id}/`, method: 'DELETE' }),
      invalidatesTags: METHODS,
    }),
  }),
});

export const {
  useListPayoutMethodsQuery,
  useAddPayoutMethodMutation,
  useUpdatePayoutMethodMutation,
  useMakeDefaultPayoutMethodMutation,
  useRemovePayoutMethodMutation,
} = payoutMethodsApi;

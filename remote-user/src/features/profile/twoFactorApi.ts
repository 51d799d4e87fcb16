import type {
  StatusReply,
  TwoFactorConfirmBody,
  TwoFactorEnableReply,
  TwoFactorSetupReply,
  TwoFactorStatusReply,
} from 'contract';
import { api } from 'shared-api';

/**
 * Two-factor sign-in from the profile: its state and recovery codes left, set-up, confirmation
 * with a first code, new recovery codes, turning it off. Every change takes the password too.
 */
export const twoFactorApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTwoFactor: build.query<TwoFactorStatusReply, void>({
      query: () => 'user/2fa/',
      providesTags: ['User'],
    }),
    setUpTwoFactor: build.mutation<TwoFactorSetupReply, void>({
      query: () => ({ url: 'user/2fa/setup/', method: 'POST', body: {} }),
    }),
    enableTwoFactor: build.mutation<TwoFactorEnableReply, TwoFactorConfirmBody>({
      query: (body) => ({ url: 'user/2fa/enable/', method: 'POST', body }),
      // user/me/ says two_factor_enabled (and brand_roles' requirement) afresh.
      invalidatesTags: ['User'],
    }),
    regenerateRecoveryCodes: build.mutation<TwoFactorEnableReply, TwoFactorConfirmBody>({
      query: (body) => ({ url: 'user/2fa/recovery-codes/', method: 'POST', body }),
      invalidatesTags: ['User'],
    }),
    disableTwoFactor: build.mutation<StatusReply, TwoFactorConfirmBody>({
      query: (body) => ({ url: 'user/2fa/disable/', method: 'POST', body }),
      invalidatesTags: ['User'],
    }),
  }),
});

export const {
  useGetTwoFactorQuery,
  useSetUpTwoFactorMutation,
  useEnableTwoFactorMutation,
  useRegenerateRecoveryCodesMutation,
  useDisableTwoFactorMutation,
} = twoFactorApi;

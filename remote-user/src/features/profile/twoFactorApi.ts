import type {
  StatusReply,
  TwoFactorCodeBody,
  TwoFactorEnableReply,
  TwoFactorSetupReply,
} from 'contract';
import { api } from 'shared-api';

/** Two-factor sign-in from the profile: set-up, confirmation with a first code, turning it off. */
export const twoFactorApi = api.injectEndpoints({
  endpoints: (build) => ({
    setUpTwoFactor: build.mutation<TwoFactorSetupReply, void>({
      query: () => ({ url: 'user/2fa/setup/', method: 'POST', body: {} }),
    }),
    enableTwoFactor: build.mutation<TwoFactorEnableReply, TwoFactorCodeBody>({
      query: (body) => ({ url: 'user/2fa/enable/', method: 'POST', body }),
      // user/me/ says two_factor_enabled (and brand_roles' requirement) afresh.
      invalidatesTags: ['User'],
    }),
    disableTwoFactor: build.mutation<StatusReply, TwoFactorCodeBody>({
      query: (body) => ({ url: 'user/2fa/disable/', method: 'POST', body }),
      invalidatesTags: ['User'],
    }),
  }),
});

export const {
  useSetUpTwoFactorMutation,
  useEnableTwoFactorMutation,
  useDisableTwoFactorMutation,
} = twoFactorApi;

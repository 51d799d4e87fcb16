/**
 * The calls only the auth screens make: mailing a verification or reset code and redeeming it.
 * Injected into the one api slice from here, so shared-api keeps only what several areas use.
 */
import type { EmailBody, ResetPasswordBody, StatusReply, VerifyOtpBody } from 'contract';
import { api, setPendingEmail, type AuthExtraOptions } from 'shared-api';

/** Public calls: a 401 from them means bad input, not an expired session. */
const skipAuthRefresh: AuthExtraOptions = { skipAuthRefresh: true };

interface EmailLifecycleApi {
  dispatch: (action: ReturnType<typeof setPendingEmail>) => unknown;
  queryFulfilled: Promise<unknown>;
}

const succeeded = (reply: Promise<unknown>) =>
  reply.then(
    () => true,
    () => false,
  );

/** Step one of both flows: the email is held until step two, on another screen, uses it. */
async function holdEmailOnSuccess(
  { email }: EmailBody,
  { dispatch, queryFulfilled }: EmailLifecycleApi,
): Promise<void> {
  if (await succeeded(queryFulfilled)) dispatch(setPendingEmail(email));
}

/** Step two of both flows: once the code is redeemed, the held email is forgotten. */
async function releaseEmailOnSuccess(
  _arg: VerifyOtpBody | ResetPasswordBody,
  { dispatch, queryFulfilled }: EmailLifecycleApi,
): Promise<void> {
  if (await succeeded(queryFulfilled)) dispatch(setPendingEmail(null));
}

export const emailCodesApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendOtp: build.mutation<StatusReply, EmailBody>({
      query: (body) => ({ url: 'auth/send-otp', method: 'POST', body }),
      extraOptions: skipAuthRefresh,
      onQueryStarted: holdEmailOnSuccess,
    }),
    verifyOtp: build.mutation<StatusReply, VerifyOtpBody>({
      query: (body) => ({ url: 'auth/verify-otp', method: 'POST', body }),
      extraOptions: skipAuthRefresh,
      onQueryStarted: releaseEmailOnSuccess,
    }),
    forgotPassword: build.mutation<StatusReply, EmailBody>({
      query: (body) => ({ url: 'auth/forgot-password', method: 'POST', body }),
      extraOptions: skipAuthRefresh,
      onQueryStarted: holdEmailOnSuccess,
    }),
    resetPassword: build.mutation<StatusReply, ResetPasswordBody>({
      query: (body) => ({ url: 'auth/reset-password', method: 'POST', body }),
      extraOptions: skipAuthRefresh,
      onQueryStarted: releaseEmailOnSuccess,
    }),
  }),
});

export const {
  useSendOtpMutation,
  useVerifyOtpMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
} = emailCodesApi;

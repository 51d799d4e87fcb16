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
  endpoints: (build) => {
    /** Every call here is a public POST answered by a status, one step of a two-step flow. */
    const step = <Body extends EmailBody>(
      url: string,
      onQueryStarted: (body: Body, lifecycle: EmailLifecycleApi) => Promise<void>,
    ) =>
      build.mutation<StatusReply, Body>({
        query: (body) => ({ url, method: 'POST', body }),
        extraOptions: skipAuthRefresh,
        onQueryStarted,
      });
    return {
      sendOtp: step<EmailBody>('auth/send-otp', holdEmailOnSuccess),
      verifyOtp: step<VerifyOtpBody>('auth/verify-otp', releaseEmailOnSuccess),
      forgotPassword: step<EmailBody>('auth/forgot-password', holdEmailOnSuccess),
      resetPassword: step<ResetPasswordBody>('auth/reset-password', releaseEmailOnSuccess),
    };
  },
});

export const {
  useSendOtpMutation,
  useVerifyOtpMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
} = emailCodesApi;

import { Formik } from 'formik';
import { useState } from 'react';
import { useNavigate } from 'shared-ui/router';
import { selectPendingEmail, useAppSelector } from 'shared-api';
import { useVerifyOtpMutation } from '../../api/emailCodesApi';
import { TextField, useToast } from 'shared-ui';
import { AuthForm, SubmitButton } from '../../components/AuthForm';
import { AuthHeader } from '../../components/AuthHeader';
import { OtpCodeField } from '../../components/OtpCodeField';
import { useAuthSubmit } from '../../components/useAuthSubmit';
import { AUTH_PATHS } from '../../paths';
import { SendCodeButton } from './SendCodeButton';
import { verifyOtpSchema } from './verifyOtpSchema';

/** /auth/verify-otp: step two of account verification, with a way to (re)send the code. */
export function VerifyOtpPage() {
  const pendingEmail = useAppSelector(selectPendingEmail);
  // Decided once: the email field must not vanish mid-typing when 'Send code' stores the email.
  const [askForEmail] = useState(pendingEmail === null);
  const [verifyOtp] = useVerifyOtpMutation();
  const navigate = useNavigate();
  const toast = useToast();

  const submit = useAuthSubmit(verifyOtpSchema, 'OTP verification failed', async (values) => {
    await verifyOtp({ email: values.email.trim(), otp: values.otp.trim() }).unwrap();
    toast.success('Account verified successfully! You can now log in.');
    navigate(AUTH_PATHS.login, { replace: true });
  });

  return (
    <section>
      <AuthHeader title="Verify your email">
        {askForEmail ? (
          'Enter your email and the 6-digit code we sent to it.'
        ) : (
          <>
            Enter the 6-digit code we sent to <strong>{pendingEmail}</strong>.
          </>
        )}
      </AuthHeader>
      <Formik
        initialValues={{ email: pendingEmail ?? '', otp: '' }}
        validationSchema={verifyOtpSchema}
        onSubmit={submit}
      >
        <AuthForm>
          {askForEmail && (
            <TextField name="email" label="Email" type="email" autoComplete="email" />
          )}
          <OtpCodeField />
          <SubmitButton busy="Verifying...">Verify</SubmitButton>
          <SendCodeButton />
        </AuthForm>
      </Formik>
    </section>
  );
}

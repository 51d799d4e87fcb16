import { Formik } from 'formik';
import { useState } from 'react';
import { Link, useNavigate } from 'shared-ui/router';
import {
  authApi,
  GET_STARTED_PATH,
  selectIsAuthenticated,
  selectPendingEmail,
  useAppDispatch,
  useAppSelector,
} from 'shared-api';
import { useVerifyOtpMutation } from '../../api/emailCodesApi';
import { Button, Text, TextField, useToast } from 'shared-ui';
import { AuthForm, SubmitButton } from '../../components/AuthForm';
import { AuthHeader } from '../../components/AuthHeader';
import { OtpCodeField } from '../../components/OtpCodeField';
import { useAuthSubmit } from '../../components/useAuthSubmit';
import { AUTH_PATHS } from '../../paths';
import { SendCodeButton } from './SendCodeButton';
import styled from 'styled-components';
import { verifyOtpSchema } from './verifyOtpSchema';
import { afterSignIn } from '../invitation';

/** /auth/verify-otp: step two of account verification, with a way to (re)send the code. */
export function VerifyOtpPage() {
  const pendingEmail = useAppSelector(selectPendingEmail);
  // Decided once: the email field must not vanish mid-typing when 'Send code' stores the email.
  const [askForEmail] = useState(pendingEmail === null);
  // Just signed up (or opened from the profile's 'Verify'): the session is open, so verifying
  // continues into the product instead of to the login screen.
  const signedIn = useAppSelector(selectIsAuthenticated);
  const [verifyOtp] = useVerifyOtpMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const toast = useToast();

  const submit = useAuthSubmit(verifyOtpSchema, 'OTP verification failed', async (values) => {
    await verifyOtp({ email: values.email.trim(), otp: values.otp.trim() }).unwrap();
    if (!signedIn) {
      toast.success('Account verified successfully! You can now log in.');
      navigate(AUTH_PATHS.login, { replace: true });
      return;
    }
    // The profile reads the user from the session: fetch it again so it says Verified.
    void dispatch(
      authApi.endpoints.getMe.initiate(undefined, { forceRefetch: true, subscribe: false }),
    );
    toast.success('Email verified');
    navigate(afterSignIn(GET_STARTED_PATH), { replace: true });
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
      {signedIn && (
        <Later>
          <Button as={Link} to={GET_STARTED_PATH} variant="secondary" fullWidth>
            Verify later
          </Button>
          <Text size="sm" muted>
            Your account works meanwhile, and your profile offers to verify.
          </Text>
        </Later>
      )}
    </section>
  );
}

const Later = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing(2)};
  margin-top: ${({ theme }) => theme.spacing(4)};
  text-align: center;
`;

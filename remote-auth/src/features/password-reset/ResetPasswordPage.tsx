import { Formik } from 'formik';
import { useNavigate } from 'shared-ui/router';
import { selectPendingEmail, useAppSelector } from 'shared-api';
import { useResetPasswordMutation } from '../../api/emailCodesApi';
import { TextField, useToast } from 'shared-ui';
import { AuthForm, FormFooter, SubmitButton } from '../../components/AuthForm';
import { AuthHeader } from '../../components/AuthHeader';
import { AuthLink } from '../../components/AuthLink';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { OtpCodeField } from '../../components/OtpCodeField';
import { useAuthSubmit } from '../../components/useAuthSubmit';
import { AUTH_PATHS } from '../../paths';
import { resetPasswordSchema, type ResetPasswordValues } from './resetPasswordSchema';

/** /auth/reset-password: step two of a password reset. */
export function ResetPasswordPage() {
  const pendingEmail = useAppSelector(selectPendingEmail);
  const [resetPassword] = useResetPasswordMutation();
  const navigate = useNavigate();
  const toast = useToast();

  const initialValues: ResetPasswordValues = {
    email: pendingEmail ?? '',
    otp: '',
    password: '',
    password_confirmation: '',
  };

  const submit = useAuthSubmit(resetPasswordSchema, 'Password reset failed', async (values) => {
    await resetPassword({
      email: values.email.trim(),
      otp: values.otp.trim(),
      password: values.password,
    }).unwrap();
    toast.success('Password has been reset successfully! Please log in with your new password.');
    navigate(AUTH_PATHS.login, { replace: true });
  });

  return (
    <section>
      <AuthHeader title="Reset your password">
        Enter the 6-digit code from your email and choose a new password.
      </AuthHeader>
      <Formik
        initialValues={initialValues}
        validationSchema={resetPasswordSchema}
        onSubmit={submit}
      >
        <AuthForm>
          <TextField name="email" label="Email" type="email" autoComplete="email" />
          <OtpCodeField />
          <NewPasswordFields label="New password" />
          <SubmitButton busy="Resetting password...">Reset password</SubmitButton>
          <FormFooter>
            Didn&apos;t get a code?{' '}
            <AuthLink to={AUTH_PATHS.forgotPassword}>Send a new one</AuthLink>
          </FormFooter>
        </AuthForm>
      </Formik>
    </section>
  );
}

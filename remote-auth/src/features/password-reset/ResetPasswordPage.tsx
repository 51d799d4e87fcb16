import { Formik, type FormikHelpers } from 'formik';
import { useNavigate } from 'shared-ui/router';
import { normaliseError, selectPendingEmail, useAppSelector, fieldErrors } from 'shared-api';
import { useResetPasswordMutation } from '../../api/emailCodesApi';
import { Button, TextField, useToast } from 'shared-ui';
import { AuthForm, FormFooter } from '../../components/AuthForm';
import { AuthHeader } from '../../components/AuthHeader';
import { AuthLink } from '../../components/AuthLink';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { OtpCodeField } from '../../components/OtpCodeField';
import { AUTH_PATHS } from '../../paths';
import {
  RESET_PASSWORD_FIELDS,
  resetPasswordSchema,
  type ResetPasswordValues,
} from './resetPasswordSchema';

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

  const submit = async (
    values: ResetPasswordValues,
    { setErrors }: FormikHelpers<ResetPasswordValues>,
  ) => {
    try {
      await resetPassword({
        email: values.email.trim(),
        otp: values.otp.trim(),
        password: values.password,
      }).unwrap();
      toast.success('Password has been reset successfully! Please log in with your new password.');
      navigate(AUTH_PATHS.login, { replace: true });
    } catch (error) {
      toast.error(normaliseError(error, 'Password reset failed'));
      setErrors(fieldErrors(error, RESET_PASSWORD_FIELDS));
    }
  };

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
        {({ isSubmitting }) => (
          <AuthForm>
            <TextField name="email" label="Email" type="email" autoComplete="email" />
            <OtpCodeField />
            <NewPasswordFields label="New password" />
            <Button type="submit" fullWidth loading={isSubmitting}>
              {isSubmitting ? 'Resetting password...' : 'Reset password'}
            </Button>
            <FormFooter>
              Didn&apos;t get a code?{' '}
              <AuthLink to={AUTH_PATHS.forgotPassword}>Send a new one</AuthLink>
            </FormFooter>
          </AuthForm>
        )}
      </Formik>
    </section>
  );
}

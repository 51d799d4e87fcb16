import { Formik, type FormikHelpers } from 'formik';
import { useNavigate } from 'shared-ui/router';
import {
  normaliseError,
  selectPendingEmail,
  setPendingEmail,
  useAppDispatch,
  useAppSelector,
  fieldErrors,
} from 'shared-api';
import { useForgotPasswordMutation } from '../../api/emailCodesApi';
import { Button, TextField, useToast } from 'shared-ui';
import { AuthForm, FormFooter } from '../../components/AuthForm';
import { AuthHeader } from '../../components/AuthHeader';
import { AuthLink } from '../../components/AuthLink';
import { AUTH_PATHS } from '../../paths';
import { forgotPasswordSchema, type ForgotPasswordValues } from './forgotPasswordSchema';

/** /auth/forgot-password: step one of a password reset. */
export function ForgotPasswordPage() {
  const pendingEmail = useAppSelector(selectPendingEmail);
  const [forgotPassword] = useForgotPasswordMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const toast = useToast();

  const submit = async (
    values: ForgotPasswordValues,
    { setErrors }: FormikHelpers<ForgotPasswordValues>,
  ) => {
    const email = values.email.trim();
    try {
      await forgotPassword({ email }).unwrap();
      // The endpoint holds the email too, but only once its own listener has run; holding it
      // here first guarantees the reset screen finds it on its very first render.
      dispatch(setPendingEmail(email));
      toast.success('Password reset code sent to the email');
      navigate(AUTH_PATHS.resetPassword);
    } catch (error) {
      toast.error(normaliseError(error, 'Failed to send reset code'));
      setErrors(fieldErrors(error, ['email']));
    }
  };

  return (
    <section>
      <AuthHeader title="Forgot your password?">
        Enter the email you signed up with and we will send you a code to reset your password.
      </AuthHeader>
      <Formik
        initialValues={{ email: pendingEmail ?? '' }}
        validationSchema={forgotPasswordSchema}
        onSubmit={submit}
      >
        {({ isSubmitting }) => (
          <AuthForm>
            <TextField name="email" label="Email" type="email" autoComplete="email" />
            <Button type="submit" fullWidth loading={isSubmitting}>
              {isSubmitting ? 'Sending code...' : 'Send reset code'}
            </Button>
            <FormFooter>
              Already have a code? <AuthLink to={AUTH_PATHS.resetPassword}>Reset password</AuthLink>
            </FormFooter>
          </AuthForm>
        )}
      </Formik>
    </section>
  );
}

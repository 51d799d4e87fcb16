import { Formik } from 'formik';
import { useNavigate } from 'shared-ui/router';
import { selectPendingEmail, setPendingEmail, useAppDispatch, useAppSelector } from 'shared-api';
import { useForgotPasswordMutation } from '../../api/emailCodesApi';
import { TextField, useToast } from 'shared-ui';
import { AuthForm, FormFooter, SubmitButton } from '../../components/AuthForm';
import { AuthHeader } from '../../components/AuthHeader';
import { AuthLink } from '../../components/AuthLink';
import { useAuthSubmit } from '../../components/useAuthSubmit';
import { AUTH_PATHS } from '../../paths';
import { forgotPasswordSchema } from './forgotPasswordSchema';

/** /auth/forgot-password: step one of a password reset. */
export function ForgotPasswordPage() {
  const pendingEmail = useAppSelector(selectPendingEmail);
  const [forgotPassword] = useForgotPasswordMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const toast = useToast();

  const submit = useAuthSubmit(
    forgotPasswordSchema,
    'Failed to send reset code',
    async (values) => {
      const email = values.email.trim();
      await forgotPassword({ email }).unwrap();
      // The endpoint holds the email too, but only once its own listener has run; holding it
      // here first guarantees the reset screen finds it on its very first render.
      dispatch(setPendingEmail(email));
      toast.success('Password reset code sent to the email');
      navigate(AUTH_PATHS.resetPassword);
    },
  );

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
        <AuthForm>
          <TextField name="email" label="Email" type="email" autoComplete="email" />
          <SubmitButton busy="Sending code...">Send reset code</SubmitButton>
          <FormFooter>
            Already have a code? <AuthLink to={AUTH_PATHS.resetPassword}>Reset password</AuthLink>
          </FormFooter>
        </AuthForm>
      </Formik>
    </section>
  );
}

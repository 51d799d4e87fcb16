import { Formik } from 'formik';
import { useLocation, useNavigate } from 'shared-ui/router';
import {
  GET_STARTED_PATH,
  REGISTERED_PLEASE_LOGIN,
  registerUser,
  setPendingEmail,
  useAppDispatch,
  type SessionError,
} from 'shared-api';
import { TextField, useToast } from 'shared-ui';
import { AuthForm, SubmitButton } from '../../components/AuthForm';
import { AuthHeader } from '../../components/AuthHeader';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { useAuthSubmit } from '../../components/useAuthSubmit';
import { AUTH_PATHS } from '../../paths';
import { afterSignIn } from '../invitation';
import { SIGNUP_INITIAL_VALUES, signupSchema } from './signupSchema';

function mustLogin(error: unknown): error is SessionError & { mustLogin: true } {
  return (
    typeof error === 'object' && error !== null && 'mustLogin' in error && error.mustLogin === true
  );
}

function invitedEmailIn(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('email' in state)) return null;
  return typeof state.email === 'string' ? state.email : null;
}

/** /auth/signup. */
export function SignupPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const toast = useToast();
  // Opened from an invitation: the invited address, the one that may accept it.
  const { state } = useLocation();
  const invitedEmail = invitedEmailIn(state);

  const submit = useAuthSubmit(signupSchema, 'Registration failed', async (values) => {
    const email = values.email.trim();
    try {
      await dispatch(registerUser({ ...values, username: values.username.trim(), email })).unwrap();
      // The server mailed the verification code with the account. The spec's next screen is
      // get-started (or the invitation being answered), which prompts for the code; the verify
      // screen then knows the address.
      dispatch(setPendingEmail(email));
      toast.success('Registration successful! We sent a verification code to your email.');
      navigate(afterSignIn(GET_STARTED_PATH), { replace: true });
    } catch (error) {
      if (!mustLogin(error)) throw error;
      // The account exists; only opening the session failed.
      toast.success(REGISTERED_PLEASE_LOGIN);
      navigate(AUTH_PATHS.login, { replace: true });
    }
  });

  return (
    <section>
      <AuthHeader title="Sign up to join the product">
        Signing up is easy, fast and free. Create your account to get started.
      </AuthHeader>
      <Formik
        initialValues={{ ...SIGNUP_INITIAL_VALUES, email: invitedEmail ?? '' }}
        validationSchema={signupSchema}
        onSubmit={submit}
      >
        <AuthForm>
          <TextField name="username" label="Username" autoComplete="username" />
          <TextField name="email" label="Email" type="email" autoComplete="email" />
          <NewPasswordFields />
          <SubmitButton busy="Signing Up...">Sign Up for Free</SubmitButton>
        </AuthForm>
      </Formik>
    </section>
  );
}

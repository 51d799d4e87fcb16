import { useState } from 'react';
import { Formik } from 'formik';
import { useLocation, useNavigate } from 'shared-ui/router';
import {
  loginSecondStep,
  loginUser,
  normaliseError,
  useAppDispatch,
  type SessionDestination,
} from 'shared-api';
import { PasswordField, TextField, useToast } from 'shared-ui';
import { AuthForm, FormAside, SubmitButton } from '../../components/AuthForm';
import { AuthHeader } from '../../components/AuthHeader';
import { AuthLink } from '../../components/AuthLink';
import { SocialButtons } from '../../components/SocialButtons';
import { AUTH_PATHS } from '../../paths';
import { LOGIN_INITIAL_VALUES, loginSchema, type LoginValues } from './loginSchema';
import { postLoginPath, redirectedFrom } from './postLoginPath';
import { SecondFactorForm } from './SecondFactorForm';
import { afterSignIn } from '../invitation';

/** /auth/login. */
export function LoginPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const toast = useToast();
  const from = redirectedFrom(useLocation().state);

  // Set when the password was right and the account asks for a second factor.
  const [mfaToken, setMfaToken] = useState<string | null>(null);

  const signedIn = ({ destination }: SessionDestination) => {
    toast.success('Logged in successfully!');
    // The origin travels on, so select-role can send the user back there too.
    navigate(afterSignIn(postLoginPath(destination, from)), {
      replace: true,
      state: from ? { from } : undefined,
    });
  };

  const submit = async (values: LoginValues) => {
    try {
      const result = await dispatch(
        loginUser({ email: values.email.trim(), password: values.password }),
      ).unwrap();
      if ('mfaToken' in result) setMfaToken(result.mfaToken);
      else signedIn(result);
    } catch (error) {
      toast.error(normaliseError(error, 'Login failed'));
    }
  };

  const submitCode = async (code: string) => {
    if (!mfaToken) return;
    try {
      signedIn(await dispatch(loginSecondStep({ mfa_token: mfaToken, code })).unwrap());
    } catch (error) {
      const message = normaliseError(error, 'Sign-in failed');
      toast.error(message);
      // An expired step (5 minutes) starts over from the password.
      if (/expired/i.test(message) && /sign-in/i.test(message)) setMfaToken(null);
    }
  };

  if (mfaToken)
    return <SecondFactorForm onSubmit={submitCode} onCancel={() => setMfaToken(null)} />;

  return (
    <section>
      <AuthHeader title="Sign in to your account">
        Welcome back! Enter your details to continue.
      </AuthHeader>
      <Formik initialValues={LOGIN_INITIAL_VALUES} validationSchema={loginSchema} onSubmit={submit}>
        <AuthForm>
          <TextField name="email" label="Email" type="email" autoComplete="email" />
          <PasswordField name="password" label="Password" autoComplete="current-password" />
          <FormAside>
            <AuthLink to={AUTH_PATHS.forgotPassword}>Forgot password?</AuthLink>
          </FormAside>
          <SubmitButton busy="Logging in...">Login</SubmitButton>
          <SocialButtons />
        </AuthForm>
      </Formik>
    </section>
  );
}

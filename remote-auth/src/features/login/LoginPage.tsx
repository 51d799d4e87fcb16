import { Formik } from 'formik';
import { useLocation, useNavigate } from 'shared-ui/router';
import { loginUser, normaliseError, useAppDispatch } from 'shared-api';
import { PasswordField, TextField, useToast } from 'shared-ui';
import { AuthForm, FormAside, SubmitButton } from '../../components/AuthForm';
import { AuthHeader } from '../../components/AuthHeader';
import { AuthLink } from '../../components/AuthLink';
import { SocialButtons } from '../../components/SocialButtons';
import { AUTH_PATHS } from '../../paths';
import { LOGIN_INITIAL_VALUES, loginSchema, type LoginValues } from './loginSchema';
import { postLoginPath, redirectedFrom } from './postLoginPath';

/** /auth/login. */
export function LoginPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const toast = useToast();
  const from = redirectedFrom(useLocation().state);

  const submit = async (values: LoginValues) => {
    try {
      const { destination } = await dispatch(
        loginUser({ email: values.email.trim(), password: values.password }),
      ).unwrap();
      toast.success('Logged in successfully!');
      // The origin travels on, so select-role can send the user back there too.
      navigate(postLoginPath(destination, from), {
        replace: true,
        state: from ? { from } : undefined,
      });
    } catch (error) {
      toast.error(normaliseError(error, 'Login failed'));
    }
  };

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

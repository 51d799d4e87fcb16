import { Formik, type FormikHelpers } from 'formik';
import { useNavigate } from 'shared-ui/router';
import {
  normaliseError,
  REGISTERED_PLEASE_LOGIN,
  registerUser,
  useAppDispatch,
  type SessionError,
  fieldErrors,
} from 'shared-api';
import { Button, TextField, useToast } from 'shared-ui';
import { AuthForm } from '../../components/AuthForm';
import { AuthHeader } from '../../components/AuthHeader';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { AUTH_PATHS } from '../../paths';
import {
  SIGNUP_FIELDS,
  SIGNUP_INITIAL_VALUES,
  signupSchema,
  type SignupValues,
} from './signupSchema';

function mustLogin(error: unknown): error is SessionError & { mustLogin: true } {
  return (
    typeof error === 'object' && error !== null && 'mustLogin' in error && error.mustLogin === true
  );
}

/** /auth/signup. */
export function SignupPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const toast = useToast();

  const submit = async (values: SignupValues, { setErrors }: FormikHelpers<SignupValues>) => {
    try {
      const { destination } = await dispatch(
        registerUser({ ...values, username: values.username.trim(), email: values.email.trim() }),
      ).unwrap();
      toast.success('Registration successful!');
      navigate(destination, { replace: true });
    } catch (error) {
      if (mustLogin(error)) {
        // The account exists; only opening the session failed.
        toast.success(REGISTERED_PLEASE_LOGIN);
        navigate(AUTH_PATHS.login, { replace: true });
        return;
      }
      toast.error(normaliseError(error, 'Registration failed'));
      setErrors(fieldErrors(error, SIGNUP_FIELDS));
    }
  };

  return (
    <section>
      <AuthHeader title="Sign up to join the product">
        Signing up is easy, fast and free. Create your account to get started.
      </AuthHeader>
      <Formik
        initialValues={SIGNUP_INITIAL_VALUES}
        validationSchema={signupSchema}
        onSubmit={submit}
      >
        {({ isSubmitting }) => (
          <AuthForm>
            <TextField name="username" label="Username" autoComplete="username" />
            <TextField name="email" label="Email" type="email" autoComplete="email" />
            <NewPasswordFields />
            <Button type="submit" fullWidth loading={isSubmitting}>
              {isSubmitting ? 'Signing Up...' : 'Sign Up for Free'}
            </Button>
          </AuthForm>
        )}
      </Formik>
    </section>
  );
}

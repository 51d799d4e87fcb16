import { Formik } from 'formik';
import { object, string } from 'yup';
import { Button, TextField } from 'shared-ui';
import { AuthForm, FormFooter, SubmitButton } from '../../components/AuthForm';
import { AuthHeader } from '../../components/AuthHeader';

const codeSchema = object({
  code: string()
    .trim()
    .required('Enter the code from your authenticator app')
    // A recovery code as printed (abcde-12345) or as typed (with a space, or nothing, between
    // its halves): the server ignores case, spaces and hyphens in recovery codes.
    .matches(
      /^(\d{6}|[a-zA-Z0-9]{5}[\s-]?[a-zA-Z0-9]{5})$/,
      'Enter the 6-digit code, or a recovery code such as abcde-12345',
    ),
});

/**
 * The second step of /auth/login for an account with two-factor sign-in: a code from the
 * authenticator app, or one of the recovery codes (each works once).
 */
export function SecondFactorForm({
  onSubmit,
  onCancel,
}: {
  onSubmit: (code: string) => Promise<void>;
  onCancel: () => void;
}) {
  return (
    <section>
      <AuthHeader title="Two-factor sign-in">
        Enter the 6-digit code your authenticator app shows for this account.
      </AuthHeader>
      <Formik
        initialValues={{ code: '' }}
        validationSchema={codeSchema}
        onSubmit={({ code }) => onSubmit(code.trim())}
      >
        <AuthForm>
          <TextField
            name="code"
            label="Authentication code"
            autoComplete="one-time-code"
            inputMode="text"
            autoFocus
          />
          <SubmitButton busy="Checking...">Verify</SubmitButton>
          <FormFooter>Lost your phone? Enter one of your recovery codes instead.</FormFooter>
          <Button type="button" variant="ghost" fullWidth onClick={onCancel}>
            Back to email and password
          </Button>
        </AuthForm>
      </Formik>
    </section>
  );
}

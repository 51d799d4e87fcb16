import { useField } from 'formik';
import { PasswordField } from 'shared-ui';
import { PasswordChecklist } from './PasswordChecklist';

export interface NewPasswordFieldsProps {
  /** Label of the first field: 'Password' on signup, 'New password' on reset. */
  label?: string;
}

/**
 * A new password, its live checklist (right below it in reading order) and its confirmation, as used by signup and reset. The
 * form's values must hold `password` and `password_confirmation` (the register payload's names,
 * so the server's field errors land on the right input without any mapping).
 */
export function NewPasswordFields({ label = 'Password' }: NewPasswordFieldsProps) {
  const [{ value: password }] = useField<string>('password');
  return (
    <>
      <PasswordField name="password" label={label} autoComplete="new-password" />
      <PasswordChecklist id="password-rules" password={password ?? ''} />
      <PasswordField
        name="password_confirmation"
        label="Confirm password"
        autoComplete="new-password"
      />
    </>
  );
}

import { Form, useFormikContext } from 'formik';
import { Button } from 'shared-ui';
import styled from 'styled-components';

/**
 * A formik form laid out as one column. `noValidate` because yup owns validation: the browser's
 * own bubbles (type="email", pattern) would otherwise pre-empt the validation messages.
 */
export const AuthForm = styled(Form).attrs({ noValidate: true })`
  display: grid;
  gap: ${({ theme }) => theme.spacing(4)};
`;

/** Right-aligned row under a field, e.g. 'Forgot password?'. */
export const FormAside = styled.div`
  display: flex;
  justify-content: flex-end;
  margin-top: ${({ theme }) => theme.spacing(-2)};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/** Secondary actions under the submit button. */
export const FormFooter = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  text-align: center;
`;

/** The form's full-width submit button: disabled and reading `busy` while the submit runs. */
export function SubmitButton({ busy, children }: { busy: string; children: string }) {
  const { isSubmitting } = useFormikContext();
  return (
    <Button type="submit" fullWidth loading={isSubmitting}>
      {isSubmitting ? busy : children}
    </Button>
  );
}

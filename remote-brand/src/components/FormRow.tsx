import { Form } from 'formik';
import styled from 'styled-components';

/**
 * A one-line form: `$fields` labelled fields side by side, then its submit button, level with the
 * inputs below their labels; on a phone, each under the other.
 */
export const FormRow = styled(Form)<{ $fields?: number }>`
  display: grid;
  grid-template-columns: repeat(${({ $fields = 1 }) => $fields}, minmax(0, 1fr)) auto;
  align-items: start;
  gap: ${({ theme }) => theme.spacing(3)};

  /* Level with the inputs, below their labels. */
  > button {
    margin-top: 1.75rem;
  }

  ${({ theme }) => theme.media.mobile} {
    grid-template-columns: minmax(0, 1fr);

    > button {
      margin-top: 0;
    }
  }
`;

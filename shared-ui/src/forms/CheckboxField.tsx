import { useField } from 'formik';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { FieldMessages, FieldRoot, fieldA11y, type FieldBaseProps } from './FieldShell';
import { Box } from './primitives/Checkbox';

export interface CheckboxFieldProps extends FieldBaseProps {
  disabled?: boolean;
  /** Label may contain links (e.g. terms and privacy); clicks on them do not toggle the box. */
  label: ReactNode;
}

/** A boolean formik value. */
export function CheckboxField({ name, label, id, hint, className, disabled }: CheckboxFieldProps) {
  const [field, meta] = useField<boolean>({ name, type: 'checkbox' });
  const a11y = fieldA11y(name, meta, id, hint);
  return (
    <FieldRoot className={className}>
      <Row>
        <Box
          type="checkbox"
          name={field.name}
          checked={Boolean(field.checked)}
          onChange={field.onChange}
          onBlur={field.onBlur}
          disabled={disabled}
          {...a11y.controlProps}
        />
        <label htmlFor={a11y.id}>{label}</label>
      </Row>
      <FieldMessages a11y={a11y} hint={hint} />
    </FieldRoot>
  );
}

const Row = styled.div`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.spacing(2)};
  font-size: ${({ theme }) => theme.fontSizes.md};

  input {
    margin-top: 3px;
  }

  label {
    cursor: pointer;
  }
`;

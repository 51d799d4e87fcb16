import { useField } from 'formik';
import type { ComponentPropsWithRef } from 'react';
import styled from 'styled-components';
import { FieldShell, fieldA11y, type FieldBaseProps } from './FieldShell';
import { controlStyles, type ControlStyleProps } from './primitives/controlStyles';

export interface TextAreaFieldProps
  extends
    FieldBaseProps,
    Omit<
      ComponentPropsWithRef<'textarea'>,
      'name' | 'id' | 'value' | 'onChange' | 'onBlur' | 'children' | 'className'
    > {}

export function TextAreaField({
  name,
  label,
  id,
  hint,
  className,
  rows = 4,
  ...rest
}: TextAreaFieldProps) {
  const [field, meta] = useField<string>(name);
  const a11y = fieldA11y(name, meta, id, hint, rest['aria-describedby']);
  return (
    <FieldShell a11y={a11y} label={label} hint={hint} className={className}>
      <TextArea
        rows={rows}
        {...rest}
        {...field}
        value={field.value ?? ''}
        {...a11y.controlProps}
        $invalid={Boolean(a11y.error)}
      />
    </FieldShell>
  );
}

const TextArea = styled.textarea<ControlStyleProps>`
  ${controlStyles}
  resize: vertical;
  min-height: 80px;
`;

import type { ComponentPropsWithRef } from 'react';
import styled from 'styled-components';
import { FieldShell, useFieldControl, type FieldBaseProps } from './FieldShell';
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
  const { a11y, control } = useFieldControl<string>(name, id, hint, rest['aria-describedby']);
  return (
    <FieldShell a11y={a11y} label={label} hint={hint} className={className}>
      <TextArea rows={rows} {...rest} {...control} />
    </FieldShell>
  );
}

const TextArea = styled.textarea<ControlStyleProps>`
  ${controlStyles}
  resize: vertical;
  min-height: 80px;
`;

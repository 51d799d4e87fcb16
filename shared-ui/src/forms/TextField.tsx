import type { ComponentPropsWithRef } from 'react';
import { FieldShell, useFieldControl, type FieldBaseProps } from './FieldShell';
import { StyledInput } from './primitives/Input';

export type NativeInputProps = Omit<
  ComponentPropsWithRef<'input'>,
  'name' | 'id' | 'value' | 'onChange' | 'onBlur' | 'type' | 'children' | 'className'
>;

export interface TextFieldProps extends FieldBaseProps, NativeInputProps {
  type?: 'text' | 'email' | 'tel' | 'url' | 'search' | 'date' | 'datetime-local' | 'time';
}

export function TextField({
  name,
  label,
  id,
  hint,
  className,
  type = 'text',
  ...rest
}: TextFieldProps) {
  const { a11y, control } = useFieldControl<string>(name, id, hint, rest['aria-describedby']);
  return (
    <FieldShell a11y={a11y} label={label} hint={hint} className={className}>
      <StyledInput type={type} {...rest} {...control} />
    </FieldShell>
  );
}

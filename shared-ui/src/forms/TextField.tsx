import { useField } from 'formik';
import type { ComponentPropsWithRef } from 'react';
import { FieldShell, fieldA11y, type FieldBaseProps } from './FieldShell';
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
  const [field, meta] = useField<string>(name);
  const a11y = fieldA11y(name, meta, id, hint, rest['aria-describedby']);
  return (
    <FieldShell a11y={a11y} label={label} hint={hint} className={className}>
      <StyledInput
        type={type}
        {...rest}
        {...field}
        value={field.value ?? ''}
        {...a11y.controlProps}
        $invalid={Boolean(a11y.error)}
      />
    </FieldShell>
  );
}

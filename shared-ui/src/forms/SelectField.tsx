import type { ComponentPropsWithRef } from 'react';
import { FieldShell, useFieldControl, type FieldBaseProps } from './FieldShell';
import { Select, type SelectOption } from './primitives/Select';

export interface SelectFieldProps
  extends
    FieldBaseProps,
    Omit<
      ComponentPropsWithRef<'select'>,
      'name' | 'id' | 'value' | 'onChange' | 'onBlur' | 'children' | 'className'
    > {
  options: readonly SelectOption[];
  /** First, empty-valued option such as 'Select a size'. */
  placeholder?: string;
}

export function SelectField({
  name,
  label,
  id,
  hint,
  className,
  options,
  placeholder,
  ...rest
}: SelectFieldProps) {
  const { a11y, control } = useFieldControl<string>(name, id, hint, rest['aria-describedby']);
  const { $invalid, ...boundControl } = control;
  return (
    <FieldShell a11y={a11y} label={label} hint={hint} className={className}>
      <Select
        options={options}
        placeholder={placeholder}
        invalid={$invalid}
        {...rest}
        {...boundControl}
      />
    </FieldShell>
  );
}

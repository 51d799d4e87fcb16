import { FieldShell, useFieldControl, type FieldBaseProps } from './FieldShell';
import { StyledInput } from './primitives/Input';
import type { NativeInputProps } from './TextField';

export interface NumberFieldProps
  extends FieldBaseProps, Omit<NativeInputProps, 'min' | 'max' | 'step'> {
  min?: number;
  max?: number;
  /** e.g. 0.01 for money. Default 'any'. */
  step?: number | 'any';
}

/** formik stores the parsed number, or '' while the box is empty. */
export function NumberField({
  name,
  label,
  id,
  hint,
  className,
  min,
  max,
  step = 'any',
  ...rest
}: NumberFieldProps) {
  const { a11y, control } = useFieldControl<number | ''>(name, id, hint, rest['aria-describedby']);
  return (
    <FieldShell a11y={a11y} label={label} hint={hint} className={className}>
      <StyledInput
        type="number"
        inputMode="decimal"
        min={min}
        max={max}
        step={step}
        {...rest}
        {...control}
      />
    </FieldShell>
  );
}

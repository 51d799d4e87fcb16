import { useField } from 'formik';
import { useEffect, useRef, type ChangeEvent } from 'react';
import styled from 'styled-components';
import { FieldShell, fieldA11y, type FieldBaseProps } from './FieldShell';
import { controlStyles, type ControlStyleProps } from './primitives/controlStyles';

export interface FileFieldProps extends FieldBaseProps {
  /** e.g. 'image/*' or '.png,.jpg'. */
  accept?: string;
  disabled?: boolean;
}

/** Sets the formik value to the chosen File, or null when cleared. */
export function FileField({ name, label, id, hint, className, accept, disabled }: FileFieldProps) {
  const [field, meta, helpers] = useField<File | null>(name);
  const a11y = fieldA11y(name, meta, id, hint);
  const inputRef = useRef<HTMLInputElement>(null);

  // A file input cannot be controlled; clear it by hand when the form resets the value.
  useEffect(() => {
    if (!field.value && inputRef.current) inputRef.current.value = '';
  }, [field.value]);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    void helpers.setValue(event.currentTarget.files?.[0] ?? null);
  };

  return (
    <FieldShell a11y={a11y} label={label} hint={hint} className={className}>
      <FileInput
        ref={inputRef}
        type="file"
        name={name}
        accept={accept}
        disabled={disabled}
        onChange={onChange}
        onBlur={() => void helpers.setTouched(true)}
        {...a11y.controlProps}
        $invalid={Boolean(a11y.error)}
      />
    </FieldShell>
  );
}

const FileInput = styled.input<ControlStyleProps>`
  ${controlStyles}
  padding: ${({ theme }) => theme.spacing(1.5)};
  cursor: pointer;

  &::file-selector-button {
    margin-right: ${({ theme }) => theme.spacing(3)};
    padding: ${({ theme }) => `${theme.spacing(1)} ${theme.spacing(3)}`};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.sm};
    background: ${({ theme }) => theme.colors.surfaceAlt};
    color: ${({ theme }) => theme.colors.text};
    cursor: pointer;
  }
`;

import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import styled from 'styled-components';
import { FieldShell, useFieldControl, type FieldBaseProps } from './FieldShell';
import { StyledInput } from './primitives/Input';
import type { NativeInputProps } from './TextField';

export interface PasswordFieldProps extends FieldBaseProps, NativeInputProps {}

export function PasswordField({
  name,
  label,
  id,
  hint,
  className,
  autoComplete,
  ...rest
}: PasswordFieldProps) {
  const { a11y, control } = useFieldControl<string>(name, id, hint, rest['aria-describedby']);
  const [visible, setVisible] = useState(false);
  const Icon = visible ? EyeOff : Eye;
  return (
    <FieldShell a11y={a11y} label={label} hint={hint} className={className}>
      <Wrap>
        <StyledInput
          type={visible ? 'text' : 'password'}
          autoComplete={autoComplete ?? 'current-password'}
          {...rest}
          {...control}
        />
        <Reveal
          type="button"
          aria-label={visible ? 'Hide password' : 'Show password'}
          aria-controls={a11y.id}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          <Icon size={16} aria-hidden="true" />
        </Reveal>
      </Wrap>
    </FieldShell>
  );
}

const Wrap = styled.div`
  position: relative;

  ${StyledInput} {
    padding-right: ${({ theme }) => theme.spacing(10)};
  }
`;

const Reveal = styled.button`
  position: absolute;
  top: 50%;
  right: ${({ theme }) => theme.spacing(1)};
  transform: translateY(-50%);
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 32px;
  height: 32px;
  padding: 0;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;

  &:hover {
    color: ${({ theme }) => theme.colors.text};
  }
`;

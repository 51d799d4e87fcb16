import type { ComponentPropsWithRef, ReactNode } from 'react';
import styled from 'styled-components';

export interface CheckboxProps extends Omit<ComponentPropsWithRef<'input'>, 'type'> {
  /** Visible label; omit only when an aria-label names the box (e.g. table row selection). */
  label?: ReactNode;
}

/** Unbound checkbox for filters and toggles. Use CheckboxField inside formik forms. */
export function Checkbox({ label, className, ...rest }: CheckboxProps) {
  if (label === undefined) return <Box type="checkbox" className={className} {...rest} />;
  return (
    <Wrapper className={className}>
      <Box type="checkbox" {...rest} />
      <span>{label}</span>
    </Wrapper>
  );
}

const Wrapper = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(2)};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.md};
  cursor: pointer;
`;

export const Box = styled.input`
  width: 16px;
  height: 16px;
  margin: 0;
  flex: none;
  accent-color: ${({ theme }) => theme.colors.primary};
  cursor: pointer;

  &:disabled {
    cursor: not-allowed;
  }
`;

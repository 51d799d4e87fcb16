import type { ComponentPropsWithRef } from 'react';
import styled from 'styled-components';
import { controlStyles, type ControlStyleProps } from './controlStyles';

export interface InputProps extends ComponentPropsWithRef<'input'> {
  invalid?: boolean;
}

/** Unbound text input for filters and search boxes. Use TextField inside formik forms. */
export function Input({ invalid, ...rest }: InputProps) {
  return <StyledInput $invalid={invalid} aria-invalid={invalid || undefined} {...rest} />;
}

export const StyledInput = styled.input<ControlStyleProps>`
  ${controlStyles}
`;

import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Stack } from '../components/Layout/Stack';
import { Label } from './primitives/Label';

export interface LabelledControlProps {
  label: ReactNode;
  /** The id of the control the label names. */
  htmlFor: string;
  /** The bare control: an Input or a Select outside a Formik form (filter bars, toolbars). */
  children: ReactNode;
  /**
   * What is wrong with the value, e.g. the server's 400 message for this field. Shown under the
   * control as `{htmlFor}-error`: give the control `aria-invalid` and that id in
   * `aria-describedby` (controlErrorProps does both).
   */
  error?: string | null;
  className?: string;
}

/** A label above a bare control, one column of a filter bar or toolbar. */
export function LabelledControl({
  label,
  htmlFor,
  children,
  error,
  className,
}: LabelledControlProps) {
  return (
    <Stack gap={1} className={className}>
      <Label htmlFor={htmlFor}>{label}</Label>
      {children}
      {error && <ControlError id={`${htmlFor}-error`}>{error}</ControlError>}
    </Stack>
  );
}

/** The control's side of `error`: marked invalid and described by the message. */
export function controlErrorProps(htmlFor: string, error: string | null | undefined) {
  return error ? { 'aria-invalid': true, 'aria-describedby': `${htmlFor}-error` } : {};
}

const ControlError = styled.p`
  max-width: 32ch;
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

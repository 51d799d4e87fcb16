import type { ReactNode } from 'react';
import { Stack } from '../components/Layout/Stack';
import { Label } from './primitives/Label';

export interface LabelledControlProps {
  label: ReactNode;
  /** The id of the control the label names. */
  htmlFor: string;
  /** The bare control: an Input or a Select outside a Formik form (filter bars, toolbars). */
  children: ReactNode;
  className?: string;
}

/** A label above a bare control, one column of a filter bar or toolbar. */
export function LabelledControl({ label, htmlFor, children, className }: LabelledControlProps) {
  return (
    <Stack gap={1} className={className}>
      <Label htmlFor={htmlFor}>{label}</Label>
      {children}
    </Stack>
  );
}

import { useField, type FieldMetaProps } from 'formik';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Label } from './primitives/Label';

/** Props every formik-bound field accepts. */
export interface FieldBaseProps {
  name: string;
  label: ReactNode;
  /** Defaults to the field name (with characters invalid in an id replaced). */
  id?: string;
  /** Helper text under the control, e.g. 'Square image, size less than 100KB'. */
  hint?: ReactNode;
  className?: string;
}

export interface FieldA11y {
  id: string;
  hintId: string | undefined;
  errorId: string | undefined;
  /** Shown once the field is touched; formik marks every field touched on submit. */
  error: string | undefined;
  controlProps: {
    id: string;
    'aria-invalid': boolean;
    'aria-describedby': string | undefined;
  };
}

export function fieldIdFromName(name: string): string {
  return name.replace(/[^A-Za-z0-9_-]/g, '-');
}

/** `extraDescribedBy`: ids the caller already points the control at (e.g. a live checklist). */
export function fieldA11y<V>(
  name: string,
  meta: FieldMetaProps<V>,
  id?: string,
  hint?: ReactNode,
  extraDescribedBy?: string,
): FieldA11y {
  const controlId = id ?? fieldIdFromName(name);
  const error =
    meta.touched && typeof meta.error === 'string' && meta.error ? meta.error : undefined;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [extraDescribedBy, hintId, errorId].filter(Boolean).join(' ') || undefined;
  return {
    id: controlId,
    hintId,
    errorId,
    error,
    controlProps: {
      id: controlId,
      'aria-invalid': Boolean(error),
      'aria-describedby': describedBy,
    },
  };
}

/**
 * A formik field's control wiring: the value (empty while unset), formik's handlers, the
 * accessibility attributes and the invalid look; spread it on the control after the caller's props.
 */
export function useFieldControl<V>(
  name: string,
  id?: string,
  hint?: ReactNode,
  extraDescribedBy?: string,
) {
  const [field, meta] = useField<V>(name);
  const a11y = fieldA11y(name, meta, id, hint, extraDescribedBy);
  const control = {
    ...field,
    value: field.value ?? '',
    ...a11y.controlProps,
    $invalid: Boolean(a11y.error),
  };
  return { a11y, control };
}

interface FieldShellProps {
  a11y: FieldA11y;
  label: ReactNode;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** Label above, control, then hint and error text below. */
export function FieldShell({ a11y, label, hint, className, children }: FieldShellProps) {
  return (
    <FieldRoot className={className}>
      <Label htmlFor={a11y.id}>{label}</Label>
      {children}
      <FieldMessages a11y={a11y} hint={hint} />
    </FieldRoot>
  );
}

export function FieldMessages({ a11y, hint }: { a11y: FieldA11y; hint?: ReactNode }) {
  return (
    <>
      {hint && <Hint id={a11y.hintId}>{hint}</Hint>}
      {a11y.error && <ErrorText id={a11y.errorId}>{a11y.error}</ErrorText>}
    </>
  );
}

export const FieldRoot = styled.div`
  display: flex;
  flex-direction: column;
  min-width: 0;
`;

const Hint = styled.p`
  margin-top: ${({ theme }) => theme.spacing(1.5)};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
`;

const ErrorText = styled.p`
  margin-top: ${({ theme }) => theme.spacing(1.5)};
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

import type { ComponentProps } from 'react';
import { useFormikContext } from 'formik';
import styled from 'styled-components';
import { Button } from 'shared-ui';
import type { BrandPermission } from 'contract/teams';
import { useBrandAccess } from '../lib/brandRole';

// brandId is null while a route's id is unreadable: nothing is refused then (the screen shows
// its own error), as useBrandAccess(null) refuses nothing.
type Props = ComponentProps<typeof Button> & {
  brandId: number | null;
  permission: BrandPermission;
};

/**
 * A button for an action of `permission` on the brand: disabled, with a tooltip naming the role
 * needed, when the user's role may not do it. The tooltip sits on a wrapper because a disabled
 * button receives no pointer events.
 */
export function PermittedButton({ brandId, permission, ...props }: Props) {
  const access = useBrandAccess(brandId);
  const why = access.why(permission);
  if (!why) return <Button {...props} />;
  return (
    <Refused title={why} tabIndex={0} aria-label={`${String(props.children)}: ${why}`}>
      <Button {...props} as="button" type="button" disabled onClick={undefined} />
    </Refused>
  );
}

interface BusyProps {
  brandId: number | null;
  permission: BrandPermission;
  /** Busy: a spinner, the button disabled. */
  loading?: boolean;
  disabled?: boolean;
  onClick?: () => void;
  children: string;
  /** The label while busy, e.g. 'Saving...'; the label itself when left out. */
  busyLabel?: string;
}

/**
 * A Formik form's submit button for `permission`: busy while the form is submitted (or while
 * `loading`, when the caller tracks it), and then labelled `busyLabel`.
 */
export function PermittedSubmit({ loading, busyLabel, children, ...props }: BusyProps) {
  const { isSubmitting } = useFormikContext();
  const busy = loading ?? isSubmitting;
  return (
    <PermittedButton {...props} type="submit" loading={busy}>
      {busy && busyLabel ? busyLabel : children}
    </PermittedButton>
  );
}

/** A danger button that deletes: busy, and labelled 'Deleting...', while `loading`. */
export function PermittedDelete({
  children,
  onDelete,
  ...props
}: Omit<BusyProps, 'busyLabel' | 'onClick'> & { onDelete: () => unknown }) {
  return (
    <PermittedButton {...props} type="button" variant="danger" onClick={() => void onDelete()}>
      {props.loading ? 'Deleting...' : children}
    </PermittedButton>
  );
}

const Refused = styled.span`
  display: inline-flex;
  cursor: not-allowed;
`;

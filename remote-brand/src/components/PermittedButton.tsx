import type { ComponentProps } from 'react';
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

const Refused = styled.span`
  display: inline-flex;
  cursor: not-allowed;
`;

import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'shared-ui/router';
import {
  normaliseError,
  selectAvailableRoles,
  selectRoleDestination,
  switchActiveRole,
  upgradeToAdvocate,
  useAppDispatch,
  useAppSelector,
  type ClientRole,
} from 'shared-api';
import { useToast } from 'shared-ui';

/** The shell's guards put the page they turned the user away from into the router state. */
function fromOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('from' in state)) return null;
  return typeof state.from === 'string' ? state.from : null;
}

/**
 * Makes the chosen role the session's and leaves select-role for the right page:
 * the page the user came from if the role covers it, else the role's dashboard; a Brand Owner
 * choice without the brand role goes to brand creation instead. A user holding a single role
 * has it chosen automatically.
 */
export function useChooseRole() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const toast = useToast();
  const availableRoles = useAppSelector(selectAvailableRoles);
  const [pendingRole, setPendingRole] = useState<ClientRole | null>(null);
  // Set by the first choice, made by hand or automatically. It keeps the automatic choice to
  // one attempt (a failure leaves the choices on screen rather than retrying in a loop), and
  // stops a choice that grants a role (Advocate, by upgrading) from triggering a second one.
  const hasChosen = useRef(false);

  const from = fromOf(location.state);
  const hasBrandRole = availableRoles.includes('brand');

  const choose = async (role: ClientRole) => {
    hasChosen.current = true;
    const destination = selectRoleDestination({ chosen: role, from, hasBrandRole });
    // Creating a brand is what grants the role; there is nothing to activate until then.
    if (role === 'brand' && !hasBrandRole) {
      navigate(destination);
      return;
    }
    setPendingRole(role);
    try {
      if (availableRoles.includes(role)) {
        // Optimistic: the thunk sets the role locally first and restores it if the server refuses.
        await dispatch(switchActiveRole(role)).unwrap();
      } else {
        // Choosing Advocate without the role is the same step as get-started's Promote.
        await dispatch(upgradeToAdvocate()).unwrap();
        toast.success('Upgraded to Advocate');
      }
      // Replace: select-role is a waypoint, Back should not return to it.
      navigate(destination, { replace: true });
    } catch (error) {
      toast.error(normaliseError(error, 'Failed to set active role'));
      setPendingRole(null);
    }
  };

  const onlyRole = availableRoles.length === 1 ? availableRoles[0] : null;
  useEffect(() => {
    if (onlyRole !== null && !hasChosen.current) void choose(onlyRole);
    // `choose` changes identity every render; the role alone decides whether to run.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [onlyRole]);

  return { choose, pendingRole };
}

import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'shared-ui/router';
import styled from 'styled-components';
import {
  homeForRole,
  normaliseError,
  selectActiveRole,
  selectAvailableRoles,
  selectUser,
  switchActiveRole,
  useAppDispatch,
  useAppSelector,
  type ClientRole,
} from 'shared-api';
import { useToast } from 'shared-ui';
import { headerControl } from './headerControl';
import { ArrowLeftRight } from './icons';
import { activeBrandRole, brandIdInAddress, brandRoleLabel } from './activeBrandRole';

const ROLE_LABEL: Record<ClientRole, string> = { brand: 'Brand Owner', advocate: 'Advocate' };

/** Header dropdown: switch to another held role, or manage roles on the profile page. */
export function RoleMenu() {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const toast = useToast();
  const activeRole = useAppSelector(selectActiveRole);
  const roles = useAppSelector(selectAvailableRoles);
  const user = useAppSelector(selectUser);
  const { pathname, search } = useLocation();
  // The brand role speaks for the member's rights on the brand in view ("Finance"), not the
  // account-wide role that merely opens the brand area.
  const brandLabel = brandRoleLabel(activeBrandRole(user, brandIdInAddress(pathname, search)));
  const label = (role: ClientRole) => (role === 'brand' ? brandLabel : ROLE_LABEL[role]);

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent) => {
      if (!ref.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  const choose = async (role: ClientRole) => {
    setOpen(false);
    try {
      await dispatch(switchActiveRole(role)).unwrap();
      navigate(homeForRole(role));
    } catch (error) {
      toast.error(normaliseError(error, 'Failed to set active role'));
    }
  };

  return (
    <Wrapper ref={ref}>
      <Trigger
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        <ArrowLeftRight size={16} aria-hidden="true" />
        <span>{activeRole ? label(activeRole) : 'No role'}</span>
      </Trigger>
      {open && (
        <Menu role="menu">
          <MenuLabel>Switch role</MenuLabel>
          {roles.length === 0 && <MenuNote>No roles available</MenuNote>}
          {roles.map((role) => (
            <MenuItem
              key={role}
              role="menuitemradio"
              aria-checked={role === activeRole}
              type="button"
              onClick={() => choose(role)}
            >
              {label(role)}
            </MenuItem>
          ))}
          <MenuLink role="menuitem" to="/user/profile" onClick={() => setOpen(false)}>
            Manage roles
          </MenuLink>
        </Menu>
      )}
    </Wrapper>
  );
}

const Wrapper = styled.div`
  position: relative;
`;

const Trigger = styled.button`
  ${headerControl}
  gap: 6px;
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  font-size: 14px;
  cursor: pointer;
`;

const Menu = styled.div`
  position: absolute;
  right: 0;
  top: calc(100% + 6px);
  z-index: 30;
  min-width: 200px;
  padding: 6px;
  border-radius: 10px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.lg};
  display: flex;
  flex-direction: column;
`;

const MenuLabel = styled.div`
  padding: 6px 10px;
  font-size: 12px;
  font-weight: 600;
  text-transform: uppercase;
  letter-spacing: 0.04em;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const MenuNote = styled.div`
  padding: 8px 10px;
  font-size: 14px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const MenuItem = styled.button`
  text-align: left;
  padding: 8px 10px;
  border: 0;
  border-radius: 6px;
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  font-size: 14px;
  cursor: pointer;
  &[aria-checked='true'] {
    font-weight: 600;
    color: ${({ theme }) => theme.colors.primary};
  }
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }
`;

const MenuLink = styled(Link)`
  padding: 8px 10px;
  margin-top: 4px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.text};
  font-size: 14px;
  text-decoration: none;
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }
`;

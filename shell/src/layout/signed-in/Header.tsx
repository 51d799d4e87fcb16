import { useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate } from 'shared-ui/router';
import styled from 'styled-components';
import {
  authApi,
  selectAvailableRoles,
  selectFirstName,
  useAppDispatch,
  useAppSelector,
} from 'shared-api';
import {
  Button,
  downloadTableCsv,
  ThemeToggle,
  useCurrentExportableTable,
  hasRowsToExport,
  useToast,
  useToastClearance,
} from 'shared-ui';
import { headerControl } from './headerControl';
import { Download, Menu, RefreshCw, Search, UserRound } from './icons';
import { RoleMenu } from './RoleMenu';

/** Screens a user without any role may still use; everything else sends them to get-started. */
function allowedWithoutRole(pathname: string): boolean {
  return pathname.startsWith('/user/') || pathname === '/brand/create';
}

export function Header({ onOpenMenu }: { onOpenMenu: () => void }) {
  const firstName = useAppSelector(selectFirstName);
  const roles = useAppSelector(selectAvailableRoles);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const toast = useToast();
  const exportable = useCurrentExportableTable();
  const canExport = hasRowsToExport(exportable);
  const bar = useRef<HTMLElement>(null);
  useToastClearance(bar);

  useEffect(() => {
    if (roles.length === 0 && !allowedWithoutRole(pathname))
      navigate('/user/get-started', { replace: true });
  }, [roles.length, pathname, navigate]);

  const sync = async () => {
    try {
      // getMe writes the fresh user into the session.
      await dispatch(
        authApi.endpoints.getMe.initiate(undefined, { forceRefetch: true, subscribe: false }),
      ).unwrap();
    } catch {
      toast.error('Failed to refresh your account');
    }
  };

  const exportTable = async () => {
    if (!exportable) return;
    try {
      await downloadTableCsv(exportable);
    } catch {
      toast.error('Export failed');
    }
  };

  return (
    <Bar ref={bar}>
      <MenuButton type="button" aria-label="Open menu" onClick={onOpenMenu}>
        <Menu size={20} />
      </MenuButton>
      <Welcome>
        Welcome, <strong>{firstName}</strong>
      </Welcome>
      <SearchBox role="search">
        <Search size={16} aria-hidden="true" />
        <input type="search" placeholder="Search" aria-label="Search" />
      </SearchBox>
      <Actions>
        <Button variant="secondary" size="sm" onClick={sync} aria-label="Sync">
          <RefreshCw size={14} aria-hidden="true" /> <Label>Sync</Label>
        </Button>
        {/* Downloads the main table the current screen offers (useExportableTable); screens
            without one leave it disabled. */}
        <Button
          variant="secondary"
          size="sm"
          aria-label="Export"
          title={
            canExport ? `Export ${exportable.name} as CSV` : 'This screen has no table to export'
          }
          disabled={!canExport}
          onClick={() => void exportTable()}
        >
          <Download size={14} aria-hidden="true" /> <Label>Export</Label>
        </Button>
        <DesktopOnly>
          <Button as={Link} to="/user/select-role" variant="ghost" size="sm">
            Switch Roles
          </Button>
        </DesktopOnly>
        <RoleMenu />
        <ThemeToggle />
        <Button as={Link} to="/user/profile" variant="ghost" size="sm" aria-label="Profile">
          <UserRound size={18} aria-hidden="true" />
        </Button>
      </Actions>
    </Bar>
  );
}

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: 20;
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: 12px 16px;
  padding: 12px 24px;
  background: ${({ theme }) => theme.colors.bg};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  @media (max-width: ${({ theme }) => theme.breakpoints.mobile}) {
    padding: 10px 12px;
  }
`;

const MenuButton = styled.button`
  display: none;
  border: 0;
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
  @media (max-width: ${({ theme }) => theme.breakpoints.tablet}) {
    display: grid;
    place-items: center;
  }
`;

const Welcome = styled.div`
  font-size: 16px;
  white-space: nowrap;
`;

const SearchBox = styled.div`
  ${headerControl}
  flex: 1;
  min-width: 160px;
  max-width: 360px;
  gap: 8px;
  color: ${({ theme }) => theme.colors.textMuted};
  input {
    flex: 1;
    min-width: 0;
    border: 0;
    outline: 0;
    background: transparent;
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
    font-size: 14px;
  }
  @media (max-width: ${({ theme }) => theme.breakpoints.mobile}) {
    order: 3;
    max-width: none;
    flex-basis: 100%;
  }
`;

const Actions = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  margin-left: auto;
  flex-wrap: wrap;
`;

const Label = styled.span`
  @media (max-width: ${({ theme }) => theme.breakpoints.mobile}) {
    display: none;
  }
`;

/** On phones the role dropdown stands in for the Switch Roles link, keeping one row of actions. */
const DesktopOnly = styled.span`
  display: contents;
  @media (max-width: ${({ theme }) => theme.breakpoints.mobile}) {
    display: none;
  }
`;

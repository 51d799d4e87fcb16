import { NavLink, useNavigate } from 'shared-ui/router';
import styled, { css } from 'styled-components';
import {
  logoutUser,
  reviewableBrandIds,
  selectActiveRole,
  selectUser,
  useAppDispatch,
  useAppSelector,
  useSalesWaitingForReviewQuery,
  waitingText,
} from 'shared-api';
import { Logo, useToast } from 'shared-ui';
import { Bell, ChevronsLeft, ChevronsRight, LogOut, Sparkles } from './icons';
import { bottomNavigation, mainNavigation, type NavItem } from './navigation';
import { UNREAD_POLL_MS, useUnreadNotificationsQuery } from './notificationsApi';

type Props = {
  expanded: boolean;
  onToggle: () => void;
  onOpenNotifications: () => void;
  /** On phones the sidebar is an overlay that closes after navigation. */
  mobileOpen: boolean;
  onNavigate: () => void;
};

export function Sidebar({
  expanded,
  onToggle,
  onOpenNotifications,
  mobileOpen,
  onNavigate,
}: Props) {
  const role = useAppSelector(selectActiveRole);
  const unread = useUnreadNotificationsQuery(role, { pollingInterval: UNREAD_POLL_MS }).data ?? 0;
  const waiting = useWaitingForReview(role === 'brand');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const toast = useToast();

  const logout = async () => {
    await dispatch(logoutUser());
    toast.success('Logged out successfully.');
    navigate('/auth/login');
  };

  return (
    <Aside data-expanded={expanded} data-mobile-open={mobileOpen} aria-label="Sidebar">
      <Top>
        {expanded && <Logo />}
        <IconButton
          type="button"
          onClick={onToggle}
          aria-label={expanded ? 'Collapse sidebar' : 'Expand sidebar'}
          aria-expanded={expanded}
        >
          {expanded ? <ChevronsLeft size={18} /> : <ChevronsRight size={18} />}
        </IconButton>
      </Top>
      <Nav aria-label="Main navigation">
        {mainNavigation(role).map((item) => (
          <Item
            key={item.to}
            item={item}
            expanded={expanded}
            onNavigate={onNavigate}
            waiting={item.showsWaitingReview ? waiting : 0}
          />
        ))}
      </Nav>
      <Bottom>
        {bottomNavigation(role).map((item) => (
          <Item key={item.label} item={item} expanded={expanded} onNavigate={onNavigate} />
        ))}
        <ItemButton
          type="button"
          onClick={onOpenNotifications}
          title="Notifications"
          aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        >
          <BellBox>
            <Bell size={18} />
            {/* The badge is drawn by CSS, not text: text inside the button that its label
                ('Notifications, 153 unread') does not contain, such as '99+', fails axe's
                label-content-name-mismatch. */}
            {unread > 0 && <Count aria-hidden="true" data-count={unread > 99 ? '99+' : unread} />}
          </BellBox>
          {expanded && <span>Notifications</span>}
        </ItemButton>
        <ItemButton type="button" onClick={logout} title="Logout">
          <LogOut size={18} />
          {expanded && <span>Logout</span>}
        </ItemButton>
        {/* The plan upgrade has no behaviour yet. */}
        <Upgrade type="button" title="Upgrade Plan">
          <Sparkles size={16} />
          {expanded && <span>Upgrade Plan</span>}
        </Upgrade>
      </Bottom>
    </Aside>
  );
}

/**
 * Sales held for a person on the brands whose review the user may decide (any brand of theirs:
 * Payouts shows each). Refreshed by every review decision (the review tag) and now and then for
 * sales that arrive meanwhile.
 */
function useWaitingForReview(isBrand: boolean): number {
  const user = useAppSelector(selectUser);
  const brandIds = isBrand ? reviewableBrandIds(user) : [];
  return (
    useSalesWaitingForReviewQuery(brandIds, {
      skip: brandIds.length === 0,
      pollingInterval: UNREAD_POLL_MS,
    }).data ?? 0
  );
}

function Item({
  item,
  expanded,
  onNavigate,
  waiting = 0,
}: {
  item: NavItem;
  expanded: boolean;
  onNavigate: () => void;
  /** Sales waiting for review, counted on this item. */
  waiting?: number;
}) {
  const Icon = item.icon;
  const waitingWords = waitingText(waiting);
  const content = (
    <>
      <BellBox>
        <Icon size={18} aria-hidden="true" />
        {/* Collapsed, the count sits on the icon; drawn by CSS, as the bell's (see there). */}
        {waiting > 0 && !expanded && (
          <Count aria-hidden="true" data-count={waiting > 99 ? '99+' : waiting} />
        )}
      </BellBox>
      {expanded && <span>{item.label}</span>}
      {waiting > 0 && expanded && (
        <Waiting aria-hidden="true" data-count={waiting > 99 ? '99+' : waiting} />
      )}
    </>
  );
  if (item.external) {
    return (
      <ItemAnchor href={item.to} target="_blank" rel="noreferrer" title={item.label}>
        {content}
      </ItemAnchor>
    );
  }
  return (
    <ItemLink
      end={item.end}
      to={item.to}
      title={waitingWords ? `${item.label}: ${waitingWords}` : item.label}
      onClick={onNavigate}
      aria-label={
        waitingWords ? `${item.label}, ${waitingWords}` : expanded ? undefined : item.label
      }
    >
      {content}
    </ItemLink>
  );
}

const Aside = styled.aside`
  position: sticky;
  top: 0;
  height: 100vh;
  display: flex;
  flex-direction: column;
  gap: 8px;
  width: 248px;
  padding: 16px 12px;
  background: ${({ theme }) => theme.colors.surface};
  border-right: 1px solid ${({ theme }) => theme.colors.border};
  transition: width 0.2s ease;
  overflow-y: auto;
  &[data-expanded='false'] {
    width: 68px;
  }
  @media (max-width: ${({ theme }) => theme.breakpoints.tablet}) {
    position: fixed;
    z-index: 40;
    left: 0;
    transform: translateX(-100%);
    visibility: hidden;
    transition:
      transform 0.2s ease,
      visibility 0.2s;
    &[data-expanded='false'] {
      width: 248px;
    }
    &[data-mobile-open='true'] {
      transform: none;
      visibility: visible;
      box-shadow: ${({ theme }) => theme.shadows.lg};
    }
  }
`;

const Top = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  min-height: 40px;
  padding: 0 4px 8px;
`;

const Nav = styled.nav`
  display: flex;
  flex-direction: column;
  gap: 2px;
  flex: 1;
`;

const Bottom = styled.div`
  display: flex;
  flex-direction: column;
  gap: 2px;
  padding-top: 8px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

const itemStyles = css`
  display: flex;
  align-items: center;
  gap: 12px;
  padding: 9px 12px;
  border-radius: 8px;
  border: 0;
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  font: inherit;
  font-size: 14px;
  font-weight: 500;
  text-decoration: none;
  text-align: left;
  cursor: pointer;
  white-space: nowrap;
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceAlt};
    color: ${({ theme }) => theme.colors.text};
  }
  &.active {
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.primaryText};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

const ItemLink = styled(NavLink)`
  ${itemStyles}
`;

const ItemAnchor = styled.a`
  ${itemStyles}
`;

const ItemButton = styled.button`
  ${itemStyles}
`;

const Upgrade = styled.button`
  ${itemStyles}
  margin-top: 8px;
  justify-content: center;
  color: ${({ theme }) => theme.colors.primaryText};
  background: linear-gradient(
    135deg,
    ${({ theme }) => theme.colors.primary},
    ${({ theme }) => theme.colors.info}
  );
  &:hover {
    color: ${({ theme }) => theme.colors.primaryText};
    filter: brightness(1.08);
    background: linear-gradient(
      135deg,
      ${({ theme }) => theme.colors.primary},
      ${({ theme }) => theme.colors.info}
    );
  }
`;

const IconButton = styled.button`
  display: grid;
  place-items: center;
  width: 32px;
  height: 32px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 8px;
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
`;

const BellBox = styled.span`
  position: relative;
  display: inline-flex;
`;

/** The count of sales waiting for review, at the end of an expanded item. */
const Waiting = styled.span`
  margin-left: auto;
  min-width: 20px;
  height: 20px;
  padding: 0 6px;
  border-radius: 10px;
  /* The surface colour on the warning colour reads in both themes (and on an active item). */
  background: ${({ theme }) => theme.colors.warning};
  color: ${({ theme }) => theme.colors.surface};
  font-size: 11px;
  font-weight: 700;
  line-height: 20px;
  text-align: center;
  &::after {
    content: attr(data-count);
  }
`;

/** The bell's unread count. */
const Count = styled.span`
  position: absolute;
  top: -7px;
  right: -9px;
  min-width: 16px;
  height: 16px;
  padding: 0 4px;
  border-radius: 8px;
  background: ${({ theme }) => theme.colors.danger};
  color: #fff;
  font-size: 10px;
  font-weight: 700;
  line-height: 16px;
  text-align: center;
  &::after {
    content: attr(data-count);
  }
`;

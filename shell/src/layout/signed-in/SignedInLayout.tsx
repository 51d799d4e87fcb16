import { useState } from 'react';
import { Outlet } from 'shared-ui/router';
import styled from 'styled-components';
import { Header } from './Header';
import { NotificationsDrawer } from './NotificationsDrawer';
import { Sidebar } from './Sidebar';
import { useSidebarExpanded } from './useSidebarExpanded';

export default function SignedInLayout() {
  const [expanded, toggleExpanded] = useSidebarExpanded();
  const [notificationsOpen, setNotificationsOpen] = useState(false);
  const [mobileOpen, setMobileOpen] = useState(false);

  return (
    <Frame>
      <Sidebar
        expanded={expanded}
        onToggle={toggleExpanded}
        onOpenNotifications={() => setNotificationsOpen(true)}
        mobileOpen={mobileOpen}
        onNavigate={() => setMobileOpen(false)}
      />
      {mobileOpen && <Scrim aria-hidden="true" onClick={() => setMobileOpen(false)} />}
      <Column>
        <Header onOpenMenu={() => setMobileOpen(true)} />
        <Main>
          <Outlet />
        </Main>
      </Column>
      <NotificationsDrawer open={notificationsOpen} onClose={() => setNotificationsOpen(false)} />
    </Frame>
  );
}

const Frame = styled.div`
  display: flex;
  min-height: 100vh;
`;

const Column = styled.div`
  flex: 1;
  min-width: 0;
  display: flex;
  flex-direction: column;
`;

const Main = styled.main`
  flex: 1;
  padding: 24px;
  @media (max-width: ${({ theme }) => theme.breakpoints.mobile}) {
    padding: 16px 12px;
  }
`;

const Scrim = styled.div`
  position: fixed;
  inset: 0;
  z-index: 35;
  background: rgb(0 0 0 / 0.4);
`;

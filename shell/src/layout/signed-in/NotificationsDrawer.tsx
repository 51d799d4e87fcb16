import styled from 'styled-components';
import { Button, EmptyState } from 'shared-ui';
import { Drawer } from 'shared-ui/workspace';

/** Notifications are not delivered yet; the drawer shows the empty inbox. */
export function NotificationsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Drawer open={open} onClose={onClose} title="Notifications" maxWidth={420}>
      <Toolbar>
        <Button variant="secondary" size="sm">
          Filter
        </Button>
        <Button variant="secondary" size="sm">
          Mark As Read
        </Button>
      </Toolbar>
      <EmptyState title="No messages" />
    </Drawer>
  );
}

const Toolbar = styled.div`
  display: flex;
  gap: 8px;
  margin-bottom: 16px;
`;

import { useState } from 'react';
import styled from 'styled-components';
import { normaliseError, selectActiveRole, useAppSelector } from 'shared-api';
import { Button, EmptyState, ErrorBanner, formatDateTime, Spinner, useToast } from 'shared-ui';
import { useNavigate } from 'shared-ui/router';
import { Drawer, ReplyPagination } from 'shared-ui/workspace';
import {
  kindLabel,
  KINDS_BY_ROLE,
  useListNotificationsQuery,
  useMarkNotificationsReadMutation,
  type Notification,
  type NotificationKind,
} from './notificationsApi';

/** 'Nov 27, 2026, 2:05 PM': the product's one date style (shared-ui dates). */
const when = (iso: string) => formatDateTime(iso);

/** The signed-in user's notifications for the active role, newest first. */
export function NotificationsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const role = useAppSelector(selectActiveRole);
  const kinds = role ? KINDS_BY_ROLE[role] : [];
  const [kind, setKind] = useState<NotificationKind | null>(null);
  const [filtering, setFiltering] = useState(false);
  const [page, setPage] = useState(1);
  const list = useListNotificationsQuery({ role, kind, page }, { skip: !open });
  const [markRead, marking] = useMarkNotificationsReadMutation();
  const navigate = useNavigate();
  const toast = useToast();

  const markAll = async () => {
    try {
      await markRead().unwrap();
    } catch (error) {
      toast.error(normaliseError(error, 'Failed to mark notifications as read'));
    }
  };
  const markOne = async (n: Notification) => {
    try {
      await markRead({ ids: [n.id] }).unwrap();
    } catch (error) {
      toast.error(normaliseError(error, 'Failed to mark notifications as read'));
    }
  };
  const openOne = (n: Notification) => {
    // Opening one reads it; the screen it is about opens meanwhile.
    if (!n.read) void markOne(n);
    onClose();
    navigate(n.link);
  };
  const results = list.data?.results ?? [];

  return (
    <Drawer open={open} onClose={onClose} title="Notifications" maxWidth={420}>
      <Toolbar>
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={filtering}
          onClick={() => setFiltering((on) => !on)}
        >
          Filter
        </Button>
        <Button
          variant="secondary"
          size="sm"
          loading={marking.isLoading}
          disabled={!list.data?.unread}
          onClick={() => void markAll()}
        >
          Mark As Read
        </Button>
      </Toolbar>
      {filtering && (
        <Kinds role="group" aria-label="Filter by kind">
          {[null, ...kinds].map((k) => (
            <Button
              key={k ?? 'all'}
              size="sm"
              variant={kind === k ? 'primary' : 'secondary'}
              aria-pressed={kind === k}
              onClick={() => {
                setKind(k);
                setPage(1);
              }}
            >
              {k ? kindLabel(k, role) : 'All'}
            </Button>
          ))}
        </Kinds>
      )}
      {list.isError ? (
        <ErrorBanner message="Failed to load notifications" onRetry={() => void list.refetch()} />
      ) : list.isLoading ? (
        <Spinner />
      ) : results.length === 0 ? (
        <EmptyState title="No messages" />
      ) : (
        <>
          <List aria-label="Notifications">
            {results.map((n) => (
              <Item key={n.id} data-unread={!n.read}>
                <Entry type="button" onClick={() => openOne(n)}>
                  <Title>
                    {!n.read && <Dot aria-label="Unread" role="img" />}
                    {n.title}
                  </Title>
                  <Body>{n.body}</Body>
                  <Time dateTime={n.created_at}>{when(n.created_at)}</Time>
                </Entry>
                {!n.read && (
                  <MarkOne
                    variant="ghost"
                    size="sm"
                    aria-label={`Mark read: ${n.title}`}
                    onClick={() => void markOne(n)}
                  >
                    Mark read
                  </MarkOne>
                )}
              </Item>
            ))}
          </List>
          <ReplyPagination meta={list.data?.meta} perPage={20} onPageChange={setPage} />
        </>
      )}
    </Drawer>
  );
}

const Toolbar = styled.div`
  display: flex;
  gap: 8px;
  margin-bottom: 16px;
`;

const Kinds = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  margin-bottom: 16px;
`;

const List = styled.ul`
  list-style: none;
  margin: 0 0 16px;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 8px;
`;

const Item = styled.li`
  position: relative;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  overflow: hidden;

  &[data-unread='true'] {
    border-color: ${({ theme }) => theme.colors.primary};
  }
`;

const Entry = styled.button`
  width: 100%;
  text-align: left;
  display: flex;
  flex-direction: column;
  gap: 4px;
  padding: 12px;
  /* Room for Mark read in the top corner. */
  padding-right: 96px;
  border: 0;
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  cursor: pointer;

  &:hover {
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }
`;

const MarkOne = styled(Button)`
  position: absolute;
  top: 6px;
  right: 6px;
`;

const Title = styled.span`
  display: flex;
  align-items: center;
  gap: 6px;
  font-weight: 600;
`;

const Dot = styled.span`
  width: 8px;
  height: 8px;
  border-radius: 50%;
  flex: none;
  background: ${({ theme }) => theme.colors.primary};
`;

const Body = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Time = styled.time`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

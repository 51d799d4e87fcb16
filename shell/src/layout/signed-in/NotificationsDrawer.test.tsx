import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import type { NotificationsReply, NotificationView } from 'contract';
import { aUser, fakeApi, type FakeCall, renderArea } from 'shared-api/testing';
import { NotificationsDrawer } from './NotificationsDrawer';
import { Sidebar } from './Sidebar';

// Several renders and user steps a test: slow on a busy machine.
jest.setTimeout(20_000);

const note = (id: number, over: Partial<NotificationView> = {}): NotificationView => ({
  id,
  kind: 'commission',
  title: 'Commission approved',
  body: 'Your $6.00 commission for Launch was approved and will be paid out.',
  link: '/advocate/earnings',
  read: false,
  created_at: '2026-03-02T10:00:00Z',
  ...over,
});

function Layout() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Sidebar
        expanded
        onToggle={() => {}}
        onOpenNotifications={() => setOpen(true)}
        mobileOpen={false}
        onNavigate={() => {}}
      />
      <NotificationsDrawer open={open} onClose={() => setOpen(false)} />
    </>
  );
}

/** A server holding the advocate's notifications: mark-read marks them all. */
function inboxServer(initial: NotificationView[]) {
  let notes = [...initial];
  const unread = () => notes.filter((n) => !n.read).length;
  return fakeApi({
    'GET notifications/': ({ query }: FakeCall) => {
      const shown = notes.filter((n) => !query.kind || n.kind === query.kind);
      const body: NotificationsReply = {
        results: shown,
        meta: { total: shown.length, page: 1, pages: 1 },
        unread: unread(),
      };
      return { body };
    },
    'GET notifications/unread-count/': () => ({ body: { unread: unread() } }),
    'POST notifications/mark-read/': ({ body }: FakeCall) => {
      const ids = (body as { ids?: number[] }).ids;
      const marked = notes.filter((n) => !n.read && (!ids || ids.includes(n.id))).length;
      notes = notes.map((n) => (!ids || ids.includes(n.id) ? { ...n, read: true } : n));
      return { body: { marked, unread: unread() } };
    },
  });
}

const open = (path = '/advocate/dashboard') =>
  renderArea(Layout, path, {
    routes: ['/advocate/*'],
    user: aUser({ roles: ['Advocate'] }),
    activeRole: 'advocate',
  });

describe('Notifications drawer', () => {
  it('the bell counts the unread; the drawer lists them newest first; Mark As Read marks all', async () => {
    const api = inboxServer([
      note(2),
      note(1, { kind: 'payout', title: 'Payout sent', body: 'Your payout of $6.00 was sent.' }),
      note(0, { kind: 'conversion', title: 'New conversion', read: true }),
    ]);
    const app = open();
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    await app.user.click(bell);
    const drawer = await screen.findByRole('dialog', { name: 'Notifications' });
    const list = await within(drawer).findByRole('list', { name: 'Notifications' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual([
      expect.stringContaining('Commission approved'),
      expect.stringContaining('Payout sent'),
      expect.stringContaining('New conversion'),
    ]);
    expect(within(list).getAllByRole('img', { name: 'Unread' })).toHaveLength(2);
    // Dated in the product's one style (shared-ui dates), never '2 Mar, 10:00'.
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent(
      /Mar 2, 2026, \d{1,2}:00\s[AP]M/,
    );

    await app.user.click(within(drawer).getByRole('button', { name: 'Mark As Read' }));
    await waitFor(() =>
      expect(within(drawer).queryAllByRole('img', { name: 'Unread' })).toHaveLength(0),
    );
    expect(api.callsTo('POST notifications/mark-read/')).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('Filter narrows by kind; an empty inbox says No messages', async () => {
    const api = inboxServer([note(2), note(1, { kind: 'payout', title: 'Payout sent' })]);
    const app = open();
    await app.user.click(await screen.findByRole('button', { name: /^Notifications/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Notifications' });
    await within(drawer).findByText('Payout sent');
    await app.user.click(within(drawer).getByRole('button', { name: 'Filter' }));
    await app.user.click(within(drawer).getByRole('button', { name: 'Payouts' }));
    await waitFor(() =>
      expect(within(drawer).queryByText('Commission approved')).not.toBeInTheDocument(),
    );
    expect(within(drawer).getByText('Payout sent')).toBeInTheDocument();
    expect(api.calls.some((c) => c.path === 'notifications/' && c.query.kind === 'payout')).toBe(
      true,
    );
    await app.user.click(within(drawer).getByRole('button', { name: 'Commissions' }));
    await app.user.click(within(drawer).getByRole('button', { name: 'Conversions' }));
    expect(await within(drawer).findByText('No messages')).toBeInTheDocument();
  });

  it('offers an advocate only the kinds the server sends an advocate: no Advocates or Webhooks', async () => {
    inboxServer([note(2)]);
    const app = open();
    await app.user.click(await screen.findByRole('button', { name: /^Notifications/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Notifications' });
    await app.user.click(within(drawer).getByRole('button', { name: 'Filter' }));
    const chips = within(within(drawer).getByRole('group', { name: 'Filter by kind' }))
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(chips).toEqual(['All', 'Conversions', 'Commissions', 'Payouts', 'Programs']);
  });

  it('offers a brand owner the kinds the server sends an owner: no Commissions or Payouts', async () => {
    inboxServer([note(2, { kind: 'conversion', title: 'New conversion' })]);
    const app = renderArea(Layout, '/brand/dashboard', {
      routes: ['/brand/*'],
      user: aUser({ roles: ['Brand Owner'], brand_roles: [] }),
      activeRole: 'brand',
    });
    await app.user.click(await screen.findByRole('button', { name: /^Notifications/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Notifications' });
    await app.user.click(within(drawer).getByRole('button', { name: 'Filter' }));
    const chips = within(within(drawer).getByRole('group', { name: 'Filter by kind' }))
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(chips).toEqual(['All', 'Conversions', 'Advocates', 'Webhooks']);
  });

  it('marks one read, leaving the others unread', async () => {
    const api = inboxServer([
      note(2),
      note(1, { kind: 'payout', title: 'Payout sent', body: 'Your payout of $6.00 was sent.' }),
    ]);
    const app = open();
    await app.user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const drawer = await screen.findByRole('dialog', { name: 'Notifications' });
    await app.user.click(
      await within(drawer).findByRole('button', { name: 'Mark read: Payout sent' }),
    );
    await waitFor(() =>
      expect(within(drawer).getAllByRole('img', { name: 'Unread' })).toHaveLength(1),
    );
    expect(api.bodyOf('POST notifications/mark-read/')).toEqual({ ids: [1] });
    expect(
      within(drawer).queryByRole('button', { name: 'Mark read: Payout sent' }),
    ).not.toBeInTheDocument();
    expect(
      within(drawer).getByRole('button', { name: 'Mark read: Commission approved' }),
    ).toBeInTheDocument();
  });

  it('opening a notification goes to its screen and reads it', async () => {
    const api = inboxServer([note(2)]);
    const app = open();
    await app.user.click(await screen.findByRole('button', { name: /^Notifications/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Notifications' });
    await app.user.click(await within(drawer).findByText('Commission approved'));
    await waitFor(() => expect(app.location()?.pathname).toBe('/advocate/earnings'));
    await waitFor(() => expect(api.bodyOf('POST notifications/mark-read/')).toEqual({ ids: [2] }));
  });
});

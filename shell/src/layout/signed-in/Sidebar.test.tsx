import { act, screen, waitFor } from '@testing-library/react';
import { api, REVIEW_TAG } from 'shared-api';
import { aUser, fakeApi, renderArea, replies } from 'shared-api/testing';
import { Sidebar } from './Sidebar';

jest.setTimeout(20_000);

function Layout({ expanded = true }: { expanded?: boolean }) {
  return (
    <Sidebar
      expanded={expanded}
      onToggle={() => {}}
      onOpenNotifications={() => {}}
      mobileOpen={false}
      onNavigate={() => {}}
    />
  );
}

/** An owner of brand 3, Finance on brand 4 and an analyst (who may not decide) on brand 5. */
const member = aUser({
  roles: ['Brand Owner'],
  brand_ids: [3, 4, 5],
  brand_roles: [
    { brand_id: 3, role: 'owner', two_factor_required: false },
    { brand_id: 4, role: 'finance', two_factor_required: false },
    { brand_id: 5, role: 'analyst', two_factor_required: false },
  ],
});

const held: Record<number, number> = {};
function server() {
  return fakeApi({
    'GET notifications/unread-count/': { body: { unread: 0 } },
    'GET brand/3/review/summary/': () => replies.reviewSummary({ held: held[3] }),
    'GET brand/4/review/summary/': () => replies.reviewSummary({ held: held[4] }),
    'GET brand/5/review/summary/': () => replies.reviewSummary({ held: 7 }),
  });
}

const Collapsed = () => <Layout expanded={false} />;
const open = (expanded = true) =>
  renderArea(expanded ? Layout : Collapsed, '/brand/dashboard', {
    routes: ['/brand/*'],
    user: member,
    activeRole: 'brand',
  });

describe('Sidebar: sales waiting for review', () => {
  it('counts the held sales of the brands the member may review on Payouts, and follows a decision', async () => {
    held[3] = 2;
    held[4] = 1;
    const calls = server();
    const { store } = open();
    const payouts = await screen.findByRole('link', {
      name: 'Payouts, 3 sales waiting for review',
    });
    expect(payouts).toHaveAttribute('href', '/brand/payouts');
    expect(calls.callsTo('GET brand/5/review/summary/')).toHaveLength(0);
    // Approving or rejecting (remote-brand's review) invalidates the review's tag: one decided.
    held[3] = 1;
    act(() => {
      store.dispatch(api.util.invalidateTags([REVIEW_TAG]));
    });
    expect(
      await screen.findByRole('link', { name: 'Payouts, 2 sales waiting for review' }),
    ).toBeInTheDocument();
    held[3] = 0;
    held[4] = 0;
    act(() => {
      store.dispatch(api.util.invalidateTags([REVIEW_TAG]));
    });
    expect(await screen.findByRole('link', { name: 'Payouts' })).toBeInTheDocument();
  });

  it('collapsed, the link still says how many wait', async () => {
    held[3] = 1;
    held[4] = 0;
    server();
    open(false);
    expect(
      await screen.findByRole('link', { name: 'Payouts, 1 sale waiting for review' }),
    ).toBeInTheDocument();
  });

  it('an advocate asks for no review count', async () => {
    const calls = server();
    renderArea(Layout, '/advocate/dashboard', {
      routes: ['/advocate/*'],
      user: aUser({ roles: ['Advocate'], brand_roles: [], brand_ids: [] }),
      activeRole: 'advocate',
    });
    expect(await screen.findByRole('link', { name: 'Earnings' })).toBeInTheDocument();
    await waitFor(() => expect(calls.callsTo('GET notifications/unread-count/')).toHaveLength(1));
    expect(calls.callsTo('GET brand/3/review/summary/')).toHaveLength(0);
  });
});

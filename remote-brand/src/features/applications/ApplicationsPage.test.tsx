/** @jest-environment ./src/test/jsdomWithFetch.ts */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApplicationView } from 'contract';
import { fakeApi, replies, type FakeCall } from 'shared-api/testing';
import { makeBrand, makeCampaign, makeUser } from '../../test/fixtures';
import { findHeading, renderBrandApp } from '../../test/renderBrandApp';
import { typedEmails } from './InviteAdvocates';

jest.setTimeout(30_000);

const application = (overrides: Partial<ApplicationView> = {}): ApplicationView => ({
  id: 31,
  campaign: { id: 4, title: 'Spring blend' },
  advocate: { id: 9, username: 'ada', email: 'ada@mailinator.com', email_verified: false },
  status: 'pending',
  answers: [{ question_id: 'audience', label: 'Where is your audience?', answer: 'Coffee lovers' }],
  fraud_signals: ['unverified_email', 'disposable_email'],
  reason: null,
  group_id: null,
  auto_approved: false,
  created_at: '2030-01-01T12:00:00.000Z',
  decided_at: null,
  ...overrides,
});

function server() {
  return fakeApi({
    'GET brand/3/': replies.brand(makeBrand()),
    'GET brand/3/groups/': { body: { groups: [] } },
    'GET brand/3/campaigns/': {
      body: {
        status: 'success' as const,
        campaigns: [makeCampaign({ id: 4, title: 'Spring blend' })],
      },
    },
    'GET brand/3/applications/': ({ query }: FakeCall) => ({
      body: {
        applications:
          query.status === 'rejected'
            ? [application({ id: 30, status: 'rejected', reason: 'Not our market' })]
            : [application()],
      },
    }),
    'POST brand/3/applications/31/approve/': {
      body: { application: application({ status: 'approved' }) },
    },
    'POST brand/3/applications/31/reject/': {
      body: { application: application({ status: 'rejected', reason: 'Too small' }) },
    },
    'POST brand/3/advocate-invitations/': {
      status: 201,
      body: {
        invited: ['bo@example.com'],
        skipped: [{ email: 'cy@example.com', reason: 'already_joined' as const }],
      },
    },
  });
}

describe('Applications', () => {
  it('lists pending applications with the answers and the fraud signals; approves in one click', async () => {
    const api = server();
    const user = userEvent.setup();
    renderBrandApp('/brand/brands/3/applications');
    await findHeading('Applications');
    const table = await screen.findByRole('table', { name: 'Applications' });
    const row = within(table).getAllByRole('row')[1];
    expect(within(row).getByText('ada')).toBeInTheDocument();
    expect(within(row).getByText('Where is your audience?')).toBeInTheDocument();
    expect(within(row).getByText('Coffee lovers')).toBeInTheDocument();
    expect(within(row).getByText('Email not verified')).toBeInTheDocument();
    expect(within(row).getByText('Disposable email domain')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Approve ada' }));
    expect(await screen.findByText('ada approved: they joined Spring blend')).toBeInTheDocument();
    expect(api.bodyOf('POST brand/3/applications/31/approve/')).toEqual({});
  });

  it('rejects with a reason, which is required', async () => {
    const api = server();
    const user = userEvent.setup();
    renderBrandApp('/brand/brands/3/applications');
    await user.click(await screen.findByRole('button', { name: 'Reject ada' }));
    await user.click(screen.getByRole('button', { name: 'Reject application' }));
    expect(await screen.findByText('A reason is required')).toBeInTheDocument();
    expect(api.callsTo('POST brand/3/applications/31/reject/')).toHaveLength(0);
    await user.type(screen.getByLabelText('Reason (the advocate reads it)'), 'Too small');
    await user.click(screen.getByRole('button', { name: 'Reject application' }));
    await waitFor(() =>
      expect(api.bodyOf('POST brand/3/applications/31/reject/')).toEqual({ reason: 'Too small' }),
    );
  });

  it('shows rejected ones with their reason', async () => {
    server();
    const user = userEvent.setup();
    renderBrandApp('/brand/brands/3/applications');
    await screen.findByRole('table', { name: 'Applications' });
    await user.selectOptions(screen.getByLabelText('Status'), 'rejected');
    expect(await screen.findByText('Rejected: Not our market')).toBeInTheDocument();
  });

  it('an analyst reads them but cannot decide', async () => {
    server();
    renderBrandApp('/brand/brands/3/applications', {
      user: makeUser({
        brand_roles: [{ brand_id: 3, role: 'analyst', two_factor_required: false }],
      }),
    });
    const approve = await screen.findByRole('button', { name: 'Approve ada' });
    expect(approve).toBeDisabled();
  });

  it('invites typed addresses to a campaign and says who was skipped', async () => {
    const api = server();
    const user = userEvent.setup();
    renderBrandApp('/brand/brands/3/applications');
    await screen.findByRole('table', { name: 'Applications' });
    await user.click(screen.getByRole('button', { name: 'Send invitations' }));
    expect(await screen.findByText('Choose the campaign to invite them to')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('option', { name: 'Spring blend' })).toBeInTheDocument(),
    );
    await user.selectOptions(screen.getByLabelText('Campaign'), '4');
    await user.type(screen.getByLabelText(/Email addresses/), 'Bo@example.com, cy@example.com');
    await user.click(screen.getByRole('button', { name: 'Send invitations' }));
    expect(
      await screen.findByText('Invited 1; not sent: cy@example.com (already joined)'),
    ).toBeInTheDocument();
    expect(api.bodyOf('POST brand/3/advocate-invitations/')).toEqual({
      campaign_id: 4,
      emails: ['bo@example.com', 'cy@example.com'],
    });
  });
});

describe('typedEmails', () => {
  it('splits on commas, semicolons, spaces and lines, once each, lower-cased', () => {
    expect(typedEmails('A@x.com; b@x.com\n a@x.com ,c@x.com')).toEqual([
      'a@x.com',
      'b@x.com',
      'c@x.com',
    ]);
  });
});

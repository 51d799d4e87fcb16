/** @jest-environment ./src/test/jsdomWithFetch.ts */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BrandMembersReply } from 'contract';
import { TWO_FACTOR_REQUIRED } from 'contract/teams';
import { fakeApi, replies, type FakeCall } from 'shared-api/testing';
import { makeBrand, makeUser } from '../../test/fixtures';
import { findHeading, renderBrandApp } from '../../test/renderBrandApp';

const team = (): BrandMembersReply => ({
  members: [
    { user_id: 7, username: 'olu', email: 'olu@example.test', role: 'owner' },
    { user_id: 8, username: 'fin', email: 'fin@example.test', role: 'finance' },
  ],
  invitations: [
    { id: 2, email: 'new@example.test', role: 'analyst', expires_at: '2025-03-08T09:00:00.000Z' },
  ],
  require_two_factor: false,
});

function teamServer(extra: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'GET brand/3/': replies.brand(makeBrand()),
    'GET brand/3/members/': { body: team() },
    ...extra,
  });
}

const asRole = (role: 'owner' | 'analyst' | 'finance') =>
  makeUser({ brand_roles: [{ brand_id: 3, role, two_factor_required: false }] });

describe('Team', () => {
  it('lists members with their role and the pending invitations', async () => {
    teamServer();
    renderBrandApp('/brand/brands/3/team');
    await findHeading('Team');
    const table = await screen.findByRole('table', { name: 'Members' });
    expect(within(table).getByText('fin@example.test')).toBeInTheDocument();
    expect(within(table).getByLabelText('Role of fin')).toHaveValue('finance');
    const pending = screen.getByRole('list', { name: 'Pending invitations' });
    expect(within(pending).getByText(/new@example\.test · Analyst/)).toBeInTheDocument();
  });

  it('the owner invites by email with a role and changes a role', async () => {
    const api = teamServer({
      'POST brand/3/members/invite/': {
        status: 201,
        body: {
          invitation: {
            id: 3,
            email: 'cfo@example.test',
            role: 'finance' as const,
            expires_at: '2025-03-08T09:00:00.000Z',
          },
        },
      },
      'PATCH brand/3/members/8/': ({ body }: FakeCall) => ({
        body: {
          member: {
            user_id: 8,
            username: 'fin',
            email: 'fin@example.test',
            role: (body as { role: 'admin' }).role,
          },
        },
      }),
    });
    const user = userEvent.setup();
    renderBrandApp('/brand/brands/3/team');
    await user.type(await screen.findByLabelText('Email'), 'CFO@example.test ');
    await user.selectOptions(screen.getByLabelText('Role'), 'finance');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to cfo@example.test')).toBeInTheDocument();
    expect(api.bodyOf('POST brand/3/members/invite/')).toEqual({
      email: 'CFO@example.test',
      role: 'finance',
    });

    await user.selectOptions(await screen.findByLabelText('Role of fin'), 'admin');
    await waitFor(() => expect(api.bodyOf('PATCH brand/3/members/8/')).toEqual({ role: 'admin' }));
  });

  it('an address that is already a member is refused under the Email field, as the server says', async () => {
    teamServer({
      'POST brand/3/members/invite/': replies.failure(
        400,
        'email: is already a member of this brand',
        { email: ['is already a member of this brand'] },
      ),
    });
    const user = userEvent.setup();
    renderBrandApp('/brand/brands/3/team');
    await user.type(await screen.findByLabelText('Email'), 'fin@example.test');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('is already a member of this brand')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
      'is already a member of this brand',
    );
  });

  it('an analyst sees the team but may not change it: disabled, saying the role needed', async () => {
    const api = teamServer();
    renderBrandApp('/brand/brands/3/team', { user: asRole('analyst') });
    const table = await screen.findByRole('table', { name: 'Members' });
    // The rows arrive after the table's loading state; then the role is text, not a select.
    const remove = await within(table).findByRole('button', { name: 'Remove fin' });
    expect(within(table).queryByLabelText('Role of fin')).not.toBeInTheDocument();
    expect(remove).toBeDisabled();
    expect(remove.parentElement).toHaveAttribute(
      'title',
      'This needs the owner role on this brand; yours is analyst.',
    );
    expect(screen.queryByRole('button', { name: 'Send invitation' })).not.toBeInTheDocument();
    expect(
      screen.getAllByText('This needs the owner role on this brand; yours is analyst.').length,
    ).toBeGreaterThan(0);
    expect(api.callsTo('POST brand/3/members/invite/')).toHaveLength(0);
  });

  it('a member of a brand requiring two-factor is asked to set it up before the brand opens', async () => {
    const api = teamServer();
    renderBrandApp('/brand/brands/3', {
      user: makeUser({
        brand_roles: [{ brand_id: 3, role: 'finance', two_factor_required: true }],
      }),
    });
    await findHeading('Two-factor sign-in required');
    expect(screen.getByText(TWO_FACTOR_REQUIRED)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set up two-factor sign-in' })).toHaveAttribute(
      'href',
      '/user/profile',
    );
    expect(api.callsTo('GET brand/3/')).toHaveLength(0);
  });
});

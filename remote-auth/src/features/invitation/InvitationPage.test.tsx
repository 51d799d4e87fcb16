import { screen, waitFor } from '@testing-library/react';
import type { InvitationDetailsReply } from 'contract';
import { aUser, fakeApi, replies, rolesAfter } from 'shared-api/testing';
import { landedOn, renderAuth } from '../../test/renderAuth';
import { afterSignIn } from './pendingInvitation';

const invitee = aUser({
  id: 9,
  email: 'fin@example.test',
  roles: ['Advocate'],
  brand_ids: [],
  brand_roles: [],
});

/** The invitee as user/me/ answers once they joined brand 3 as Finance. */
const joined = aUser({
  ...invitee,
  roles: ['Brand Owner', 'Advocate'],
  brand_ids: [3],
  brand_roles: [{ brand_id: 3, role: 'finance', two_factor_required: false }],
});

const DETAILS = 'GET invitations/details/';
const pending: InvitationDetailsReply = {
  brand_name: 'Outfitters',
  inviter: 'Ada Obi',
  role: 'finance',
  email: 'fin@example.test',
  expires_at: '2030-01-08T12:00:00.000Z',
  state: 'pending',
};

beforeEach(() => sessionStorage.clear());

describe('InvitationPage', () => {
  it('signed in: names the brand, inviter and role, accepts and goes to the brand', async () => {
    const api = fakeApi({
      [DETAILS]: { body: pending },
      'POST invitations/accept/': {
        body: { brand_id: 3, brand_name: 'Outfitters', role: 'finance' as const },
      },
      'POST user/active-role/': replies.roles(
        rolesAfter({ roles: ['Brand Owner', 'Advocate'], active_role: 'brand_owner' }),
      ),
      'GET user/me/': replies.me(joined),
    });
    const { user, store } = await renderAuth('/auth/invitation?token=abc123', { user: invitee });
    expect(await screen.findByRole('heading', { name: 'Join Outfitters' })).toBeInTheDocument();
    expect(screen.getByText('Ada Obi')).toBeInTheDocument();
    expect(screen.getByText('Finance')).toBeInTheDocument();
    expect(screen.getByText('fin@example.test')).toBeInTheDocument();
    expect(api.callsTo(DETAILS)[0].query).toEqual({ token: 'abc123' });
    await user.click(screen.getByRole('button', { name: 'Accept invitation' }));
    expect(await landedOn()).toBe('/brand/brands/3');
    expect(api.bodyOf('POST invitations/accept/')).toEqual({ token: 'abc123' });
    expect(await screen.findByText('You joined Outfitters as finance')).toBeInTheDocument();
    expect(afterSignIn('/home')).toBe('/home');
    // The session's user now holds the membership, so the header names the new role at once.
    await waitFor(() =>
      expect(store.getState().auth.user?.brand_roles).toEqual(joined.brand_roles),
    );
    expect(api.callsTo('GET user/me/')).toHaveLength(1);
  });

  it('shows why a link cannot be used', async () => {
    fakeApi({
      [DETAILS]: { body: pending },
      'POST invitations/accept/': replies.failure(
        403,
        'This invitation was sent to another email address. Sign in with that address to accept it.',
      ),
    });
    const { user } = await renderAuth('/auth/invitation?token=abc123', { user: invitee });
    await user.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    expect(
      await screen.findByText(
        'This invitation was sent to another email address. Sign in with that address to accept it.',
      ),
    ).toBeInTheDocument();
  });

  it('says an expired link has expired, and forgets it', async () => {
    fakeApi({ [DETAILS]: { body: { ...pending, state: 'expired' as const } } });
    await renderAuth('/auth/invitation?token=abc123');
    expect(
      await screen.findByText('This invitation has expired. Ask for a new one.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
    expect(afterSignIn('/home')).toBe('/home');
  });

  it('signed out: names the invitation, keeps the link, and signs up with the invited email', async () => {
    fakeApi({ [DETAILS]: { body: pending } });
    const { user } = await renderAuth('/auth/invitation?token=abc123');
    expect(await screen.findByRole('heading', { name: 'Join Outfitters' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/login');
    expect(afterSignIn('/brand/dashboard')).toBe('/auth/invitation?token=abc123');
    // Both choices are drawn by the product's Button (its styled component), not bare blue links.
    const signUp = screen.getByRole('link', { name: 'Create an account' });
    expect(signUp.classList[0]).toBe(screen.getByRole('link', { name: 'Sign in' }).classList[0]);
    await user.click(signUp);
    expect(await screen.findByLabelText('Email')).toHaveValue('fin@example.test');
  });
});

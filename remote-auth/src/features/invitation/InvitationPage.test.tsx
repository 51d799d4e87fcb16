import { screen } from '@testing-library/react';
import { aUser, fakeApi, replies, rolesAfter } from 'shared-api/testing';
import { landedOn, renderAuth } from '../../test/renderAuth';
import { afterSignIn } from './pendingInvitation';

const invitee = aUser({ id: 9, email: 'fin@example.test', roles: ['Advocate'], brand_ids: [] });

beforeEach(() => sessionStorage.clear());

describe('InvitationPage', () => {
  it('signed in: accepts the invitation, opens the brand area and goes to the brand', async () => {
    const api = fakeApi({
      'POST invitations/accept/': {
        body: { brand_id: 3, brand_name: 'Outfitters', role: 'finance' as const },
      },
      'POST user/active-role/': replies.roles(
        rolesAfter({ roles: ['Brand Owner', 'Advocate'], active_role: 'brand_owner' }),
      ),
      'GET user/me/': replies.me(invitee),
    });
    const { user } = await renderAuth('/auth/invitation?token=abc123', { user: invitee });
    expect(screen.getByText('fin@example.test')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept invitation' }));
    expect(await landedOn()).toBe('/brand/brands/3');
    expect(api.bodyOf('POST invitations/accept/')).toEqual({ token: 'abc123' });
    expect(await screen.findByText('You joined Outfitters as finance')).toBeInTheDocument();
    expect(afterSignIn('/home')).toBe('/home');
  });

  it('shows why a link cannot be used', async () => {
    fakeApi({
      'POST invitations/accept/': replies.failure(
        403,
        'This invitation was sent to another email address. Sign in with that address to accept it.',
      ),
    });
    const { user } = await renderAuth('/auth/invitation?token=abc123', { user: invitee });
    await user.click(screen.getByRole('button', { name: 'Accept invitation' }));
    expect(
      await screen.findByText(
        'This invitation was sent to another email address. Sign in with that address to accept it.',
      ),
    ).toBeInTheDocument();
  });

  it('signed out: keeps the link so signing in comes back to it', async () => {
    const api = fakeApi({});
    await renderAuth('/auth/invitation?token=abc123');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/login');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/auth/signup',
    );
    expect(afterSignIn('/brand/dashboard')).toBe('/auth/invitation?token=abc123');
    expect(api.calls).toHaveLength(0);
  });
});

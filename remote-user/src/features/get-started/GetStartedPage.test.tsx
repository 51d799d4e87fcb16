import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { selectActiveRole } from 'shared-api';
import { fakeApi, heldReply, replies, rolesAfter } from 'shared-api/testing';
import { makeUser, renderUserApp } from '../../test/renderUserApp';

const advocate = makeUser({ roles: ['Advocate'] });
const upgraded = replies.roles(
  rolesAfter({ message: 'Upgraded to Advocate', roles: ['Advocate'], active_role: 'advocate' }),
);

function promoteButton() {
  const card = screen.getByRole('region', { name: 'Promote Existing Brand Campaigns' });
  return within(card).getByRole('button', { name: 'Start Promoting' });
}

describe('get-started', () => {
  it('welcomes the user by first name, else by username', () => {
    renderUserApp('/user/get-started');
    expect(screen.getByRole('heading', { name: 'Welcome, Sam' })).toBeInTheDocument();
  });

  it('falls back to the username without a first name', () => {
    renderUserApp('/user/get-started', { user: makeUser({ first_name: '' }) });
    expect(screen.getByRole('heading', { name: 'Welcome, sam' })).toBeInTheDocument();
  });

  it('prompts a just-signed-up user to enter the code already mailed', async () => {
    fakeApi({});
    const app = renderUserApp('/user/get-started', { user: makeUser({ verified_at: null }) });
    const prompt = screen.getByRole('region', { name: 'Verify your email' });
    expect(prompt).toHaveTextContent('We sent a 6-digit code to sam@example.test');
    await userEvent.click(within(prompt).getByRole('button', { name: 'Enter the code' }));
    expect(app.pathname()).toBe('/auth/verify-otp');
  });

  it('does not prompt a verified user', () => {
    renderUserApp('/user/get-started');
    expect(screen.queryByRole('region', { name: 'Verify your email' })).not.toBeInTheDocument();
  });

  it('Create Your Own Brand goes to brand creation', async () => {
    const api = fakeApi({});
    const app = renderUserApp('/user/get-started');
    const card = screen.getByRole('region', { name: 'Create Your Own Brand' });
    await userEvent.click(within(card).getByRole('button', { name: 'Create Brand' }));
    expect(app.pathname()).toBe('/brand/create');
    expect(api.calls).toHaveLength(0);
  });

  it('Promote upgrades to Advocate, says so and goes to the advocate dashboard', async () => {
    const upgrade = heldReply(upgraded);
    const api = fakeApi({
      'POST roles/upgrade/advocate/': upgrade.route,
      'GET user/me/': replies.me(advocate),
    });
    const app = renderUserApp('/user/get-started');

    await userEvent.click(promoteButton());
    // Busy while the call runs, so a second click cannot upgrade twice.
    expect(promoteButton()).toBeDisabled();
    upgrade.release();

    expect(await screen.findByText('Upgraded to Advocate')).toBeInTheDocument();
    await waitFor(() => expect(app.pathname()).toBe('/advocate/dashboard'));
    expect(selectActiveRole(app.store.getState())).toBe('advocate');
    expect(api.callsTo('POST roles/upgrade/advocate/')).toHaveLength(1);
  });

  it("shows the server's message when the upgrade fails, and stays", async () => {
    fakeApi({
      'POST roles/upgrade/advocate/': replies.failure(400, 'Account is locked'),
    });
    const app = renderUserApp('/user/get-started');
    await userEvent.click(promoteButton());
    expect(await screen.findByText('Account is locked')).toBeInTheDocument();
    expect(app.pathname()).toBe('/user/get-started');
    expect(promoteButton()).toBeEnabled();
  });

  it("falls back to 'Failed to upgrade' when the failure has no message", async () => {
    fakeApi({ 'POST roles/upgrade/advocate/': replies.bodiless(500) });
    renderUserApp('/user/get-started');
    await userEvent.click(promoteButton());
    expect(await screen.findByText('Failed to upgrade')).toBeInTheDocument();
  });
});

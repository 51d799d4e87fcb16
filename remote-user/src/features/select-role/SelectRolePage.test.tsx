import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { selectActiveRole } from 'shared-api';
import type { SetActiveRoleBody } from 'contract';
import { fakeApi, replies, rolesAfter, type FakeCall } from 'shared-api/testing';
import { makeUser, renderUserApp } from '../../test/renderUserApp';

const both = makeUser({ roles: ['Brand Owner', 'Advocate'] });

/** The server accepts any held role and answers like the real one. */
const setActiveRole = ({ body }: FakeCall) =>
  replies.roles(
    rolesAfter({
      message: 'Active role set',
      active_role: (body as SetActiveRoleBody).role === 'advocate' ? 'advocate' : 'brand_owner',
      roles: ['Brand Owner', 'Advocate'],
    }),
  );

const brandOwner = () => screen.getByRole('button', { name: /^Brand Owner/ });
const advocate = () => screen.getByRole('button', { name: /^Advocate/ });

describe('select-role', () => {
  it('offers both roles under the session title', () => {
    fakeApi({});
    renderUserApp('/user/select-role', { user: both });
    expect(
      screen.getByRole('heading', { name: 'Choose your role for this session' }),
    ).toBeInTheDocument();
    expect(brandOwner()).toHaveTextContent(/create campaigns/);
    expect(advocate()).toHaveTextContent('Discover and promote campaigns to earn rewards.');
  });

  it('chooses the only role automatically', async () => {
    const api = fakeApi({ 'POST user/active-role/': setActiveRole });
    const app = renderUserApp('/user/select-role', { user: makeUser({ roles: ['Advocate'] }) });
    await waitFor(() => expect(app.pathname()).toBe('/advocate/dashboard'));
    expect(api.callsTo('POST user/active-role/').map((call) => call.body)).toEqual([
      { role: 'advocate' },
    ]);
    expect(selectActiveRole(app.store.getState())).toBe('advocate');
  });

  it('sends a Brand Owner choice without the brand role to brand creation', async () => {
    const api = fakeApi({});
    const app = renderUserApp('/user/select-role', { user: makeUser({ roles: [] }) });
    await userEvent.click(brandOwner());
    expect(app.pathname()).toBe('/brand/create');
    expect(api.calls).toHaveLength(0);
  });

  it('upgrades a user without the advocate role who chooses Advocate', async () => {
    const api = fakeApi({
      'POST roles/upgrade/advocate/': replies.roles(
        rolesAfter({ message: 'Upgraded', roles: ['Advocate'], active_role: 'advocate' }),
      ),
      'GET user/me/': replies.me(makeUser({ roles: ['Advocate'] })),
    });
    const app = renderUserApp('/user/select-role', { user: makeUser({ roles: [] }) });
    await userEvent.click(advocate());
    expect(await screen.findByText('Upgraded to Advocate')).toBeInTheDocument();
    await waitFor(() => expect(app.pathname()).toBe('/advocate/dashboard'));
    expect(api.callsTo('POST roles/upgrade/advocate/')).toHaveLength(1);
    expect(api.callsTo('POST user/active-role/')).toHaveLength(0);
  });

  it('returns to the page the user came from when the chosen role covers it', async () => {
    fakeApi({ 'POST user/active-role/': setActiveRole });
    const app = renderUserApp('/user/select-role', {
      user: both,
      state: { from: '/brand/campaigns/3' },
    });
    await userEvent.click(brandOwner());
    await waitFor(() => expect(app.pathname()).toBe('/brand/campaigns/3'));
    expect(selectActiveRole(app.store.getState())).toBe('brand');
  });

  it("goes to the role's dashboard when the page came from lies elsewhere", async () => {
    fakeApi({ 'POST user/active-role/': setActiveRole });
    const app = renderUserApp('/user/select-role', {
      user: both,
      state: { from: '/brand/campaigns/3' },
    });
    await userEvent.click(advocate());
    await waitFor(() => expect(app.pathname()).toBe('/advocate/dashboard'));
  });

  it('restores the previous role and says so when the server refuses', async () => {
    fakeApi({ 'POST user/active-role/': replies.bodiless(500) });
    const app = renderUserApp('/user/select-role', { user: both, activeRole: 'brand' });
    await userEvent.click(advocate());
    expect(await screen.findByText('Failed to set active role')).toBeInTheDocument();
    expect(selectActiveRole(app.store.getState())).toBe('brand');
    expect(app.pathname()).toBe('/user/select-role');
    expect(advocate()).toBeEnabled();
  });
});

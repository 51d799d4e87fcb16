import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { selectAvailableRoles, selectPendingEmail, selectUser, type User } from 'shared-api';
import { aBrand, fakeApi, replies, rolesAfter, type FakeCall } from 'shared-api/testing';
import { makeUser, renderUserApp } from '../../test/renderUserApp';

// These tests type into forms (two-factor: a password and a code, some twice), which on a busy
// machine takes longer than jest's default 5 s.
jest.setTimeout(60_000);

/** A server holding one user record: GET user/me/ answers it, POST user/update/ changes it. */
function userServer(initial: User, extra: Parameters<typeof fakeApi>[0] = {}) {
  let record = initial;
  return fakeApi({
    'GET user/me/': () => replies.me(record),
    'POST user/update/': ({ body }: FakeCall) => {
      record = { ...record, ...(body as Partial<User>) };
      return replies.userUpdated(record);
    },
    ...extra,
  });
}

const account = () => screen.getByRole('region', { name: /Sam Rivers|renamed/ });

describe('profile: view', () => {
  it('shows the account, its state and member-since date', async () => {
    userServer(makeUser());
    renderUserApp('/user/profile');
    const card = account();
    expect(within(card).getByText('sam')).toBeInTheDocument();
    expect(within(card).getByText('sam@example.test')).toBeInTheDocument();
    expect(within(card).getByText('Mar 1, 2025')).toBeInTheDocument();
    expect(within(card).getByText('Verified')).toBeInTheDocument();
    expect(within(card).getByText('Active')).toBeInTheDocument();
    expect(within(card).queryByText('Admin')).not.toBeInTheDocument();
  });

  it('shows Inactive, Not Verified, Admin and a dash for an unknown date when that is the state', () => {
    const user = makeUser({
      is_active: false,
      verified_at: null,
      is_staff: true,
      date_joined: undefined,
    });
    userServer(user);
    renderUserApp('/user/profile', { user });
    const card = account();
    expect(within(card).getByText('Inactive')).toBeInTheDocument();
    expect(within(card).getByText('Not Verified')).toBeInTheDocument();
    expect(within(card).getByText('Admin')).toBeInTheDocument();
    // An unknown date reads as every absent date of the product does.
    expect(within(card).getByText('—')).toBeInTheDocument();
  });

  it('prompts to enter the mailed code for a Not Verified email, held for the verify screen', async () => {
    const user = makeUser({ verified_at: null });
    const api = userServer(user);
    const view = renderUserApp('/user/profile', { user });
    const prompt = screen.getByRole('region', { name: 'Verify your email' });
    expect(prompt).toHaveTextContent('We sent a 6-digit code to sam@example.test');
    await userEvent.click(within(prompt).getByRole('button', { name: 'Enter the code' }));
    await waitFor(() => expect(view.location().pathname).toBe('/auth/verify-otp'));
    expect(selectPendingEmail(view.store.getState())).toBe('sam@example.test');
    // The code sign-up mailed is still good: nothing new is sent.
    expect(api.callsTo('POST auth/send-otp')).toHaveLength(0);
  });

  it('mails a new code on request and goes to enter it', async () => {
    const user = makeUser({ verified_at: null });
    const api = userServer(user, {
      'POST auth/send-otp': replies.status('Verification code sent to the email'),
    });
    const view = renderUserApp('/user/profile', { user });
    const prompt = screen.getByRole('region', { name: 'Verify your email' });
    await userEvent.click(within(prompt).getByRole('button', { name: 'Send a new code' }));
    await waitFor(() => expect(view.location().pathname).toBe('/auth/verify-otp'));
    expect(api.callsTo('POST auth/send-otp')[0].body).toEqual({ email: 'sam@example.test' });
  });

  it('has no prompt once the email is verified', () => {
    userServer(makeUser());
    renderUserApp('/user/profile');
    expect(screen.queryByRole('region', { name: 'Verify your email' })).not.toBeInTheDocument();
  });

  it('lists the first five brands by name and counts the rest', async () => {
    const user = makeUser({ brand_ids: [1, 2, 3, 4, 5, 6, 7] });
    userServer(user, {
      'GET brand/list/': replies.brandList(
        [1, 2, 3, 4, 5, 6, 7].map((id) => aBrand({ id, brand_name: `Roastery ${id}` })),
      ),
    });
    renderUserApp('/user/profile', { user });
    const brands = screen.getByRole('region', { name: 'Brand Access' });
    expect(within(brands).getByText('7 brands')).toBeInTheDocument();
    expect(await within(brands).findByText('Roastery 1')).toBeInTheDocument();
    expect(
      within(brands)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Roastery 1', 'Roastery 2', 'Roastery 3', 'Roastery 4', 'Roastery 5', '+2 more']);
  });

  it("shows the user's role on each brand", async () => {
    const user = makeUser({
      brand_ids: [3, 8],
      brand_roles: [
        { brand_id: 3, role: 'owner', two_factor_required: false },
        { brand_id: 8, role: 'finance', two_factor_required: false },
      ],
    });
    userServer(user, {
      'GET brand/list/': replies.brandList([
        aBrand({ id: 3, brand_name: 'Acme Coffee' }),
        aBrand({ id: 8, brand_name: 'Tea House' }),
      ]),
    });
    renderUserApp('/user/profile', { user });
    const brands = screen.getByRole('region', { name: 'Brand Access' });
    expect(await within(brands).findByText('Tea House')).toBeInTheDocument();
    expect(
      within(brands)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Acme Coffee · Owner', 'Tea House · Finance']);
  });
});

describe('profile: two-factor sign-in', () => {
  const card = () => screen.getByRole('region', { name: 'Two-factor sign-in' });
  it('turns on with a QR code and a first code, then shows the recovery codes once', async () => {
    const codes = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);
    const api = userServer(makeUser(), {
      'POST user/2fa/setup/': {
        body: {
          secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          otpauth_url: 'otpauth://totp/Advocate:sam?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
        },
      },
      'POST user/2fa/enable/': { body: { recovery_codes: codes } },
    });
    renderUserApp('/user/profile');
    expect(within(card()).getByText('Off')).toBeInTheDocument();
    await userEvent.click(within(card()).getByRole('button', { name: 'Turn on' }));
    expect(await within(card()).findByText('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).toBeInTheDocument();

    await userEvent.type(within(card()).getByLabelText('Code from the app'), '12');
    await userEvent.click(within(card()).getByRole('button', { name: 'Confirm' }));
    expect(await within(card()).findByText('The code has 6 digits')).toBeInTheDocument();
    expect(within(card()).getByText('Enter your password')).toBeInTheDocument();
    expect(api.callsTo('POST user/2fa/enable/')).toHaveLength(0);
    await userEvent.type(within(card()).getByLabelText('Password'), 'pw1');
    await userEvent.type(within(card()).getByLabelText('Code from the app'), '3456');
    await userEvent.click(within(card()).getByRole('button', { name: 'Confirm' }));

    const shown = await within(card()).findByLabelText('Recovery codes');
    expect(shown.textContent).toBe(codes.join('\n'));
    expect(api.bodyOf('POST user/2fa/enable/')).toEqual({
      password: 'pw1',
      code: '123456',
    });
    // Node's Blob cannot be read back from user-event's clipboard: spy on the write instead.
    const user = userEvent.setup();
    const write = jest.spyOn(navigator.clipboard, 'writeText');
    await user.click(within(card()).getByRole('button', { name: 'Copy' }));
    expect(write).toHaveBeenCalledWith(codes.join('\n'));
    await userEvent.click(within(card()).getByRole('button', { name: 'I have saved them' }));
    expect(within(card()).queryByLabelText('Recovery codes')).not.toBeInTheDocument();
  });

  it('turns off with the password and a current code, saying why a wrong one fails', async () => {
    const api = userServer(makeUser({ two_factor_enabled: true }), {
      'GET user/2fa/': { body: { enabled: true, recovery_codes_remaining: 10 } },
      'POST user/2fa/disable/': ({ body }: FakeCall) =>
        (body as { code: string }).code === '111111'
          ? replies.status('Two-factor sign-in is off')
          : replies.failure(400, 'The code is wrong or has expired'),
    });
    renderUserApp('/user/profile', { user: makeUser({ two_factor_enabled: true }) });
    expect(within(card()).getByText('On')).toBeInTheDocument();
    await userEvent.click(within(card()).getByRole('button', { name: 'Turn off' }));
    await userEvent.type(within(card()).getByLabelText('Password'), 'pw1');
    await userEvent.type(within(card()).getByLabelText('Current code'), '000000');
    await userEvent.click(within(card()).getByRole('button', { name: 'Turn off' }));
    expect(await within(card()).findByText('The code is wrong or has expired')).toBeInTheDocument();
    await userEvent.clear(within(card()).getByLabelText('Current code'));
    await userEvent.type(within(card()).getByLabelText('Current code'), '111111');
    await userEvent.click(within(card()).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(api.callsTo('POST user/2fa/disable/')).toHaveLength(2));
    expect(api.callsTo('POST user/2fa/disable/')[1].body).toEqual({
      password: 'pw1',
      code: '111111',
    });
    expect(await screen.findByText('Two-factor sign-in is off')).toBeInTheDocument();
  });

  it('shows the recovery codes left and makes new ones with the password and a code', async () => {
    const fresh = Array.from({ length: 10 }, (_, i) => `new0${i}-codes`);
    const api = userServer(makeUser({ two_factor_enabled: true }), {
      'GET user/2fa/': { body: { enabled: true, recovery_codes_remaining: 2 } },
      'POST user/2fa/recovery-codes/': ({ body }: FakeCall) =>
        (body as { password: string }).password === 'pw1'
          ? { body: { recovery_codes: fresh } }
          : replies.failure(400, 'The password is wrong', { password: ['The password is wrong'] }),
    });
    renderUserApp('/user/profile', { user: makeUser({ two_factor_enabled: true }) });
    expect(
      await within(card()).findByText('2 recovery codes left: make new ones before you run out.'),
    ).toBeInTheDocument();
    await userEvent.click(within(card()).getByRole('button', { name: 'New recovery codes' }));
    await userEvent.type(within(card()).getByLabelText('Password'), 'wrong');
    await userEvent.type(within(card()).getByLabelText('Current code'), 'abcde-fghij');
    await userEvent.click(within(card()).getByRole('button', { name: 'Make new codes' }));
    expect(await within(card()).findByText('The password is wrong')).toBeInTheDocument();
    await userEvent.clear(within(card()).getByLabelText('Password'));
    await userEvent.type(within(card()).getByLabelText('Password'), 'pw1');
    await userEvent.click(within(card()).getByRole('button', { name: 'Make new codes' }));
    const shown = await within(card()).findByLabelText('Recovery codes');
    expect(shown.textContent).toBe(fresh.join('\n'));
    expect(api.callsTo('POST user/2fa/recovery-codes/')[1].body).toEqual({
      password: 'pw1',
      code: 'abcde-fghij',
    });
  });
});

describe('profile: edit', () => {
  it('saves the changes to the server and the session, then returns to view mode', async () => {
    const api = userServer(makeUser());
    const app = renderUserApp('/user/profile');
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const username = screen.getByLabelText('Username');
    await userEvent.clear(username);
    await userEvent.type(username, '  renamed ');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(api.callsTo('POST user/update/').map((call) => call.body)).toEqual([
      // Trimmed, and without is_active: only an admin may send it.
      { username: 'renamed', email: 'sam@example.test', first_name: 'Sam', last_name: 'Rivers' },
    ]);
    expect(within(account()).getByText('renamed')).toBeInTheDocument();
    expect(screen.queryByLabelText('Username')).not.toBeInTheDocument();
    expect(selectUser(app.store.getState())?.username).toBe('renamed');
  });

  it('lets an admin send is_active', async () => {
    const admin = makeUser({ is_staff: true });
    const api = userServer(admin);
    renderUserApp('/user/profile', { user: admin });
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.click(screen.getByLabelText('Account active'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Profile updated');
    expect(api.callsTo('POST user/update/')[0].body).toMatchObject({ is_active: false });
  });

  it('does not offer is_active to other users', async () => {
    userServer(makeUser());
    renderUserApp('/user/profile');
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.queryByLabelText('Account active')).not.toBeInTheDocument();
  });

  it('validates before saving', async () => {
    const api = userServer(makeUser());
    renderUserApp('/user/profile');
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.clear(screen.getByLabelText('Username'));
    const email = screen.getByLabelText('Email');
    await userEvent.clear(email);
    await userEvent.type(email, 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Invalid email format')).toBeInTheDocument();
    expect(api.callsTo('POST user/update/')).toHaveLength(0);
  });

  it('Cancel discards the edits', async () => {
    const api = userServer(makeUser());
    renderUserApp('/user/profile');
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.type(screen.getByLabelText('Username'), 'zzz');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(within(account()).getByText('sam')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByLabelText('Username')).toHaveValue('sam');
    expect(api.callsTo('POST user/update/')).toHaveLength(0);
  });

  it("stays in edit mode with the server's message when saving fails", async () => {
    userServer(makeUser(), {
      'POST user/update/': replies.failure(400, 'Email already in use.', {
        email: ['Email already in use.'],
      }),
    });
    renderUserApp('/user/profile');
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Email already in use.')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toBeInTheDocument();
  });

  it("falls back to 'Update failed'", async () => {
    userServer(makeUser(), { 'POST user/update/': replies.bodiless(500) });
    renderUserApp('/user/profile');
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Update failed')).toBeInTheDocument();
  });
});

describe('profile: roles', () => {
  const both = makeUser({ roles: ['Brand Owner', 'Advocate'] });
  const afterRemoval = {
    'POST role/remove/': replies.roles(rolesAfter({ message: 'Role removed' })),
    'GET user/active-role/': replies.roles(rolesAfter({ message: 'Active role loaded' })),
  } as const;

  it('removes a role only after confirmation', async () => {
    const api = userServer(both, afterRemoval);
    const app = renderUserApp('/user/profile', { user: both, activeRole: 'advocate' });
    const roles = screen.getByRole('region', { name: 'Roles' });

    await userEvent.click(within(roles).getByRole('button', { name: 'Remove Advocate' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Remove role?' })).getByRole('button', {
        name: 'Cancel',
      }),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('POST role/remove/')).toHaveLength(0);

    await userEvent.click(within(roles).getByRole('button', { name: 'Remove Advocate' }));
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }),
    );

    expect(await screen.findByText('Role removed')).toBeInTheDocument();
    expect(api.callsTo('POST role/remove/').map((call) => call.body)).toEqual([
      { user_id: 7, role: 'advocate' },
    ]);
    await waitFor(() => expect(within(roles).queryByText('Advocate')).not.toBeInTheDocument());
    expect(selectAvailableRoles(app.store.getState())).toEqual(['brand']);
    // The active role is read back: the server moved it off the removed role.
    await waitFor(() => expect(app.store.getState().auth.activeRole).toBe('brand'));
  });

  it('points a user without roles to get-started', () => {
    userServer(makeUser());
    renderUserApp('/user/profile');
    const roles = screen.getByRole('region', { name: 'Roles' });
    expect(within(roles).queryByRole('button')).not.toBeInTheDocument();
    expect(within(roles).getByRole('link', { name: 'Get started' })).toHaveAttribute(
      'href',
      '/user/get-started',
    );
  });

  it("falls back to 'Failed to remove role'", async () => {
    userServer(both, { 'POST role/remove/': replies.bodiless(500) });
    renderUserApp('/user/profile', { user: both });
    await userEvent.click(screen.getByRole('button', { name: 'Remove Brand Owner' }));
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }),
    );
    expect(await screen.findByText('Failed to remove role')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Brand Owner' })).toBeInTheDocument();
  });
});

describe('profile: deactivate', () => {
  const question = 'Are you sure you want to deactivate your account? This will sign you out.';

  it('asks first, then deactivates, signs out and goes to login', async () => {
    const api = userServer(makeUser(), {
      'POST user/delete/': replies.userDeleted(7, 'User deactivated'),
    });
    const app = renderUserApp('/user/profile');

    await userEvent.click(screen.getByRole('button', { name: 'Deactivate' }));
    const dialog = screen.getByRole('dialog', { name: 'Deactivate account?' });
    expect(dialog).toHaveTextContent(question);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('POST user/delete/')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Deactivate' }));
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Deactivate' }),
    );

    expect(await screen.findByText('User deactivated')).toBeInTheDocument();
    await waitFor(() => expect(app.pathname()).toBe('/auth/login'));
    expect(api.callsTo('POST user/delete/').map((call) => call.body)).toEqual([{}]);
    expect(selectUser(app.store.getState())).toBeNull();
  });

  it("falls back to 'Delete failed' and keeps the session", async () => {
    userServer(makeUser(), { 'POST user/delete/': replies.bodiless(500) });
    const app = renderUserApp('/user/profile');
    await userEvent.click(screen.getByRole('button', { name: 'Deactivate' }));
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Deactivate' }),
    );
    expect(await screen.findByText('Delete failed')).toBeInTheDocument();
    expect(app.pathname()).toBe('/user/profile');
    expect(selectUser(app.store.getState())).not.toBeNull();
  });
});

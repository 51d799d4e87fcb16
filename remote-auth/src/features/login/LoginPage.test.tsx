import { screen, waitFor } from '@testing-library/react';
import { selectActiveRole, selectToken } from 'shared-api';
import type { RoleName } from 'contract';
import { aLogin, aUser, fakeApi, heldReply, replies, rolesAfter } from 'shared-api/testing';
import { landedOn, renderAuth } from '../../test/renderAuth';

const brandLogin = aLogin({ user_id: 1 });
/** GET user/me/ as the server answers it: the user's roles are part of the record. */
const me = (roles: RoleName[]) =>
  replies.me(aUser({ id: 1, email: 'user@demo.test', username: 'demo', roles, verified_at: null }));

async function fillAndSubmit(
  user: Awaited<ReturnType<typeof renderAuth>>['user'],
  email: string,
  password: string,
) {
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

beforeEach(() => localStorage.clear());

describe('LoginPage', () => {
  it('shows the validation messages when submitted empty, and an invalid email', async () => {
    const api = fakeApi({});
    const { user } = await renderAuth('/auth/login');
    expect(screen.getByRole('heading', { name: 'Sign in to your account' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.tab();
    expect(await screen.findByText('Invalid email format')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('has a Forgot password link and social buttons that do nothing', async () => {
    const api = fakeApi({});
    const { user } = await renderAuth('/auth/login');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/auth/forgot-password',
    );
    await user.click(screen.getByRole('button', { name: 'Continue With Google' }));
    await user.click(screen.getByRole('button', { name: 'Continue With Facebook' }));
    expect(screen.queryByText('Email is required')).not.toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it("reads 'Logging in...' and is disabled while the sign-in is under way", async () => {
    const held = heldReply(replies.login(brandLogin));
    fakeApi({ 'POST token/': held.route, 'GET user/me/': me(['Brand Owner']) });
    const { user } = await renderAuth('/auth/login');

    await fillAndSubmit(user, 'brand@demo.test', 'Brand123!');
    const busy = await screen.findByRole('button', { name: 'Logging in...' });
    expect(busy).toBeDisabled();

    held.release();
    expect(await landedOn()).toBe('/brand/dashboard');
  });

  it('signs in, toasts and goes to the active role home', async () => {
    const api = fakeApi({
      'POST token/': replies.login(brandLogin),
      'GET user/me/': me(['Brand Owner']),
    });
    const { user, store } = await renderAuth('/auth/login');

    await fillAndSubmit(user, '  brand@demo.test ', 'Brand123!');

    expect(await landedOn()).toBe('/brand/dashboard');
    expect(await screen.findByText('Logged in successfully!')).toBeInTheDocument();
    expect(api.callsTo('POST token/')[0].body).toEqual({
      email: 'brand@demo.test',
      password: 'Brand123!',
    });
    expect(selectToken(store.getState())).toBe('token-1');
    expect(selectActiveRole(store.getState())).toBe('brand');
  });

  it('returns to the page a guard sent the user from when it lies in the same role area', async () => {
    fakeApi({ 'POST token/': replies.login(brandLogin), 'GET user/me/': me(['Brand Owner']) });
    const { user } = await renderAuth('/auth/login', { state: { from: '/brand/campaigns/7' } });
    await fillAndSubmit(user, 'brand@demo.test', 'Brand123!');
    expect(await landedOn()).toBe('/brand/campaigns/7');
  });

  it("ignores the guard's page when it belongs to another role's area", async () => {
    fakeApi({ 'POST token/': replies.login(brandLogin), 'GET user/me/': me(['Brand Owner']) });
    const { user } = await renderAuth('/auth/login', { state: { from: '/advocate/earnings' } });
    await fillAndSubmit(user, 'brand@demo.test', 'Brand123!');
    expect(await landedOn()).toBe('/brand/dashboard');
  });

  it('activates the only role a user holds and goes to its dashboard', async () => {
    const api = fakeApi({
      'POST token/': replies.login({ ...brandLogin, roles: ['Advocate'], active_role: null }),
      'GET user/me/': me(['Advocate']),
      'POST user/active-role/': replies.roles(
        rolesAfter({ roles: ['Advocate'], active_role: 'advocate' }),
      ),
    });
    const { user, store } = await renderAuth('/auth/login');
    await fillAndSubmit(user, 'advocate@demo.test', 'Advocate123!');
    expect(await landedOn()).toBe('/advocate/dashboard');
    expect(api.callsTo('POST user/active-role/')[0].body).toEqual({ role: 'advocate' });
    expect(selectActiveRole(store.getState())).toBe('advocate');
  });

  it("shows the server's message when the sign-in is refused, and stays put", async () => {
    fakeApi({ 'POST token/': replies.failure(401, 'Invalid email or password') });
    const { user, store } = await renderAuth('/auth/login');
    await fillAndSubmit(user, 'brand@demo.test', 'wrong');

    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
    expect(screen.queryByRole('status', { name: 'Current page' })).not.toBeInTheDocument();
    expect(selectToken(store.getState())).toBeNull();
  });

  it("falls back to 'Login failed' when the reply carries no message", async () => {
    fakeApi({ 'POST token/': replies.bodiless(500) });
    const { user } = await renderAuth('/auth/login');
    await fillAndSubmit(user, 'brand@demo.test', 'Brand123!');
    expect(await screen.findByText('Login failed')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled());
  });

  describe('with two-factor sign-in on', () => {
    const challenge = { body: { mfa_required: true as const, mfa_token: 'mfa-1' } };

    it('asks for a code after the password, then signs in with it', async () => {
      const api = fakeApi({
        'POST token/': challenge,
        'POST token/2fa/': replies.login(brandLogin),
        'GET user/me/': me(['Brand Owner']),
      });
      const { user, store } = await renderAuth('/auth/login');
      await fillAndSubmit(user, 'brand@demo.test', 'Brand123!');

      expect(
        await screen.findByRole('heading', { name: 'Two-factor sign-in' }),
      ).toBeInTheDocument();
      expect(selectToken(store.getState())).toBeNull();
      await user.type(screen.getByLabelText('Authentication code'), '123456');
      await user.click(screen.getByRole('button', { name: 'Verify' }));

      expect(await landedOn()).toBe('/brand/dashboard');
      expect(api.callsTo('POST token/2fa/')[0].body).toEqual({
        mfa_token: 'mfa-1',
        code: '123456',
      });
      expect(selectToken(store.getState())).toBe('token-1');
    });

    it('says what is wrong with a wrong code and stays on the step', async () => {
      fakeApi({
        'POST token/': challenge,
        'POST token/2fa/': replies.failure(400, 'The code is wrong or has expired', {
          code: ['The code is wrong or has expired'],
        }),
      });
      const { user } = await renderAuth('/auth/login');
      await fillAndSubmit(user, 'brand@demo.test', 'Brand123!');
      await user.type(await screen.findByLabelText('Authentication code'), '000000');
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      expect(await screen.findByText('The code is wrong or has expired')).toBeInTheDocument();
      expect(screen.getByLabelText('Authentication code')).toBeInTheDocument();
    });

    it('takes a recovery code typed with a space between its halves', async () => {
      const api = fakeApi({
        'POST token/': challenge,
        'POST token/2fa/': replies.login(brandLogin),
        'GET user/me/': me(['Brand Owner']),
      });
      const { user } = await renderAuth('/auth/login');
      await fillAndSubmit(user, 'brand@demo.test', 'Brand123!');
      await user.type(await screen.findByLabelText('Authentication code'), 'abcde 12345');
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      expect(await landedOn()).toBe('/brand/dashboard');
      expect(api.callsTo('POST token/2fa/')[0].body).toEqual({
        mfa_token: 'mfa-1',
        code: 'abcde 12345',
      });
    });

    it('refuses a malformed code before calling the server', async () => {
      const api = fakeApi({ 'POST token/': challenge });
      const { user } = await renderAuth('/auth/login');
      await fillAndSubmit(user, 'brand@demo.test', 'Brand123!');
      await user.type(await screen.findByLabelText('Authentication code'), '12');
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      expect(
        await screen.findByText('Enter the 6-digit code, or a recovery code such as abcde-12345'),
      ).toBeInTheDocument();
      expect(api.callsTo('POST token/2fa/')).toHaveLength(0);
    });
  });
});

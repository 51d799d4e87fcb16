import { screen, within } from '@testing-library/react';
import { selectPendingEmail, selectToken } from 'shared-api';
import { aRegistration, aUser, fakeApi, heldReply, replies } from 'shared-api/testing';
import { landedOn, renderAuth } from '../../test/renderAuth';

const registered = replies.registered(aRegistration({ user_id: 9 }));
const me = replies.me(
  aUser({
    id: 9,
    email: 'ada@example.com',
    username: 'ada',
    roles: [],
    brand_ids: [],
    verified_at: null,
  }),
);

type User = Awaited<ReturnType<typeof renderAuth>>['user'];

async function fill(
  user: User,
  values: { username?: string; email?: string; password?: string; confirm?: string },
) {
  if (values.username) await user.type(screen.getByLabelText('Username'), values.username);
  if (values.email) await user.type(screen.getByLabelText('Email'), values.email);
  if (values.password) await user.type(screen.getByLabelText('Password'), values.password);
  if (values.confirm) await user.type(screen.getByLabelText('Confirm password'), values.confirm);
}

const valid = {
  username: 'ada',
  email: 'ada@example.com',
  password: 'Secret123!',
  confirm: 'Secret123!',
};
const submit = (user: User) => user.click(screen.getByRole('button', { name: 'Sign Up for Free' }));
const rule = (label: RegExp) =>
  within(screen.getByRole('list', { name: 'Password requirements' }))
    .getByText(label)
    .closest('li');

beforeEach(() => localStorage.clear());

describe('SignupPage', () => {
  it('shows the heading, the pitch and every required message when submitted empty', async () => {
    const api = fakeApi({});
    const { user } = await renderAuth('/auth/signup');
    expect(
      screen.getByRole('heading', { name: 'Sign up to join the product' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/easy, fast and free/)).toBeInTheDocument();

    await submit(user);
    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('Confirm Password is required')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('rejects an invalid email and mismatched passwords', async () => {
    const api = fakeApi({});
    const { user } = await renderAuth('/auth/signup');
    await fill(user, { ...valid, email: 'ada@', confirm: 'Secret123?' });
    await submit(user);
    expect(await screen.findByText('Invalid email format')).toBeInTheDocument();
    expect(screen.getByText('Passwords must match')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('ticks the password rules as the user types, without enforcing them', async () => {
    const held = heldReply(registered);
    const api = fakeApi({ 'POST user/register/': held.route, 'GET user/me/': me });
    const { user } = await renderAuth('/auth/signup');
    expect(rule(/special character \(! @ #/)).toHaveAttribute('data-met', 'false');

    const password = screen.getByLabelText('Password');
    await user.type(password, 'a');
    expect(rule(/lowercase/)).toHaveAttribute('data-met', 'true');
    expect(rule(/uppercase/)).toHaveAttribute('data-met', 'false');
    await user.type(password, 'B1');
    expect(rule(/uppercase/)).toHaveAttribute('data-met', 'true');
    expect(rule(/number/)).toHaveAttribute('data-met', 'true');
    expect(rule(/At least 8/)).toHaveAttribute('data-met', 'false');
    await user.type(password, 'cdefg!');
    expect(rule(/At least 8/)).toHaveAttribute('data-met', 'true');
    expect(rule(/special character/)).toHaveAttribute('data-met', 'true');
    await user.clear(password);
    expect(rule(/lowercase/)).toHaveAttribute('data-met', 'false');

    // A password breaking every rule still goes to the server: the checklist only guides.
    await fill(user, {
      username: 'ada',
      email: 'ada@example.com',
      password: 'short',
      confirm: 'short',
    });
    await submit(user);
    expect(await screen.findByRole('button', { name: 'Signing Up...' })).toBeDisabled();
    expect(api.callsTo('POST user/register/')[0].body).toEqual({
      username: 'ada',
      email: 'ada@example.com',
      password: 'short',
      password_confirmation: 'short',
    });
    held.release();
    expect(await landedOn()).toBe('/user/get-started');
  });

  it('registers, opens the session and goes to get-started, the code already mailed', async () => {
    fakeApi({ 'POST user/register/': registered, 'GET user/me/': me });
    const { user, store } = await renderAuth('/auth/signup');
    await fill(user, valid);
    await submit(user);
    // SPEC: "On success the user goes to /user/get-started" (which prompts for the code).
    expect(await landedOn()).toBe('/user/get-started');
    expect(
      screen.getByText('Registration successful! We sent a verification code to your email.'),
    ).toBeInTheDocument();
    expect(selectToken(store.getState())).toBe('new-token');
    // The verify screen will ask for the code only, for the address just typed.
    expect(selectPendingEmail(store.getState())).toBe('ada@example.com');
  });

  it('returns to the invitation being answered instead, when there is one', async () => {
    sessionStorage.setItem('pendingBrandInvitation', 'tok-123');
    try {
      fakeApi({ 'POST user/register/': registered, 'GET user/me/': me });
      const { user } = await renderAuth('/auth/signup');
      await fill(user, valid);
      await submit(user);
      expect(
        await screen.findByRole('heading', { name: /Join/ }, { timeout: 10_000 }),
      ).toBeInTheDocument();
    } finally {
      sessionStorage.clear();
    }
  });

  it("shows the server's message as a toast and under its field, and stays on the form", async () => {
    const taken = 'A user with this email already exists';
    fakeApi({
      'POST user/register/': replies.failure(400, taken, { email: [taken] }),
    });
    const { user } = await renderAuth('/auth/signup');
    await fill(user, valid);
    await submit(user);
    // The toast and the email field both say it.
    expect(await screen.findAllByText(taken)).toHaveLength(2);
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(taken);
    expect(screen.getByRole('button', { name: 'Sign Up for Free' })).toBeEnabled();
    expect(screen.queryByRole('status', { name: 'Current page' })).not.toBeInTheDocument();
  });

  it("falls back to 'Registration failed' when the reply says nothing", async () => {
    fakeApi({ 'POST user/register/': replies.htmlPage(500, '<html>oops</html>') });
    const { user } = await renderAuth('/auth/signup');
    await fill(user, valid);
    await submit(user);
    expect(await screen.findByText('Registration failed')).toBeInTheDocument();
  });
});

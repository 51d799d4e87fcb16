import { screen } from '@testing-library/react';
import { selectPendingEmail } from 'shared-api';
import { fakeApi, heldReply, replies } from 'shared-api/testing';
import { renderAuth } from '../../test/renderAuth';

const ok = replies.status;

type User = Awaited<ReturnType<typeof renderAuth>>['user'];

beforeEach(() => localStorage.clear());

describe('ForgotPasswordPage', () => {
  it('validates the email', async () => {
    const api = fakeApi({});
    const { user } = await renderAuth('/auth/forgot-password');
    await user.click(screen.getByRole('button', { name: 'Send reset code' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'ada');
    await user.click(screen.getByRole('button', { name: 'Send reset code' }));
    expect(await screen.findByText('Invalid email format')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('sends the code, holds the email and moves on to the reset form with it filled in', async () => {
    const held = heldReply(ok('Password reset code sent to the email'));
    const api = fakeApi({ 'POST auth/forgot-password': held.route });
    const { user, store } = await renderAuth('/auth/forgot-password');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset code' }));
    expect(await screen.findByRole('button', { name: 'Sending code...' })).toBeDisabled();

    held.release();
    expect(await screen.findByText('Password reset code sent to the email')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(selectPendingEmail(store.getState())).toBe('ada@example.com');
    expect(api.callsTo('POST auth/forgot-password')[0].body).toEqual({ email: 'ada@example.com' });
  });

  it("falls back to 'Failed to send reset code' and stays", async () => {
    fakeApi({ 'POST auth/forgot-password': replies.bodiless(500) });
    const { user } = await renderAuth('/auth/forgot-password');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset code' }));
    expect(await screen.findByText('Failed to send reset code')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Forgot your password?' })).toBeInTheDocument();
  });
});

describe('ResetPasswordPage', () => {
  async function fillReset(user: User, password: string, confirm: string) {
    await user.type(screen.getByLabelText('Verification code'), '654321');
    await user.type(screen.getByLabelText('New password'), password);
    await user.type(screen.getByLabelText('Confirm password'), confirm);
  }
  const submit = (user: User) => user.click(screen.getByRole('button', { name: 'Reset password' }));

  it('shows the messages for an empty form and for mismatched passwords', async () => {
    const api = fakeApi({});
    const { user } = await renderAuth('/auth/reset-password');
    await submit(user);
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Enter the 6-digit code')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('Confirm Password is required')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await fillReset(user, 'NewSecret1!', 'NewSecret2!');
    await submit(user);
    expect(await screen.findByText('Passwords must match')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('has the live password checklist', async () => {
    fakeApi({});
    const { user } = await renderAuth('/auth/reset-password');
    const list = screen.getByRole('list', { name: 'Password requirements' });
    expect(list.querySelectorAll('[data-met="true"]')).toHaveLength(0);
    await user.type(screen.getByLabelText('New password'), 'NewSecret1!');
    expect(list.querySelectorAll('[data-met="true"]')).toHaveLength(5);
  });

  it('resets the password with the held email, toasts and goes to login', async () => {
    const api = fakeApi({ 'POST auth/reset-password': ok('Password has been reset successfully') });
    const { user, store } = await renderAuth('/auth/reset-password', {
      pendingEmail: 'ada@example.com',
    });
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    await fillReset(user, 'NewSecret1!', 'NewSecret1!');
    await submit(user);

    expect(
      await screen.findByText(
        'Password has been reset successfully! Please log in with your new password.',
      ),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Sign in to your account' }),
    ).toBeInTheDocument();
    expect(api.callsTo('POST auth/reset-password')[0].body).toEqual({
      email: 'ada@example.com',
      otp: '654321',
      password: 'NewSecret1!',
    });
    expect(selectPendingEmail(store.getState())).toBeNull();
  });

  it("shows the server's field messages where they belong", async () => {
    fakeApi({
      'POST auth/reset-password': replies.failure(
        400,
        'This code has expired. Request a new one.',
        {
          otp: ['This code has expired. Request a new one.'],
        },
      ),
    });
    const { user } = await renderAuth('/auth/reset-password', { pendingEmail: 'ada@example.com' });
    await fillReset(user, 'NewSecret1!', 'NewSecret1!');
    await submit(user);
    expect(await screen.findAllByText('This code has expired. Request a new one.')).toHaveLength(2);
    expect(screen.getByLabelText('Verification code')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
  });

  it("falls back to 'Password reset failed'", async () => {
    fakeApi({ 'POST auth/reset-password': replies.bodiless(500) });
    const { user } = await renderAuth('/auth/reset-password', { pendingEmail: 'ada@example.com' });
    await fillReset(user, 'NewSecret1!', 'NewSecret1!');
    await submit(user);
    expect(await screen.findByText('Password reset failed')).toBeInTheDocument();
  });
});

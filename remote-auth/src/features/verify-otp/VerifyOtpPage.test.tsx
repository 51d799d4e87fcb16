import { screen, waitFor } from '@testing-library/react';
import { selectPendingEmail } from 'shared-api';
import { aUser, fakeApi, heldReply, replies } from 'shared-api/testing';
import { landedOn, renderAuth } from '../../test/renderAuth';

const ok = replies.status;
const badCode = replies.failure(400, 'Invalid or expired code', {
  otp: ['Invalid or expired code'],
});

/** Renders verify-otp with `email` held from the previous step, or none. */
function renderVerify(email: string | null) {
  return renderAuth('/auth/verify-otp', { pendingEmail: email });
}

beforeEach(() => localStorage.clear());

describe('VerifyOtpPage', () => {
  it('uses the held email and asks only for the code', async () => {
    const api = fakeApi({});
    const { user } = await renderVerify('ada@example.com');
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();

    const code = screen.getByLabelText('Verification code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('pattern', '[0-9]{6}');

    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6-digit code')).toBeInTheDocument();
    await user.type(code, '12a45');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6-digit code')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('verifies, toasts, releases the held email and goes to login', async () => {
    const held = heldReply(ok('Account verified successfully'));
    const api = fakeApi({ 'POST auth/verify-otp': held.route });
    const { user, store } = await renderVerify('ada@example.com');
    await user.type(screen.getByLabelText('Verification code'), '012345');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('button', { name: 'Verifying...' })).toBeDisabled();

    held.release();
    expect(
      await screen.findByText('Account verified successfully! You can now log in.'),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Sign in to your account' }),
    ).toBeInTheDocument();
    expect(api.callsTo('POST auth/verify-otp')[0].body).toEqual({
      email: 'ada@example.com',
      otp: '012345',
    });
    expect(selectPendingEmail(store.getState())).toBeNull();
  });

  it('signed in (just registered), verifying continues to get-started and refreshes the user', async () => {
    const api = fakeApi({
      'POST auth/verify-otp': ok('Account verified successfully'),
      'GET user/me/': replies.me(
        aUser({ email: 'ada@example.com', verified_at: '2026-11-26T12:00:00.000Z' }),
      ),
    });
    const { user } = await renderAuth('/auth/verify-otp', {
      pendingEmail: 'ada@example.com',
      user: aUser({ email: 'ada@example.com', verified_at: null }),
    });
    await user.type(screen.getByLabelText('Verification code'), '012345');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await landedOn()).toBe('/user/get-started');
    expect(await screen.findByText('Email verified')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET user/me/')).toHaveLength(1));
  });

  it('signed in, Verify later is a full-width secondary button on to get-started', async () => {
    fakeApi({});
    const { user } = await renderAuth('/auth/verify-otp', {
      pendingEmail: 'ada@example.com',
      user: aUser({ email: 'ada@example.com', verified_at: null }),
    });
    const later = screen.getByRole('link', { name: 'Verify later' });
    // Drawn by the product's Button (as a link), like the other actions of the form.
    // Drawn by the product's Button (its styled component's class), not as a bare blue link.
    const verify = screen.getByRole('button', { name: 'Verify' });
    expect(later.classList[0]).toBe(verify.classList[0]);
    await user.click(later);
    expect(await landedOn()).toBe('/user/get-started');
  });

  it("shows the server's message on the code and stays", async () => {
    fakeApi({ 'POST auth/verify-otp': badCode });
    const { user } = await renderVerify('ada@example.com');
    await user.type(screen.getByLabelText('Verification code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    // Once as a toast, once under the field.
    expect(await screen.findAllByText('Invalid or expired code')).toHaveLength(2);
    expect(screen.getByLabelText('Verification code')).toHaveAttribute('aria-invalid', 'true');
  });

  it("falls back to 'OTP verification failed'", async () => {
    fakeApi({ 'POST auth/verify-otp': replies.bodiless(502) });
    const { user } = await renderVerify('ada@example.com');
    await user.type(screen.getByLabelText('Verification code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('OTP verification failed')).toBeInTheDocument();
  });

  it('asks for the email when none is held, and sends a code to it', async () => {
    const api = fakeApi({ 'POST auth/send-otp': ok('Verification code sent to the email') });
    const { user, store } = await renderVerify(null);

    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    // Only the email was checked: the code field has not been complained about.
    expect(screen.queryByText('Enter the 6-digit code')).not.toBeInTheDocument();
    expect(api.calls).toHaveLength(0);

    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Verification code sent to the email')).toBeInTheDocument();
    expect(api.callsTo('POST auth/send-otp')[0].body).toEqual({ email: 'ada@example.com' });
    expect(selectPendingEmail(store.getState())).toBe('ada@example.com');
    // The field stays where the user typed it.
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
  });

  it("falls back to 'Failed to send verification code'", async () => {
    fakeApi({ 'POST auth/send-otp': replies.bodiless(500) });
    const { user, store } = await renderVerify('ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Failed to send verification code')).toBeInTheDocument();
    expect(selectPendingEmail(store.getState())).toBe('ada@example.com');
  });
});

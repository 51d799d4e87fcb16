import { screen } from '@testing-library/react';
import { fakeApi } from 'shared-api/testing';
import { renderAuth } from './test/renderAuth';

beforeEach(() => fakeApi({}));

describe('the /auth route tree', () => {
  it('sends /auth itself to the login screen', async () => {
    await renderAuth('/auth');
    expect(
      await screen.findByRole('heading', { name: 'Sign in to your account' }),
    ).toBeInTheDocument();
  });

  it('shows not-found with a Home link for any other path', async () => {
    await renderAuth('/auth/nope/deeper');
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  });

  it.each([
    ['/auth/signup', 'Sign up to join the product'],
    ['/auth/verify-otp', 'Verify your email'],
    ['/auth/forgot-password', 'Forgot your password?'],
    ['/auth/reset-password', 'Reset your password'],
  ])('renders %s', async (path, heading) => {
    await renderAuth(path);
    expect(screen.getByRole('heading', { name: heading })).toBeInTheDocument();
  });
});

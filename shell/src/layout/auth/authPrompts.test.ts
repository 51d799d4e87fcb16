import { promptFor } from './authPrompts';

describe('auth top-bar prompts', () => {
  it.each([
    ['/auth/signup', 'Already have an account?', 'Log In', '/auth/login'],
    ['/auth/login', "Don't have an account?", 'Sign Up', '/auth/signup'],
    ['/auth/verify-otp', "Didn't get any code?", 'Resend Code', '/auth/signup'],
  ])('%s says "%s" with %s', (path, text, linkLabel, to) => {
    expect(promptFor(path)).toEqual({ text, linkLabel, to });
  });

  it('ignores a trailing slash and has none for unknown paths', () => {
    expect(promptFor('/auth/login/')?.linkLabel).toBe('Sign Up');
    expect(promptFor('/auth/nowhere')).toBeUndefined();
  });
});

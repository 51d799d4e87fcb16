/** The top-bar prompt of each auth screen; screens without one show only the toggle. */
export type AuthPrompt = { text: string; linkLabel: string; to: string };

export const AUTH_PROMPTS: Record<string, AuthPrompt> = {
  '/auth/signup': { text: 'Already have an account?', linkLabel: 'Log In', to: '/auth/login' },
  '/auth/login': { text: "Don't have an account?", linkLabel: 'Sign Up', to: '/auth/signup' },
  '/auth/verify-otp': {
    text: "Didn't get any code?",
    linkLabel: 'Resend Code',
    to: '/auth/signup',
  },
  '/auth/forgot-password': { text: 'Remembered it?', linkLabel: 'Log In', to: '/auth/login' },
  '/auth/reset-password': { text: 'Remembered it?', linkLabel: 'Log In', to: '/auth/login' },
};

export function promptFor(pathname: string): AuthPrompt | undefined {
  return AUTH_PROMPTS[pathname.replace(/\/+$/, '')];
}

/**
 * The password rules of sign-up. They drive a live checklist only: submitting is not
 * blocked by them, because the server is the one that enforces its own password policy.
 */

/** Password minimum length. */
export const PASSWORD_MIN_LENGTH = 8;

/** The special characters that satisfy the "special character" rule, shown to the user as-is. */
export const SPECIAL_CHARACTERS = '!@#$%^&*()-_=+[]{};:,.?/';

export interface PasswordRule {
  id: 'length' | 'digit' | 'lowercase' | 'uppercase' | 'special';
  label: string;
  test: (password: string) => boolean;
}

export const PASSWORD_RULES: readonly PasswordRule[] = [
  {
    id: 'length',
    label: `At least ${PASSWORD_MIN_LENGTH} characters`,
    test: (password) => password.length >= PASSWORD_MIN_LENGTH,
  },
  { id: 'digit', label: 'A number (0-9)', test: (password) => /\d/.test(password) },
  { id: 'lowercase', label: 'A lowercase letter', test: (password) => /[a-z]/.test(password) },
  { id: 'uppercase', label: 'An uppercase letter', test: (password) => /[A-Z]/.test(password) },
  {
    id: 'special',
    label: `A special character (${SPECIAL_CHARACTERS.split('').join(' ')})`,
    test: (password) => [...password].some((char) => SPECIAL_CHARACTERS.includes(char)),
  },
];

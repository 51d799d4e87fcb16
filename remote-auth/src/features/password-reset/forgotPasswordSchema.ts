import { object, type InferType } from 'yup';
import { emailRule } from '../../validation/rules';

/** Step one of a password reset: the account's email. */
export const forgotPasswordSchema = object({
  email: emailRule(),
});

export type ForgotPasswordValues = InferType<typeof forgotPasswordSchema>;

import { object, type InferType } from 'yup';
import { confirmationRule, emailRule, otpRule, passwordRule } from '../../validation/rules';

/** Step two of a password reset: email, mailed code and the new password twice. */
export const resetPasswordSchema = object({
  email: emailRule(),
  otp: otpRule(),
  password: passwordRule(),
  password_confirmation: confirmationRule(),
});

export type ResetPasswordValues = InferType<typeof resetPasswordSchema>;

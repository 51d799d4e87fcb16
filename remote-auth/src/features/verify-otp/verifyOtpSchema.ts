import { object, type InferType } from 'yup';
import { emailRule, otpRule } from '../../validation/rules';

/** The verify-otp form: the account's email (held from the previous step when known) and the code. */
export const verifyOtpSchema = object({
  email: emailRule(),
  otp: otpRule(),
});

export type VerifyOtpValues = InferType<typeof verifyOtpSchema>;

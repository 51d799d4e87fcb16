import { object, type InferType } from 'yup';
import { emailRule, passwordRule } from '../../validation/rules';

/** The login rules. */
export const loginSchema = object({
  email: emailRule(),
  password: passwordRule(),
});

export type LoginValues = InferType<typeof loginSchema>;

export const LOGIN_INITIAL_VALUES: LoginValues = { email: '', password: '' };

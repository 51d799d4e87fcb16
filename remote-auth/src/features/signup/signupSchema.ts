import { object, string, type InferType } from 'yup';
import { confirmationRule, emailRule, MESSAGES, passwordRule } from '../../validation/rules';

/**
 * The sign-up rules. The password checklist is deliberately not part of it: it guides, the server
 * decides. Field names are the register payload's, so values go to the server as they are.
 */
export const signupSchema = object({
  username: string().trim().required(MESSAGES.usernameRequired),
  email: emailRule(),
  password: passwordRule(),
  password_confirmation: confirmationRule(),
});

export type SignupValues = InferType<typeof signupSchema>;

export const SIGNUP_INITIAL_VALUES: SignupValues = {
  username: '',
  email: '',
  password: '',
  password_confirmation: '',
};

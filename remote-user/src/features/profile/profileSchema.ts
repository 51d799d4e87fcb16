import { LIMITS, MESSAGES } from 'contract/rules';
import * as yup from 'yup';
import type { User } from 'shared-api';
import type { UpdateUserInput } from './userApi';

/** Mirrors the server's limits so most mistakes are caught before a round trip. */
const NAME_MAX = LIMITS.usernameMax;

/** The one schema of the profile form (username required, email valid). */
export const profileSchema = yup.object({
  username: yup.string().trim().required(MESSAGES.usernameRequired).max(NAME_MAX),
  email: yup.string().trim().required(MESSAGES.emailRequired).email(MESSAGES.emailInvalid),
  first_name: yup.string().trim().max(NAME_MAX).default(''),
  last_name: yup.string().trim().max(NAME_MAX).default(''),
  is_active: yup.boolean().required(),
});

export type ProfileValues = yup.InferType<typeof profileSchema>;

export function profileValuesOf(user: User): ProfileValues {
  return {
    username: user.username,
    email: user.email,
    first_name: user.first_name ?? '',
    last_name: user.last_name ?? '',
    is_active: user.is_active,
  };
}

/** The update payload: trimmed values; is_active only from an admin (the server refuses it otherwise). */
export function toUpdateInput(values: ProfileValues, isAdmin: boolean): UpdateUserInput {
  const clean = profileSchema.cast(values);
  return {
    username: clean.username,
    email: clean.email,
    first_name: clean.first_name,
    last_name: clean.last_name,
    ...(isAdmin ? { is_active: clean.is_active } : {}),
  };
}

import { MESSAGES, PATTERNS } from 'contract/rules';
import { ref, string } from 'yup';

/**
 * Field rules shared by several forms, with the messages the server uses too. Each form still has its own
 * schema in its feature folder; these are only the building blocks.
 */

export { MESSAGES };

/** Leading and trailing spaces are a typing slip, not part of an address. */
export const emailRule = () =>
  string().trim().required(MESSAGES.emailRequired).email(MESSAGES.emailInvalid);

/** A password is taken exactly as typed: spaces may be part of it. */
export const passwordRule = () => string().required(MESSAGES.passwordRequired);

/** Must equal the sibling `password` field. */
export const confirmationRule = () =>
  string()
    .required(MESSAGES.confirmRequired)
    .oneOf([ref<string>('password')], MESSAGES.passwordsMustMatch);

export const otpRule = () =>
  string()
    .trim()
    .required(MESSAGES.otpInvalid)
    .matches(new RegExp(PATTERNS.sixDigits), MESSAGES.otpInvalid);

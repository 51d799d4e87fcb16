// Reusable TypeBox pieces for request schemas (replies.ts has the reply pieces). Limits here are the API contract and
// also keep hostile input cheap (no megabyte "passwords" fed to scrypt).
import { Type, type TSchema } from 'typebox';
import { hasPublicHost, isMoneyAmount, LIMITS, PATTERN_MESSAGES, PATTERNS } from './rules.js';

export const Email = Type.String({
  format: 'email',
  maxLength: LIMITS.emailMax,
  description: 'Email address (case-insensitive)',
});
export const LoginPassword = Type.String({ minLength: 1, maxLength: LIMITS.passwordMax });
export const NewPassword = Type.String({
  minLength: LIMITS.passwordMin,
  maxLength: LIMITS.passwordMax,
  description: `At least ${LIMITS.passwordMin} characters`,
});
export const Username = Type.String({ minLength: 1, maxLength: LIMITS.usernameMax });
export const PersonName = Type.String({ maxLength: LIMITS.personNameMax });
export const OtpCode = Type.String({
  pattern: PATTERNS.sixDigits,
  description: '6-digit code from the email',
});

/** Free text that must contain something besides whitespace. */
export const NonBlankString = (maxLength: number) =>
  Type.String({ minLength: 1, maxLength, pattern: PATTERNS.notBlank });
export const PhoneNumber = Type.String({
  maxLength: LIMITS.phoneMax,
  pattern: PATTERNS.phone,
  description: "e.g. '+234 801 234 5678'",
});
/**
 * The pattern, then the host as a browser parses it (hasPublicHost: other IPv4 notations of a
 * private address, such as 0x7f.1, are refused like 127.0.0.1).
 */
export const HttpUrl = Type.Refine(
  Type.String({
    maxLength: LIMITS.urlMax,
    pattern: PATTERNS.httpUrl,
    description: 'http:// or https:// URL on a public host',
  }),
  hasPublicHost,
  () => PATTERN_MESSAGES.httpUrl,
);

/** True when `value` is a whole number of thousandths within numeric(15,3) (rules' isMoneyAmount). */
export const hasCents = isMoneyAmount;

/**
 * An amount of money: at most 3 decimals (its currency's own minor unit is checked where the
 * currency is known), below numeric(15,3)'s limit. Checked before any
 * arithmetic or storage: 5e-324 or 1e-320 is not "0 with three decimals" but a refused value.
 */
export const Money = (options: {
  exclusiveMinimum?: number;
  minimum?: number;
  description?: string;
}) =>
  Type.Refine(
    Type.Number({ maximum: LIMITS.moneyMax, ...options }),
    isMoneyAmount,
    () => 'must have at most 3 decimals',
  );

/** A database row id: a positive int4. */
export const RowId = Type.Integer({ minimum: 1, maximum: LIMITS.idMax });

/** A database id in a path (`/brand/{id}/`): converted from the path string, int4-sized. */
export const IdParams = Type.Object({ id: RowId });

/** A brand's id in a path (`/brand/{brandId}/…`). */
export const BrandIdParams = Type.Object({ brandId: RowId });

/** A row id sent in a body (user_id, brand_id): a JSON number, or a numeric string from a form. */
export const IdInput = Type.Union([RowId, Type.String({ pattern: PATTERNS.numericId })]);
export const UserIdInput = IdInput;

/** `Type.Union([schema, Type.Null()])`: a field that may be null (or cleared with null). */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** A calendar day, YYYY-MM-DD. */
export const Day = (description: string) =>
  Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', description });

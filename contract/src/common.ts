// Reusable TypeBox pieces for request schemas (replies.ts has the reply pieces). Limits here are the API contract and
// also keep hostile input cheap (no megabyte "passwords" fed to scrypt).
import { Type, type TSchema } from 'typebox';
import { LIMITS, PATTERNS } from './rules.js';

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
export const HttpUrl = Type.String({
  maxLength: LIMITS.urlMax,
  pattern: PATTERNS.httpUrl,
  description: 'http:// or https:// URL',
});

/** True when `value` has at most two decimals (cents), tolerating binary floating point noise. */
export const hasCents = (value: number): boolean =>
  Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

/** An amount of money: at most 2 decimals, below numeric(12,2)'s limit. */
export const Money = (options: {
  exclusiveMinimum?: number;
  minimum?: number;
  description?: string;
}) =>
  Type.Refine(
    Type.Number({ maximum: LIMITS.moneyMax, ...options }),
    hasCents,
    () => 'must have at most 2 decimals',
  );

/** A database row id: a positive int4. */
export const RowId = Type.Integer({ minimum: 1, maximum: LIMITS.idMax });

/** A database id in a path (`/brand/{id}/`): converted from the path string, int4-sized. */
export const IdParams = Type.Object({ id: RowId });

/** A row id sent in a body (user_id, brand_id): a JSON number, or a numeric string from a form. */
export const IdInput = Type.Union([RowId, Type.String({ pattern: PATTERNS.numericId })]);
export const UserIdInput = IdInput;

/** `Type.Union([schema, Type.Null()])`: a field that may be null (or cleared with null). */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** A calendar day, YYYY-MM-DD. */
export const Day = (description: string) =>
  Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', description });

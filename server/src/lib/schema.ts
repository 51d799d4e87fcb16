// Reusable TypeBox pieces for request/response schemas. Limits here are the API contract and
// also keep hostile input cheap (no megabyte "passwords" fed to scrypt).
import { Type, type TSchema } from 'typebox';

const PATTERNS = {
  sixDigits: { pattern: '^[0-9]{6}$', message: 'must be a 6-digit code' },
  numericId: { pattern: '^[1-9][0-9]{0,9}$', message: 'must be a positive integer id' },
  notBlank: { pattern: '\\S', message: 'must not be blank' },
  // SPEC 5 (brand create): a plus or a digit, then at least 6 digits, spaces, parentheses or hyphens.
  phone: { pattern: '^[+0-9][0-9\\s()-]{6,}$', message: 'Enter a valid phone number' },
  // SPEC 5: http(s), then a host containing a dot. Also the only URLs accepted as redirect
  // targets and image sources, so javascript:, data: and friends never get stored.
  httpUrl: {
    pattern: '^https?://[^\\s/?#.]+(\\.[^\\s/?#.]+)+([/?#]\\S*)?$',
    message: 'Enter a valid URL starting with http:// or https://',
  },
} as const;

/** Human message for a failed `pattern` (the validator only reports the pattern itself). */
export function patternMessage(pattern: string): string {
  return (
    Object.values(PATTERNS).find((p) => p.pattern === pattern)?.message ?? 'has an invalid format'
  );
}

export const Email = Type.String({
  format: 'email',
  maxLength: 254,
  description: 'Email address (case-insensitive)',
});
export const LoginPassword = Type.String({ minLength: 1, maxLength: 1024 });
export const NewPassword = Type.String({
  minLength: 8,
  maxLength: 1024,
  description: 'At least 8 characters',
});
export const Username = Type.String({ minLength: 1, maxLength: 150 });
export const PersonName = Type.String({ maxLength: 150 });
export const OtpCode = Type.String({
  pattern: PATTERNS.sixDigits.pattern,
  description: '6-digit code from the email',
});

/** Free text that must contain something besides whitespace. */
export const NonBlankString = (maxLength: number) =>
  Type.String({ minLength: 1, maxLength, pattern: PATTERNS.notBlank.pattern });
export const PhoneNumber = Type.String({
  maxLength: 32,
  pattern: PATTERNS.phone.pattern,
  description: "e.g. '+234 801 234 5678'",
});
export const HttpUrl = Type.String({
  maxLength: 2048,
  pattern: PATTERNS.httpUrl.pattern,
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
    Type.Number({ maximum: 9_999_999_999.99, ...options }),
    hasCents,
    () => 'must have at most 2 decimals',
  );

/** A database id in a path (`/brand/{id}/`): converted from the path string, int4-sized. */
export const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });

/** A user id as a JSON number or a numeric string (form inputs often send strings). */
export const UserIdInput = Type.Union([
  Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
  Type.String({ pattern: PATTERNS.numericId.pattern }),
]);
export const toUserId = (value: number | string): number => Number(value);

/** Any row id sent in a body (brand_id, brand): a number, or a numeric string from a form. */
export const IdInput = UserIdInput;
export const toId = toUserId;

/** `Type.Union([schema, Type.Null()])`: an optional field the client may clear with null. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** `{ detail, errors? }`: every error reply. */
export const ErrorReply = Type.Object(
  {
    detail: Type.String(),
    errors: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
  },
  {
    description: 'Error: a human sentence in detail; field → messages in errors (validation only)',
  },
);

/** `{ status: 'success', message }`. */
export const StatusReply = Type.Object({ status: Type.Literal('success'), message: Type.String() });

/** Adds the error replies a route can produce to its response map, for OpenAPI and serialization. */
export function withErrors<R extends Record<number, TSchema>>(responses: R, ...codes: number[]) {
  const errors: Record<number, TSchema> = {};
  for (const code of [400, ...codes]) errors[code] = ErrorReply;
  return { ...errors, ...responses };
}

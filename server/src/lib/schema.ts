// Reusable TypeBox pieces for request/response schemas. Limits here are the API contract and
// also keep hostile input cheap (no megabyte "passwords" fed to scrypt).
import { Type, type TSchema } from 'typebox';

const PATTERNS = {
  sixDigits: { pattern: '^[0-9]{6}$', message: 'must be a 6-digit code' },
  numericId: { pattern: '^[1-9][0-9]{0,9}$', message: 'must be a positive integer id' },
} as const;

/** Human message for a failed `pattern` (the validator only reports the pattern itself). */
export function patternMessage(pattern: string): string {
  return Object.values(PATTERNS).find((p) => p.pattern === pattern)?.message ?? 'has an invalid format';
}

export const Email = Type.String({ format: 'email', maxLength: 254, description: 'Email address (case-insensitive)' });
export const LoginPassword = Type.String({ minLength: 1, maxLength: 1024 });
export const NewPassword = Type.String({ minLength: 8, maxLength: 1024, description: 'At least 8 characters' });
export const Username = Type.String({ minLength: 1, maxLength: 150 });
export const PersonName = Type.String({ maxLength: 150 });
export const OtpCode = Type.String({ pattern: PATTERNS.sixDigits.pattern, description: '6-digit code from the email' });

/** A user id as a JSON number or a numeric string (form inputs often send strings). */
export const UserIdInput = Type.Union([
  Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
  Type.String({ pattern: PATTERNS.numericId.pattern }),
]);
export const toUserId = (value: number | string): number => Number(value);

/** `{ detail, errors? }`: every error reply. */
export const ErrorReply = Type.Object(
  {
    detail: Type.String(),
    errors: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
  },
  { description: 'Error: a human sentence in detail; field → messages in errors (validation only)' },
);

/** `{ status: 'success', message }`. */
export const StatusReply = Type.Object({ status: Type.Literal('success'), message: Type.String() });

/** Adds the error replies a route can produce to its response map, for OpenAPI and serialization. */
export function withErrors<R extends Record<number, TSchema>>(responses: R, ...codes: number[]) {
  const errors: Record<number, TSchema> = {};
  for (const code of [400, ...codes]) errors[code] = ErrorReply;
  return { ...errors, ...responses };
}

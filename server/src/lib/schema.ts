// The request and reply building blocks live in the contract package; the server adds only what
// concerns its own validator and OpenAPI document.
import { Type, type TSchema } from 'typebox';
import { ErrorReply, PATTERN_MESSAGES, PATTERNS } from 'contract';

export {
  Email,
  ErrorReply,
  HttpUrl,
  IdInput,
  IdParams,
  LoginPassword,
  Money,
  NewPassword,
  NonBlankString,
  Nullable,
  OtpCode,
  PersonName,
  PhoneNumber,
  StatusReply,
  UserIdInput,
  Username,
  hasCents,
} from 'contract';

/** Human message for a failed `pattern` (the validator only reports the pattern itself). */
export function patternMessage(pattern: string): string {
  const name = (Object.keys(PATTERNS) as (keyof typeof PATTERNS)[]).find(
    (key) => PATTERNS[key] === pattern,
  );
  return name ? PATTERN_MESSAGES[name] : 'has an invalid format';
}

export const toUserId = (value: number | string): number => Number(value);
export const toId = toUserId;

/**
 * A reply that is not JSON (a CSV, a script, a file), documented under the media types it is sent
 * with: `produces` would list every reply of the route, its JSON errors too, under those types.
 * Fastify and @fastify/swagger both read a response's `content` map.
 */
export const NonJsonReply = <T = string>(
  description: string,
  mediaTypes: readonly string[],
  schema: Record<string, unknown> = { type: 'string' },
) =>
  Type.Unsafe<T>({
    description,
    content: Object.fromEntries(mediaTypes.map((type) => [type, { schema }])),
  });

/** Adds the error replies a route can produce to its response map, for OpenAPI and serialization. */
export function withErrors<R extends Record<number, TSchema>>(responses: R, ...codes: number[]) {
  const errors: Record<number, TSchema> = {};
  for (const code of [400, ...codes]) errors[code] = ErrorReply;
  return { ...errors, ...responses };
}

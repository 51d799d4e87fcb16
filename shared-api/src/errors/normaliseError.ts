import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

/** A failed call as the UI consumes it: a message fit for a toast and an HTTP-like status. */
export interface ApiError {
  message: string;
  status: number;
  /** The server's per-field messages of a 400 (`{ detail, errors: { field: [messages] } }`). */
  errors?: Record<string, string[]>;
}

export const DEFAULT_ERROR_MESSAGE = 'An unexpected error occurred';
export const DEFAULT_ERROR_STATUS = 500;

// Server payloads are trees of plain JSON; a bound keeps a hostile or cyclic value harmless.
const MAX_DEPTH = 6;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every non-empty string inside a value, depth first, e.g. {email: ['Taken.']} → ['Taken.']. */
function collectStrings(value: unknown, depth = 0): string[] {
  if (depth > MAX_DEPTH) return [];
  if (typeof value === 'string') return value.trim() ? [value.trim()] : [];
  if (Array.isArray(value)) return value.flatMap((item) => collectStrings(item, depth + 1));
  if (isRecord(value))
    return Object.values(value).flatMap((item) => collectStrings(item, depth + 1));
  return [];
}

const joined = (value: unknown): string | null => collectStrings(value).join(' ') || null;

/**
 * The message of a reply body, in this order: detail, message, errors/error (nested
 * values joined with spaces), then the body itself when it is a string.
 */
function messageOfBody(body: unknown): string | null {
  if (typeof body === 'string') {
    const text = body.trim();
    // A proxy's HTML error page is a string body too, but no message for a person.
    return text && !text.startsWith('<') ? text : null;
  }
  if (!isRecord(body)) return null;
  return (
    joined(body.detail) ?? joined(body.message) ?? joined(body.errors) ?? joined(body.error) ?? null
  );
}

function isFetchBaseQueryError(error: unknown): error is FetchBaseQueryError {
  return isRecord(error) && 'status' in error && ('data' in error || 'error' in error);
}

function isSerializedError(error: unknown): error is SerializedError {
  return isRecord(error) && typeof error.message === 'string';
}

/**
 * One message for any failure: an RTK Query error, a SerializedError from a thunk, an Error,
 * an ApiError or anything else thrown. Transport failures (network, timeout) carry only a
 * technical text, so they get the caller's fallback, which names what the user was doing.
 */
export function normaliseError(error: unknown, fallback: string): string {
  if (isFetchBaseQueryError(error)) {
    return 'data' in error ? (messageOfBody(error.data) ?? fallback) : fallback;
  }
  if (error instanceof Error || isSerializedError(error)) {
    return error.message?.trim() || fallback;
  }
  return messageOfBody(error) ?? fallback;
}

/** The HTTP status of a failure, else 500 (network errors, thrown exceptions). */
export function errorStatus(error: unknown): number {
  if (!isRecord(error)) return DEFAULT_ERROR_STATUS;
  if (typeof error.status === 'number') return error.status;
  if (error.status === 'PARSING_ERROR' && typeof error.originalStatus === 'number') {
    return error.originalStatus;
  }
  return DEFAULT_ERROR_STATUS;
}

export function toApiError(error: unknown, fallback: string): ApiError {
  const errors = fieldErrorMap(error);
  return {
    message: normaliseError(error, fallback),
    status: errorStatus(error),
    ...(errors && { errors }),
  };
}

/** The `errors` map of a failure: from an RTK Query error's body, or an ApiError that kept it. */
function fieldErrorMap(error: unknown): Record<string, string[]> | null {
  if (!isRecord(error)) return null;
  const body = isRecord(error.data) ? error.data : error;
  if (!isRecord(body.errors)) return null;
  const map: Record<string, string[]> = {};
  for (const [field, value] of Object.entries(body.errors)) {
    const messages = collectStrings(value);
    if (messages.length > 0) map[field] = messages;
  }
  return map;
}

/**
 * The server's messages for the fields a form has, joined per field, e.g.
 * `{ email: 'A user with this email already exists' }`, for formik's setErrors. Messages about
 * fields the form does not have are left to the toast.
 */
export function fieldErrors<Field extends string>(
  error: unknown,
  fields: readonly Field[],
): Partial<Record<Field, string>> {
  const map = fieldErrorMap(error) ?? {};
  const found: Partial<Record<Field, string>> = {};
  for (const field of fields) if (map[field]) found[field] = map[field].join(' ');
  return found;
}

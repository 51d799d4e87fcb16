// The one error type handlers throw for expected failures. The error plugin renders it as
// `{ detail, errors? }`, the shape the client's error normaliser reads.

/** Field name → human-readable messages, e.g. `{ email: ['must be a valid email'] }`. */
export type FieldErrors = Record<string, string[]>;

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly errors?: FieldErrors,
  ) {
    super(detail);
    this.name = 'HttpError';
  }
}

/** 400 about one field: detail reads "field: message", errors carries the same message. */
export function fieldError(
  field: string,
  message: string,
  detail = `${field}: ${message}`,
): HttpError {
  return new HttpError(400, detail, { [field]: [message] });
}

export const unauthorized = (detail: string) => new HttpError(401, detail);
export const forbidden = (detail: string) => new HttpError(403, detail);
export const notFound = (detail = 'Not found') => new HttpError(404, detail);

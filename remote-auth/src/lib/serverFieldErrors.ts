/**
 * The server reports invalid input as `{ detail, errors: { field: [messages] } }` (SPEC 8). The
 * toast shows the detail; these helpers also put each message under the input it is about.
 */

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The `errors` map of a failed call, from an RTK Query error (`{status, data}`) or the body. */
function errorsMapOf(error: unknown): Record<string, unknown> | null {
  if (!isRecord(error)) return null;
  const body = isRecord(error.data) ? error.data : error;
  return isRecord(body.errors) ? body.errors : null;
}

/**
 * The server's field messages for the fields a form has, e.g. `{ email: 'A user with this email
 * already exists' }`. Fields the form does not have are left to the toast.
 */
export function serverFieldErrors<Field extends string>(
  error: unknown,
  fields: readonly Field[],
): Partial<Record<Field, string>> {
  const map = errorsMapOf(error);
  const found: Partial<Record<Field, string>> = {};
  if (!map) return found;
  for (const field of fields) {
    const value = map[field];
    const messages = (Array.isArray(value) ? value : [value]).filter(
      (message): message is string => typeof message === 'string' && message.trim() !== '',
    );
    if (messages.length > 0) found[field] = messages.join(' ');
  }
  return found;
}

// Readers for the JSON that billing providers post: each takes an unknown value and answers the
// type it expects or undefined, so an adapter reads a payload defensively (a field missing or of
// another type is "not said", never a crash).
export type Json = Record<string, unknown>;

export const obj = (value: unknown): Json | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Json)
    : undefined;

export const str = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

export const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** An ISO 3166-1 alpha-2 country code ('fr' → 'FR'); undefined for anything else. */
export const country = (value: unknown): string | undefined => {
  const code = str(value);
  return code && /^[A-Za-z]{2}$/.test(code) ? code.toUpperCase() : undefined;
};

/** An id the provider sends as a string or as an integer (Lemon Squeezy, Shopify): as text. */
export const idText = (value: unknown): string | undefined =>
  str(value) ?? (typeof value === 'number' && Number.isInteger(value) ? String(value) : undefined);

/** An integer the provider sends as a number or a string of digits (Paddle's "1000"). */
export function integer(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : undefined;
  if (typeof value === 'string' && /^-?\d{1,15}$/.test(value)) return Number(value);
  return undefined;
}

/** An ISO 8601 time → Date; undefined when it is not one. */
export function time(value: unknown): Date | undefined {
  if (typeof value !== 'string') return undefined;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? undefined : at;
}

/**
 * Parses JSON keeping every integer beyond 2^53 as its digits (a string): Shopify's ids are 64-bit
 * integers in JSON numbers (its documented samples use 18 digits), which JSON.parse would round,
 * so two orders could read as one. Only number tokens outside strings are touched.
 */
export function parseKeepingBigIntegers(text: string): unknown {
  let out = '';
  let from = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') {
      inString = true;
      continue;
    }
    if (c === '-' || (c >= '0' && c <= '9')) {
      let end = i + 1;
      while (end < text.length && /[0-9.eE+-]/.test(text[end] as string)) end++;
      const token = text.slice(i, end);
      if (/^-?\d{16,}$/.test(token) && !Number.isSafeInteger(Number(token))) {
        out += `${text.slice(from, i)}"${token}"`;
        from = end;
      }
      i = end - 1;
    }
  }
  return JSON.parse(out + text.slice(from));
}
